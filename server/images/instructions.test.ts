import { describe, expect, it } from 'vitest';
import { MAX_EDITS_PER_REQUEST, parseInstruction, REASONS } from './instructions';

type Row = readonly [instruction: string, applied: readonly string[], notApplied?: readonly string[]];

const TABLE: readonly Row[] = [
  ['brighter', ['brighter']],
  ['Make it darker please', ['darker']],
  ['make it brighter and warmer, then crop to square', ['brighter', 'warmer', 'crop to square']],
  ['More contrast, slightly less saturated', ['more contrast', 'slightly less saturated']],
  ['a bit less contrast', ['slightly less contrast']],
  ['much more contrast', ['much more contrast']],
  ['increase brightness by 20%', ['brighter by 20%']],
  ['reduce the saturation', ['less saturated']],
  ['desaturate', ['less saturated']],
  ['make the colours more vivid', ['more saturated']],
  ['more contrast and saturation', ['more contrast', 'more saturated']],
  ['not so bright', ['darker']],
  ['warm it up', ['warmer']],
  ['cool it down', ['cooler']],
  ['Black and white, then crop to square', ['black and white', 'crop to square']],
  ['b&w', ['black and white']],
  ['greyscale', ['black and white']],
  ['grayscale', ['black and white']],
  ['monochrome', ['black and white']],
  ['Sepia and a little blur', ['sepia', 'slight blur']],
  ['blur 4px', ['blur 4px']],
  ['less blur', ['sharpen']],
  ['Cooler, darker and sharpen', ['cooler', 'darker', 'sharpen']],
  ['rotate', ['rotate 90° clockwise']],
  ['rotate left', ['rotate 90° anticlockwise']],
  ['rotate right', ['rotate 90° clockwise']],
  ['rotate 180', ['rotate 180°']],
  ['rotate the image 90 degrees counter-clockwise', ['rotate 90° anticlockwise']],
  ['turn it upside down', ['rotate 180°']],
  ['flip', ['flip horizontally']],
  ['mirror it', ['flip horizontally']],
  ['flip it upside down', ['flip vertically']],
  ['flip vertically', ['flip vertically']],
  ['Rotate left and flip horizontally', ['rotate 90° anticlockwise', 'flip horizontally']],
  ['crop to square', ['crop to square']],
  ['make it square', ['crop to square']],
  ['Crop to 16:9', ['crop to 16:9']],
  ['crop 4x5', ['crop to 4:5']],
  ['portrait crop', ['crop to 4:5']],
  ['invert the colours', ['invert colours']],
  ['turn it warmer', ['warmer']],
  ['Brighter; warmer. Sharper!', ['brighter', 'warmer', 'sharpen']],
  ['remove the background', [], ['remove the background']],
  ['blur the background', [], ['blur the background']],
  ['add a unicorn', [], ['add a unicorn']],
  ['brightness', [], ['brightness']],
  ['rotate 45 degrees', [], ['rotate 45 degrees']],
  ['crop', [], ['crop']],
  ['crop to 10:1', [], ['crop to 10:1']],
  ['brighter and add a rainbow, then sepia', ['brighter', 'sepia'], ['add a rainbow']],
  ['please, thanks', []],
];

describe('parseInstruction', () => {
  const rows = TABLE.map(([instruction, applied, notApplied = []]) => ({ instruction, applied, notApplied }));
  it.each(rows)('$instruction', ({ instruction, applied, notApplied }) => {
    const plan = parseInstruction(instruction);
    expect(plan.edits.map((e) => e.label)).toEqual(applied);
    expect(plan.notApplied.map((n) => n.text)).toEqual(notApplied);
  });

  it('gives reasons a person can act on', () => {
    const reasons = Object.fromEntries(
      parseInstruction('remove the background, rotate 30, crop, contrast, zebra').notApplied.map((n) => [
        n.text,
        n.reason,
      ]),
    );
    expect(reasons).toEqual({
      'remove the background': REASONS.region,
      'rotate 30': REASONS.quarterTurns,
      crop: REASONS.cropShape,
      contrast: REASONS.noDirection,
      zebra: REASONS.unknown,
    });
  });

  it('scales the strength with slightly / much / a percentage', () => {
    const factor = (text: string) => {
      const op = parseInstruction(text).edits[0]?.op;
      return op && 'factor' in op ? op.factor : Number.NaN;
    };
    expect(factor('slightly brighter')).toBeLessThan(factor('brighter'));
    expect(factor('much brighter')).toBeGreaterThan(factor('brighter'));
    expect(factor('30% brighter')).toBeCloseTo(1.3);
    expect(factor('30% darker')).toBeCloseTo(0.7);
    expect(factor('much darker')).toBeGreaterThan(0);
  });

  it(`applies at most ${MAX_EDITS_PER_REQUEST} edits and reports the rest`, () => {
    const plan = parseInstruction(
      Array.from({ length: MAX_EDITS_PER_REQUEST + 3 }, () => 'brighter').join(', '),
    );
    expect(plan.edits).toHaveLength(MAX_EDITS_PER_REQUEST);
    expect(plan.notApplied).toHaveLength(3);
    expect(plan.notApplied[0]?.reason).toBe(REASONS.tooMany);
  });
});
