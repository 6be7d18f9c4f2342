import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { itemSizeSchema, sizeCodeSchema } from '../checkout/checkout';
import { FITS, type FitId, SIZE_GUIDE, SIZES } from '../config';
import { findSize, parseWristCm, recommendationText, recommendSize, WRIST_ERRORS } from './size-finder';
import {
  cartLineKey,
  defaultSizeOf,
  nameWithSize,
  offeredSizes,
  parseCartLineKey,
  SIZE_ERROR,
} from './sizes';

function textFor(wrist: string, fit: FitId): string {
  const result = findSize(wrist, fit);
  return result.ok ? recommendationText(result.recommendation) : result.error;
}

describe('parseWristCm', () => {
  it('accepts a point or a comma as the decimal separator', () => {
    expect(parseWristCm('16.5')).toEqual({ ok: true, wristMm: 165 });
    expect(parseWristCm('16,5')).toEqual({ ok: true, wristMm: 165 });
    expect(parseWristCm(' 16 ')).toEqual({ ok: true, wristMm: 160 });
    expect(parseWristCm('16.5 cm')).toEqual({ ok: true, wristMm: 165 });
  });

  it('rounds to the millimetre', () => {
    expect(parseWristCm('16.25')).toEqual({ ok: true, wristMm: 163 });
    expect(parseWristCm('16.04')).toEqual({ ok: true, wristMm: 160 });
  });

  it('accepts 10 to 30 cm, both included', () => {
    expect(parseWristCm('10')).toEqual({ ok: true, wristMm: 100 });
    expect(parseWristCm('30,0')).toEqual({ ok: true, wristMm: 300 });
    for (const out of ['9.9', '30.1', '0', '-16', '100']) {
      expect(parseWristCm(out)).toEqual({ ok: false, error: WRIST_ERRORS.outOfRange });
    }
  });

  it('explains empty and non-numeric input', () => {
    expect(parseWristCm('')).toEqual({ ok: false, error: 'Enter your wrist measurement in cm.' });
    expect(parseWristCm('  cm')).toEqual({ ok: false, error: WRIST_ERRORS.empty });
    for (const bad of ['abc', '16.5.1', '16,5,1', '1e1', '16.', '.5', 'sixteen', '16 5']) {
      expect(parseWristCm(bad)).toEqual({
        ok: false,
        error: 'Enter your wrist measurement as a number of cm, for example 16.5.',
      });
    }
    expect(WRIST_ERRORS.outOfRange).toBe('Enter a wrist measurement between 10 and 30 cm.');
  });
});

