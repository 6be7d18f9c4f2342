/**
 * The sharp work of one uploaded photo (runs on the photo worker's thread, photo-worker.ts): the real
 * type, the pixel count and the shape (no longer than 4:1) before anything is decoded, then one normalised
 * square (EXIF orientation applied, every piece of metadata dropped, flattened onto white, the whole
 * picture fitted into the product size on white) and its renditions. sharp writes no metadata unless asked (no withMetadata,
 * keepExif, keepIccProfile here), so no GPS position, camera serial or ICC profile reaches a shopper.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_ENCODING, IMAGE_FORMATS, IMAGE_KINDS, type ImageFormat } from '../../domain/media/images';
import { PHOTO_LIMITS, PHOTO_MESSAGES, PhotoRefusal, sniffPhotoType } from '../../domain/media/photo-types';

export interface PhotoRendition {
  readonly width: number;
  readonly format: ImageFormat;
  readonly data: Uint8Array;
}

export interface RenderedPhoto {
  /** Content address: the first 32 hex digits of the SHA-256 of the normalised square's pixels. */
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly renditions: readonly PhotoRendition[];
  /** A blurred 16 px preview, as a data: URI of a few hundred bytes. */
  readonly placeholder: string;
}

/** Seconds of libvips work per step: a 20 MB photo takes a few seconds on one core. */
const STEP_TIMEOUT_SECONDS = 60;
const PLACEHOLDER_SIZE = 16;

export async function renderPhoto(bytes: Uint8Array): Promise<RenderedPhoto> {
  if (bytes.byteLength > PHOTO_LIMITS.maxBytes) throw new PhotoRefusal(413, PHOTO_MESSAGES.tooLarge);
  if (sniffPhotoType(bytes) === null) throw new PhotoRefusal(415, PHOTO_MESSAGES.notAnImage);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // The header only: a file that claims more pixels than any phone takes, or a shape no square can be cut
  // from, is refused before decoding. libvips refuses the pixel count itself (limitInputPixels, as on every
  // sharp call here), before it reads a pixel.
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: PHOTO_LIMITS.maxInputPixels }).metadata();
  } catch (err) {
    if (exceedsPixelLimit(err)) throw new PhotoRefusal(413, PHOTO_MESSAGES.tooManyPixels);
    throw new PhotoRefusal(400, PHOTO_MESSAGES.unreadable);
  }
  if (meta.format === 'heif' && meta.compression !== 'av1') {
    // HEIC (HEVC) shares AVIF's container; only AV1 is accepted.
    throw new PhotoRefusal(415, PHOTO_MESSAGES.notAnImage);
  }
  if (!meta.width || !meta.height) throw new PhotoRefusal(400, PHOTO_MESSAGES.unreadable);
  if (meta.width * meta.height > PHOTO_LIMITS.maxInputPixels) {
    throw new PhotoRefusal(413, PHOTO_MESSAGES.tooManyPixels);
  }
  // Before any resize: the cover crop scales the short side to the square's, so the long side grows by
  // the same factor (PHOTO_LIMITS.maxAspectRatio says how far that may go). Rotation swaps the sides,
  // which leaves the ratio as it is.
  const [long, short] = meta.width >= meta.height ? [meta.width, meta.height] : [meta.height, meta.width];
  if (long > short * PHOTO_LIMITS.maxAspectRatio) throw new PhotoRefusal(400, PHOTO_MESSAGES.tooLong);

  const { width, height } = IMAGE_KINDS.product;
  let square: { data: Buffer; info: OutputInfo };
  try {
    square = await sharp(input, { limitInputPixels: PHOTO_LIMITS.maxInputPixels, failOn: 'truncated' })
      .timeout({ seconds: STEP_TIMEOUT_SECONDS })
      .rotate()
      .flatten({ background: '#ffffff' })
      // The whole photo, never cropped: a portrait (or landscape) photo fits the square with white beside
      // it, so nothing the owner framed (the clasp at the top, the beads at the bottom) is cut off.
      .resize(width, height, { fit: 'contain', background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A truncated or corrupt file (libvips names which; the owner only needs to know it did not read).
    throw new PhotoRefusal(400, PHOTO_MESSAGES.unreadable);
  }

  const id = createHash('sha256').update(square.data).digest('hex').slice(0, 32);
  const raw = {
    raw: { width: square.info.width, height: square.info.height, channels: 3 as const },
    // The square itself: nothing larger can come from the step above.
    limitInputPixels: width * height,
  };
  const renditions: PhotoRendition[] = [];
  for (const w of IMAGE_KINDS.product.widths) {
    const resized = sharp(square.data, raw).timeout({ seconds: STEP_TIMEOUT_SECONDS }).resize(w, w);
    for (const format of IMAGE_FORMATS) {
      const encoded =
        format === 'avif'
          ? await resized.clone().avif(IMAGE_ENCODING.avif).toBuffer()
          : await resized.clone().webp(IMAGE_ENCODING.webp).toBuffer();
      renditions.push({ width: w, format, data: encoded });
    }
  }
  const tiny = await sharp(square.data, raw)
    .timeout({ seconds: STEP_TIMEOUT_SECONDS })
    .resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE)
    .blur(0.8)
    .webp({ quality: 40 })
    .toBuffer();
  return {
    id,
    width,
    height,
    renditions,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** libvips' refusal of an image over limitInputPixels ("Input image exceeds pixel limit"). */
function exceedsPixelLimit(err: unknown): boolean {
  return err instanceof Error && /exceeds pixel limit/i.test(err.message);
}
