/**
 * The photo pipeline on its worker thread: a phone photo comes out upright, square and without any
 * metadata; what is not a photo, too large, a decompression bomb or truncated is refused with its 4xx.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_KINDS } from '../../domain/media/images';
import { PHOTO_LIMITS, PHOTO_MESSAGES, PhotoRefusal, sniffPhotoType } from '../../domain/media/photo-types';
import {
  BLUE,
  CAMERA_MAKE,
  CAMERA_SERIAL,
  GREY,
  notAnImage,
  phonePhoto,
  pngClaiming,
  RED,
  truncatedJpeg,
} from '../../tests/support/photo-fixtures';
import { PhotoPipeline } from './photo-pipeline';

const pipeline = new PhotoPipeline();
afterAll(() => pipeline.close());

async function refusal(bytes: Uint8Array): Promise<PhotoRefusal> {
  const err = await pipeline.process(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof PhotoRefusal)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

const WHITE = { r: 255, g: 255, b: 255 };

/** The pixels of a photo's largest WebP rendition. */
async function pixelsOf(photo: {
  renditions: readonly { width: number; format: string; data: Uint8Array }[];
}) {
  const largest = photo.renditions.find((r) => r.width === 1080 && r.format === 'webp');
  const { data, info } = await sharp(Buffer.from(largest?.data ?? []))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  return { at };
}

function near(pixel: readonly number[], color: typeof RED): boolean {
  return (
    Math.abs((pixel[0] ?? 0) - color.r) < 40 &&
    Math.abs((pixel[1] ?? 0) - color.g) < 40 &&
    Math.abs((pixel[2] ?? 0) - color.b) < 40
  );
}

describe('a phone photo with GPS, a camera serial and orientation 6', () => {
  it('comes out upright, square at every width and without any metadata', async () => {
    const input = await phonePhoto();
    // The fixture really carries what a phone writes.
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif?.toString('latin1')).toContain(CAMERA_SERIAL);
    expect(inMeta.xmp).toBeDefined();
    expect(inMeta.icc).toBeDefined();

    const photo = await pipeline.process(input);
    expect(photo.id).toMatch(/^[0-9a-f]{32}$/);
    expect([photo.width, photo.height]).toEqual([1080, 1080]);
    expect(photo.renditions.map((r) => `${r.width}.${r.format}`)).toEqual(
      IMAGE_KINDS.product.widths.flatMap((w) => [`${w}.avif`, `${w}.webp`]),
    );

    for (const rendition of photo.renditions) {
      const bytes = Buffer.from(rendition.data);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], `${rendition.width}.${rendition.format}`).toEqual([
        rendition.width,
        rendition.width,
      ]);
      expect(meta.format).toBe(rendition.format === 'avif' ? 'heif' : 'webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Nothing of the camera's text survives anywhere in the file.
      const text = bytes.toString('latin1');
      expect(text).not.toContain(CAMERA_SERIAL);
      expect(text).not.toContain(CAMERA_MAKE);
    }

    // Upright: red along the whole top row of the photo, blue along its whole bottom row (unrotated, the
    // top row would run red, grey, blue from left to right). The upright photo is a portrait, shown whole:
    // 810 px wide in the middle of the square (see the next test).
    const { at } = await pixelsOf(photo);
    for (const x of [140, 540, 940]) {
      expect(near(at(x, 5), RED), `top at x=${x}: ${at(x, 5)}`).toBe(true);
      expect(near(at(x, 1074), BLUE), `bottom at x=${x}: ${at(x, 1074)}`).toBe(true);
    }
  }, 60_000);

  it('shows a portrait photo whole, on white beside it, never cropped to the square', async () => {
    const photo = await pipeline.process(await phonePhoto());
    // Upright the photo is 900 x 1200: red 450 rows, grey 300, blue 450. Fitted to 1080 rows: 810 x 1080,
    // red down to row 405 and blue from row 675, white in the 135 columns either side.
    const { at } = await pixelsOf(photo);
    expect(near(at(540, 395), RED), `red band whole: ${at(540, 395)}`).toBe(true);
    expect(near(at(540, 540), GREY), `grey middle: ${at(540, 540)}`).toBe(true);
    expect(near(at(540, 685), BLUE), `blue band whole: ${at(540, 685)}`).toBe(true);
    for (const x of [5, 125, 955, 1074]) {
      expect(near(at(x, 540), WHITE), `white beside it at x=${x}: ${at(x, 540)}`).toBe(true);
    }
  }, 60_000);

  it('is addressed by its content: the same photo gives the same id, another photo another', async () => {
    const input = await phonePhoto();
    const a = await pipeline.process(input);
    const b = await pipeline.process(input);
    const other = await pipeline.process(
      await sharp({ create: { width: 600, height: 600, channels: 3, background: BLUE } })
        .png()
        .toBuffer(),
    );
    expect(b.id).toBe(a.id);
    expect(other.id).not.toBe(a.id);
  }, 60_000);

  it('has a blurred placeholder of a few hundred bytes', async () => {
    const photo = await pipeline.process(await phonePhoto());
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(photo.placeholder.length).toBeLessThan(600);
    const tiny = Buffer.from(photo.placeholder.split(',')[1] ?? '', 'base64');
    const meta = await sharp(tiny).metadata();
    expect([meta.width, meta.height]).toEqual([16, 16]);
  }, 60_000);
});

