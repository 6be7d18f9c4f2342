/**
 * What an uploaded photo may be, and how a refusal is said (docs/product/catalogue.md). The type
 * comes from the file's first bytes alone, never from its name or the type the browser declared. Four
 * signatures are all the shop accepts, so they are read here rather than through file-type (whose current
 * major needs Node 22, and which would recognise hundreds of formats only to refuse them).
 */

export const PHOTO_TYPES = ['jpeg', 'png', 'webp', 'avif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const MIB = 1024 * 1024;

export const PHOTO_LIMITS = {
  /** The largest file the owner may upload. */
  maxBytes: 20 * MIB,
  /**
   * The most pixels a photo may have, read from its header before it is decoded: a 108-megapixel phone
   * photo (12,000 x 9,000) passes, a "decompression bomb" (a small PNG claiming 30,000 x 30,000) does not.
   */
  maxInputPixels: 108_000_000,
  /**
   * The longest side over the shortest, at most: a product photo is cropped to a square, so a photo
   * longer than 4:1 would lose more than three quarters of itself, and covering the square first scales its
   * short side to 1,080 px: a 100,000 x 10 PNG of 201 bytes would become 10,800,000 x 1,080 pixels (about
   * 9 GB) before the crop. At 4:1 that step is at most 4,320 x 1,080 pixels.
   */
  maxAspectRatio: 4,
  /** The whole upload request: the photo and the form around it (the alt text, boundaries, headers). */
  maxUploadBodyBytes: 20 * MIB + 64 * 1024,
} as const;

export const PHOTO_MESSAGES = {
  notAnImage: 'This file is not a photo the shop can use: upload a JPEG, PNG, WebP or AVIF image.',
  tooLarge: 'This photo is larger than 20 MB: export it smaller and upload it again.',
  tooManyPixels:
    'This photo has more pixels than the shop accepts (at most 108 megapixels): export it smaller and upload it again.',
  tooLong:
    'This photo is too long and narrow for a square product photo (at most 4 times as long as it is wide): crop it closer to a square and upload it again.',
  unreadable: 'This photo could not be read (the file may be incomplete or damaged): upload it again.',
  missingFile: 'Send one photo in the form field "file" (and its alt text in the field "alt").',
  busy: 'Photos are still being processed: try again in a few seconds.',
} as const;

/** A photo refused because of the upload itself: a 4xx with a message for the owner. */
export class PhotoRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoRefusal';
  }
}

function ascii(bytes: Uint8Array, from: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(from, from + length));
}

/** The real type of an upload from its signature, or null for anything the shop does not take. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  // ISO-BMFF: a leading `ftyp` box whose major or compatible brands name AVIF (not HEIC's `heic`/`mif1`
  // alone: iPhone photos in HEIC are another codec).
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === 'ftyp') {
    const boxSize =
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    const end = Math.min(bytes.length, Math.max(16, boxSize));
    for (let at = 8; at + 4 <= end; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = ascii(bytes, at, 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}
