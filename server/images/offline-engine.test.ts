import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageInputError } from './engine';
import { createOfflineEngine, inspectImage } from './offline-engine';

const W = 40;
const H = 20;

/** Left half one colour, right half another: shows flips and rotations, and gives edges to blur. */
async function twoTone(format: 'png' | 'webp' | 'jpeg' | 'avif' = 'png', alpha = false): Promise<Buffer> {
  const left = { r: 200, g: 60, b: 40, ...(alpha ? { alpha: 0.5 } : {}) };
  const right = { r: 40, g: 90, b: 200, ...(alpha ? { alpha: 0.5 } : {}) };
  const channels = alpha ? 4 : 3;
  const half = await sharp({ create: { width: W / 2, height: H, channels, background: right } })
    .png()
    .toBuffer();
  const img = sharp({ create: { width: W, height: H, channels, background: left } }).composite([
    { input: half, left: W / 2, top: 0 },
  ]);
  if (format === 'png') return img.png().toBuffer();
  if (format === 'webp') return img.webp({ lossless: true }).toBuffer();
  if (format === 'jpeg') return img.jpeg({ quality: 100 }).toBuffer();
  return img.avif({ lossless: true }).toBuffer();
}

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) =>
    Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels));
  return { info, at };
}

const engine = createOfflineEngine();
const edit = async (instruction: string, image?: Buffer) =>
  engine.edit({ image: image ?? (await twoTone()), mime: 'image/png', instruction });