describe('refusals', () => {
  it('refuses bytes that are not a photo with 415, whatever the request called them', async () => {
    const err = await refusal(notAnImage());
    expect([err.status, err.message]).toEqual([415, PHOTO_MESSAGES.notAnImage]);
  });

  it('refuses a file over 20 MB with 413', async () => {
    const big = Buffer.alloc(PHOTO_LIMITS.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff], 0);
    const err = await refusal(big);
    expect([err.status, err.message]).toEqual([413, PHOTO_MESSAGES.tooLarge]);
  });

  it('refuses a PNG claiming 30000 x 30000 pixels with 413 before decoding it', async () => {
    const bomb = await pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = performance.now();
    const err = await refusal(bomb);
    expect([err.status, err.message]).toEqual([413, PHOTO_MESSAGES.tooManyPixels]);
    // Read from the header: no time (or memory) was spent on 900 million pixels.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a photo longer than 4:1 either way with 400 and the reason; 4:1 itself is cropped', async () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: RED } })
        .png()
        .toBuffer();
    for (const [w, h] of [
      [801, 200],
      [200, 801],
      [100_000, 10],
    ] as const) {
      const err = await refusal(await png(w, h));
      expect([err.status, err.message], `${w}x${h}`).toEqual([400, PHOTO_MESSAGES.tooLong]);
    }
    const photo = await pipeline.process(await png(800, 200));
    expect([photo.width, photo.height]).toEqual([1080, 1080]);
  }, 60_000);

  it('refuses a truncated JPEG with 400', async () => {
    const err = await refusal(await truncatedJpeg());
    expect([err.status, err.message]).toEqual([400, PHOTO_MESSAGES.unreadable]);
  });

  it('keeps working after refusals (the worker survives them)', async () => {
    await refusal(await truncatedJpeg());
    const photo = await pipeline.process(await phonePhoto());
    expect(photo.renditions).toHaveLength(IMAGE_KINDS.product.widths.length * 2);
  }, 60_000);
});

describe('the queue', () => {
  it('processes one photo at a time and refuses with 503 beyond the photos allowed to wait', async () => {
    const small = new PhotoPipeline({ maxWaiting: 1 });
    try {
      const bytes = await phonePhoto();
      const first = small.process(bytes);
      const second = small.process(bytes);
      expect(small.pending).toBe(2);
      const third = await small.process(bytes).then(
        () => null,
        (e: unknown) => e,
      );
      expect(third).toBeInstanceOf(PhotoRefusal);
      expect([(third as PhotoRefusal).status, (third as PhotoRefusal).message]).toEqual([
        503,
        PHOTO_MESSAGES.busy,
      ]);
      const [a, b] = await Promise.all([first, second]);
      expect(b.id).toBe(a.id);
      expect(small.pending).toBe(0);
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('sniffPhotoType', () => {
  it('knows the four formats by their first bytes', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: RED } });
    expect(sniffPhotoType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffPhotoType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffPhotoType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffPhotoType(await base.clone().avif().toBuffer())).toBe('avif');
  });

  it('refuses other images, text, and an HEIC-branded container', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: RED } });
    expect(sniffPhotoType(await base.clone().gif().toBuffer())).toBeNull();
    expect(sniffPhotoType(await base.clone().tiff().toBuffer())).toBeNull();
    expect(sniffPhotoType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPhotoType(Buffer.from('GIF89a'))).toBeNull();
    const heic = Buffer.alloc(24);
    heic.writeUInt32BE(24, 0);
    heic.write('ftypheic', 4, 'latin1');
    heic.write('mif1heic', 16, 'latin1');
    expect(sniffPhotoType(heic)).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });
});