describe('the wrist-size finder', () => {
  it('adds the fit allowance and names the size whose range holds the length', () => {
    expect(textFor('15.5', 'standard')).toBe('Your bracelet: 17 cm. We recommend Medium.');
    expect(textFor('14', 'snug')).toBe('Your bracelet: 15 cm. We recommend Small.');
    expect(textFor('14', 'loose')).toBe('Your bracelet: 16 cm. We recommend Small.');
    expect(textFor('16.5', 'standard')).toBe('Your bracelet: 18 cm. We recommend Medium.');
    expect(textFor('18', 'loose')).toBe('Your bracelet: 20 cm. We recommend Large.');
    expect(textFor('16,1', 'standard')).toBe('Your bracelet: 17.6 cm. We recommend Medium.');
  });

  it('takes the larger size between two ranges', () => {
    expect(textFor('15', 'standard')).toBe('Your bracelet: 16.5 cm. We recommend Medium.');
    expect(textFor('14.1', 'loose')).toBe('Your bracelet: 16.1 cm. We recommend Medium.');
    expect(textFor('16.6', 'standard')).toBe('Your bracelet: 18.1 cm. We recommend Large.');
    expect(textFor('17.9', 'snug')).toBe('Your bracelet: 18.9 cm. We recommend Large.');
  });

  it('offers a bespoke order below 15 cm and above 20 cm', () => {
    expect(findSize('13.9', 'snug')).toEqual({
      ok: true,
      recommendation: { kind: 'bespoke', lengthMm: 149, reason: 'too-small' },
    });
    expect(textFor('13.9', 'snug')).toBe(
      'Your bracelet: 14.9 cm. That is shorter than our Small (15–16 cm): we can make yours to measure as a bespoke order.',
    );
    expect(textFor('18.6', 'standard')).toBe(
      'Your bracelet: 20.1 cm. That is longer than our Large (19–20 cm): we can make yours to measure as a bespoke order.',
    );
  });

  it('passes input errors through', () => {
    expect(findSize('', 'standard')).toEqual({ ok: false, error: WRIST_ERRORS.empty });
  });

  it('never recommends a size whose range is below the length, nor skips one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 300 }),
        fc.constantFrom(...FITS.map((f) => f.id)),
        (wristMm, fit) => {
          const r = recommendSize(wristMm, fit);
          const length = r.lengthMm / 10;
          if (r.kind === 'bespoke') {
            expect(length < 15 || length > 20).toBe(true);
            return;
          }
          const index = SIZES.indexOf(r.size);
          expect(length).toBeLessThanOrEqual(r.size.lengthCm[1]);
          const smaller = SIZES[index - 1];
          if (smaller) expect(length).toBeGreaterThan(smaller.lengthCm[1]);
        },
      ),
    );
  });

  it('recommends the same or a larger size for a larger wrist', () => {
    const rank = (wristMm: number, fit: FitId) => {
      const r = recommendSize(wristMm, fit);
      return r.kind === 'size' ? SIZES.indexOf(r.size) : r.reason === 'too-small' ? -1 : SIZES.length;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 299 }),
        fc.constantFrom(...FITS.map((f) => f.id)),
        (wristMm, fit) => {
          expect(rank(wristMm + 1, fit)).toBeGreaterThanOrEqual(rank(wristMm, fit));
        },
      ),
    );
  });
});

describe('size codes', () => {
  it('validates the API size and defaults a missing one to Medium', () => {
    const item = z.strictObject({ id: z.string(), size: itemSizeSchema });
    expect(item.parse({ id: '26' })).toEqual({ id: '26', size: 'M' });
    expect(item.parse({ id: '26', size: 'L' })).toEqual({ id: '26', size: 'L' });
    for (const bad of ['XL', 'm', '', 1, null]) {
      const result = item.safeParse({ id: '26', size: bad });
      expect(result.error?.issues.map((i) => i.message)).toEqual([SIZE_ERROR]);
    }
    expect(sizeCodeSchema.safeParse(undefined).success).toBe(false);
  });

  it('keys cart lines by product and size', () => {
    expect(cartLineKey('26', 'L')).toBe('26:L');
    expect(cartLineKey('26', 'L')).not.toBe(cartLineKey('26', 'M'));
    expect(parseCartLineKey('26:L')).toEqual({ id: '26', size: 'L' });
    for (const bad of ['26', ':L', '26:XL', '26:']) expect(parseCartLineKey(bad)).toBeNull();
  });

  it('names a line with its size', () => {
    expect(nameWithSize('Burgundy Safari', 'L')).toBe('Burgundy Safari (Large)');
  });

  it('keeps the size guide on the one table', () => {
    expect(SIZE_GUIDE.sizes.map((s) => `${s.name} ${s.lengthCm.join('-')} cm`)).toEqual([
      'Small 15-16 cm',
      'Medium 17-18 cm',
      'Large 19-20 cm',
    ]);
    expect(SIZE_GUIDE.fit.map((f) => `${f.name} ${f.addCm} cm`)).toEqual([
      'Snug 1 cm',
      'Standard 1.5 cm',
      'Loose 2 cm',
    ]);
  });
});

describe('sizes a product is offered in', () => {
  it('keeps SIZES order, and offers every size when none is listed', () => {
    expect(offeredSizes({ sizes: ['L', 'S'] }).map((s) => s.code)).toEqual(['S', 'L']);
    expect(offeredSizes({ sizes: [] }).map((s) => s.code)).toEqual(['S', 'M', 'L']);
  });

  it('preselects Medium when offered, otherwise the first offered size', () => {
    expect(defaultSizeOf({ sizes: ['S', 'M', 'L'] })).toBe('M');
    expect(defaultSizeOf({ sizes: ['L', 'S'] })).toBe('S');
    expect(defaultSizeOf({ sizes: ['L'] })).toBe('L');
  });
});