describe('offline engine: pixel changes', () => {
  it('brighter raises and darker lowers every channel', async () => {
    const before = await pixels(await twoTone());
    const brighter = await pixels((await edit('brighter')).image);
    const darker = await pixels((await edit('darker')).image);
    const [r, g, b] = before.at(2, 2);
    const [rb, gb, bb] = brighter.at(2, 2);
    const [rd, gd, bd] = darker.at(2, 2);
    expect(rb).toBeGreaterThan(r as number);
    expect(gb).toBeGreaterThan(g as number);
    expect(bb).toBeGreaterThan(b as number);
    expect(rd).toBeLessThan(r as number);
    expect(gd).toBeLessThan(g as number);
    expect(bd).toBeLessThan(b as number);
  });

  it('more contrast pushes channels away from mid-grey; less contrast pulls them in', async () => {
    const spread = (p: number[]) => Math.max(...p.slice(0, 3)) - Math.min(...p.slice(0, 3));
    const before = spread((await pixels(await twoTone())).at(2, 2));
    expect(spread((await pixels((await edit('more contrast')).image)).at(2, 2))).toBeGreaterThan(before);
    expect(spread((await pixels((await edit('less contrast')).image)).at(2, 2))).toBeLessThan(before);
  });

  it('warmer adds red and removes blue; cooler the reverse', async () => {
    const [r, , b] = (await pixels(await twoTone())).at(30, 10);
    const [rw, , bw] = (await pixels((await edit('warmer')).image)).at(30, 10);
    const [rc, , bc] = (await pixels((await edit('cooler')).image)).at(30, 10);
    expect(rw).toBeGreaterThan(r as number);
    expect(bw).toBeLessThan(b as number);
    expect(rc).toBeLessThan(r as number);
    expect(bc).toBeGreaterThan(b as number);
  });

  it('black and white makes r = g = b; sepia makes r > g > b', async () => {
    const [r, g, b] = (await pixels((await edit('black and white')).image)).at(30, 10);
    expect(r).toBe(g);
    expect(g).toBe(b);
    const [sr, sg, sb] = (await pixels((await edit('sepia')).image)).at(30, 10);
    expect(sr).toBeGreaterThan(sg as number);
    expect(sg).toBeGreaterThan(sb as number);
  });

  it('more saturated widens, less saturated narrows the gap between channels', async () => {
    const gap = (p: number[]) => Math.abs((p[0] as number) - (p[2] as number));
    const before = gap((await pixels(await twoTone())).at(2, 2));
    expect(gap((await pixels((await edit('more saturated')).image)).at(2, 2))).toBeGreaterThan(before);
    expect(gap((await pixels((await edit('less saturated')).image)).at(2, 2))).toBeLessThan(before);
  });

  it('blur softens the edge between the halves; sharpen keeps it', async () => {
    const edgeStep = (p: Awaited<ReturnType<typeof pixels>>) =>
      Math.abs((p.at(W / 2, 10)[0] as number) - (p.at(W / 2 - 1, 10)[0] as number));
    const before = edgeStep(await pixels(await twoTone()));
    expect(edgeStep(await pixels((await edit('blur')).image))).toBeLessThan(before);
    expect(edgeStep(await pixels((await edit('sharpen')).image))).toBeGreaterThanOrEqual(before);
  });

  it('flip swaps the halves; rotate turns the canvas', async () => {
    const flipped = await pixels((await edit('flip horizontally')).image);
    expect(flipped.at(2, 2)[2]).toBeGreaterThan(150); // blue now on the left
    expect(flipped.at(37, 2)[0]).toBeGreaterThan(150); // red now on the right
    const rotated = await pixels((await edit('rotate right')).image);
    expect([rotated.info.width, rotated.info.height]).toEqual([H, W]);
    expect(rotated.at(10, 2)[0]).toBeGreaterThan(150); // the left (red) half is now on top
    const left = await pixels((await edit('rotate left')).image);
    expect(left.at(10, 37)[0]).toBeGreaterThan(150); // and at the bottom when turned the other way
  });

  it('crop to square and to 1:2 produce those shapes', async () => {
    const square = await pixels((await edit('crop to square')).image);
    expect([square.info.width, square.info.height]).toEqual([H, H]);
    const tall = await pixels((await edit('crop to 1:2')).image);
    expect([tall.info.width, tall.info.height]).toEqual([10, 20]);
  });

  it('invert turns each channel c into 255 - c', async () => {
    const [r, g, b] = (await pixels(await twoTone())).at(2, 2);
    expect((await pixels((await edit('invert')).image)).at(2, 2).slice(0, 3)).toEqual([
      255 - (r as number),
      255 - (g as number),
      255 - (b as number),
    ]);
  });

  it('applies combined edits in the order given and reports what it could not apply', async () => {
    const out = await edit('black and white, then warmer, rotate 45 degrees and remove the logo');
    expect(out.applied).toEqual(['black and white', 'warmer']);
    expect(out.notApplied).toEqual([
      'rotate 45 degrees (only quarter turns (90°, 180°, 270°) are supported)',
      'remove the logo (the built-in editor only changes the whole image; editing part of it needs the AI engine)',
    ]);
    // Grey first, then warm: the result has r > b. (Warm first, then grey, would give r = b.)
    const [r, , b] = (await pixels(out.image)).at(2, 2);
    expect(r).toBeGreaterThan(b as number);
  });

  it('keeps transparency and the input format', async () => {
    const out = await edit('brighter', await twoTone('png', true));
    const p = await pixels(out.image);
    expect(p.info.channels).toBe(4);
    expect(p.at(2, 2)[3]).toBe(128);
    for (const format of ['webp', 'jpeg', 'avif'] as const) {
      const res = await engine.edit({
        image: await twoTone(format),
        mime: 'image/png',
        instruction: 'darker',
      });
      expect(res.mime).toBe(`image/${format}`);
      const meta = await sharp(res.image).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
    }
  });

  it('refuses unreadable images and instructions with nothing to apply as input errors', async () => {
    await expect(edit('brighter', Buffer.from('not an image'))).rejects.toBeInstanceOf(ImageInputError);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expect(edit('brighter', gif)).rejects.toBeInstanceOf(ImageInputError);
    await expect(edit('make it pop')).rejects.toMatchObject({
      status: 422,
      notApplied: ['make it pop (not understood)'],
    });
  });

  it('reads the real format and size from the header', async () => {
    expect(await inspectImage(await twoTone('webp'))).toEqual({ mime: 'image/webp', width: W, height: H });
  });
});
