/**
 * The default image editor: applies the whole-image operations of `parseInstruction` with sharp
 * (libvips), offline and deterministic. Each operation runs as its own pass over raw pixels, because a
 * single sharp pipeline reorders operations internally (and keeps only the last `modulate`), while the
 * owner expects "darker, then more contrast" to happen in that order.
 */
import type { Matrix3x3, Metadata, Sharp } from 'sharp';
import {
  IMAGE_EDIT_LIMITS,
  IMAGE_EDIT_MESSAGES,
  type ImageEditMimeType,
} from '../../domain/media/image-edit';
import { type ImageEditEngine, type ImageEditInput, type ImageEditOutput, ImageInputError } from './engine';
import { type EditOperation, formatNotApplied, parseInstruction } from './instructions';

type SharpFactory = typeof import('sharp').default;

let sharpModule: Promise<SharpFactory> | undefined;

/**
 * sharp (and libvips under it) is loaded on the first image the owner edits, not when the server starts:
 * loading it took about 160 ms and 30 MB of memory on every start, for a tool most starts never use.
 */
function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/** Seconds of libvips work per pass; a hero-sized pass takes milliseconds. */
const PASS_TIMEOUT_SECONDS = 20;

const FORMAT_TO_MIME: Readonly<Record<string, ImageEditMimeType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  // libvips reports AVIF as HEIF with the AV1 codec; HEVC-coded HEIF is refused below.
  heif: 'image/avif',
};

interface RawImage {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: 1 | 2 | 3 | 4;
}

/** Reads only the header: the real format (never the declared one) and the pixel count. */
export async function inspectImage(
  image: Buffer,
): Promise<{ mime: ImageEditMimeType; width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(image, { limitInputPixels: IMAGE_EDIT_LIMITS.maxImagePixels }).metadata();
  } catch (err) {
    // libvips refuses the header's pixel count itself, before reading a pixel.
    if (err instanceof Error && /exceeds pixel limit/i.test(err.message)) {
      throw new ImageInputError(IMAGE_EDIT_MESSAGES.tooManyPixels, 422);
    }
    throw new ImageInputError(IMAGE_EDIT_MESSAGES.unreadable, 422);
  }
  const mime = meta.format ? FORMAT_TO_MIME[meta.format] : undefined;
  if (!mime || (meta.format === 'heif' && meta.compression !== 'av1')) {
    throw new ImageInputError(IMAGE_EDIT_MESSAGES.badDataUrl, 422);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageInputError(IMAGE_EDIT_MESSAGES.unreadable, 422);
  if (width * height > IMAGE_EDIT_LIMITS.maxImagePixels) {
    throw new ImageInputError(IMAGE_EDIT_MESSAGES.tooManyPixels, 422);
  }
  return { mime, width, height };
}

function fromRaw(sharp: SharpFactory, img: RawImage): Sharp {
  // Every pass keeps the image at most its input's size (rotations by quarter turns, crops): the limit
  // holds each raw step to what the first decode allowed.
  return sharp(img.data, {
    raw: { width: img.width, height: img.height, channels: img.channels },
    limitInputPixels: IMAGE_EDIT_LIMITS.maxImagePixels,
  }).timeout({
    seconds: PASS_TIMEOUT_SECONDS,
  });
}

async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function hasAlpha(img: RawImage): boolean {
  return img.channels === 4;
}

/** Multipliers for the three colour bands; alpha (if any) keeps multiplier 1. */
function multipliers(values: readonly [number, number, number], img: RawImage): number[] {
  return hasAlpha(img) ? [...values, 1] : [...values];
}

/** Offsets for the three colour bands; alpha (if any) keeps offset 0. */
function offsets(value: number, img: RawImage): number[] {
  return hasAlpha(img) ? [value, value, value, 0] : [value, value, value];
}

const LUMA: Matrix3x3 = [
  [0.2126, 0.7152, 0.0722],
  [0.2126, 0.7152, 0.0722],
  [0.2126, 0.7152, 0.0722],
];

const SEPIA: Matrix3x3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

function cropBox(img: RawImage, [rw, rh]: readonly [number, number]): { width: number; height: number } {
  const target = rw / rh;
  const current = img.width / img.height;
  if (current > target) return { width: Math.max(1, Math.round(img.height * target)), height: img.height };
  return { width: img.width, height: Math.max(1, Math.round(img.width / target)) };
}

function applyOperation(sharp: SharpFactory, img: RawImage, op: EditOperation): Sharp {
  const p = fromRaw(sharp, img);
  switch (op.kind) {
    case 'brightness':
      return p.modulate({ brightness: op.factor });
    case 'contrast':
      // Pivot around mid-grey so highlights and shadows move apart evenly.
      return p.linear(
        multipliers([op.factor, op.factor, op.factor], img),
        offsets(128 * (1 - op.factor), img),
      );
    case 'saturation':
      return p.modulate({ saturation: op.factor });
    case 'warmth':
      // A quarter of the shift on green keeps "warmer" golden rather than magenta.
      return p.linear(multipliers([1 + op.amount, 1 + op.amount / 4, 1 - op.amount], img), offsets(0, img));
    case 'greyscale':
      // Luma via recomb rather than .greyscale(): the image keeps three bands for the passes after it.
      return p.recomb(LUMA);
    case 'sepia':
      return p.recomb(SEPIA);
    case 'invert':
      return p.negate({ alpha: false });
    case 'blur':
      return p.blur(op.sigma);
    case 'sharpen':
      return p.sharpen({ sigma: op.sigma });
    case 'rotate':
      return p.rotate(op.degrees);
    case 'flip':
      return op.axis === 'vertical' ? p.flip() : p.flop();
    case 'crop': {
      const { width, height } = cropBox(img, op.ratio);
      return p.resize(width, height, { fit: 'cover', position: sharp.strategy.attention });
    }
  }
}

function encode(sharp: SharpFactory, img: RawImage, mime: ImageEditMimeType): Promise<Buffer> {
  const p = fromRaw(sharp, img);
  switch (mime) {
    case 'image/png':
      return p.png({ compressionLevel: 6 }).toBuffer();
    case 'image/jpeg':
      return p.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'image/webp':
      return p.webp({ quality: 90 }).toBuffer();
    case 'image/avif':
      return p.avif({ quality: 70, effort: 3 }).toBuffer();
  }
}

/** Applies the operations in order and re-encodes in the input's own format (metadata stripped). */
export async function applyOperations(
  image: Buffer,
  operations: readonly EditOperation[],
  mime: ImageEditMimeType,
): Promise<Buffer> {
  const sharp = await loadSharp();
  // Decoded once to sRGB with 3 colour bands (+ alpha); every pass keeps that shape.
  let raw = await toRaw(
    sharp(image, { limitInputPixels: IMAGE_EDIT_LIMITS.maxImagePixels, failOn: 'error' })
      .timeout({ seconds: PASS_TIMEOUT_SECONDS })
      .autoOrient()
      .toColourspace('srgb'),
  );
  for (const op of operations) raw = await toRaw(applyOperation(sharp, raw, op));
  return encode(sharp, raw, mime);
}

export function createOfflineEngine(): ImageEditEngine {
  return {
    name: 'offline',
    async edit({ image, instruction }: ImageEditInput): Promise<ImageEditOutput> {
      const { mime } = await inspectImage(image);
      const plan = parseInstruction(instruction);
      const notApplied = plan.notApplied.map(formatNotApplied);
      if (plan.edits.length === 0) {
        throw new ImageInputError(
          `No edit could be applied. Not applied: ${notApplied.join('; ') || 'nothing recognisable'}`,
          422,
          notApplied,
        );
      }
      let edited: Buffer;
      try {
        edited = await applyOperations(
          image,
          plan.edits.map((e) => e.op),
          mime,
        );
      } catch (err) {
        // A file that passes the header check but fails to decode is still the owner's input.
        throw new ImageInputError(`${IMAGE_EDIT_MESSAGES.unreadable}: ${(err as Error).message}`, 422);
      }
      return { image: edited, mime, applied: plan.edits.map((e) => e.label), notApplied };
    },
  };
}
