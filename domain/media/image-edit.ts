/**
 * Contract of the owner's hero image editor (POST /api/admin/hero-image/edit), shared by the
 * /image-editor page and the server: accepted image types, size and instruction limits, the request and
 * response shapes. The browser checks the same limits before uploading, so a refusal is never a surprise.
 */
import * as z from 'zod/mini';
import { freeText } from '../shared/input-text-checks';

export const IMAGE_EDIT_PATH = '/api/admin/hero-image/edit';

export const IMAGE_EDIT_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const;
export type ImageEditMimeType = (typeof IMAGE_EDIT_MIME_TYPES)[number];

export const IMAGE_EDIT_LIMITS = {
  /** Decoded image bytes; a 1600 px hero is well under 1 MB. */
  maxImageBytes: 8 * 1024 * 1024,
  /** Width x height; refuses decompression bombs that are small on the wire. */
  maxImagePixels: 40_000_000,
  maxInstructionChars: 500,
  /** Edits per client per window (the token check runs first, and failed tokens count too). */
  requestsPerWindow: 20,
  windowMs: 60_000,
} as const;

/** Base64 of `maxImageBytes` plus the `data:...;base64,` prefix, with room for the JSON around it. */
export const IMAGE_EDIT_MAX_BODY_BYTES = Math.ceil((IMAGE_EDIT_LIMITS.maxImageBytes * 4) / 3) + 16 * 1024;

export const IMAGE_EDIT_MESSAGES = {
  unauthorized: 'Admin token missing or wrong',
  badDataUrl: 'imageUrl must be a base64 data URL of a PNG, JPEG, WebP or AVIF image',
  tooLarge: `The image is larger than ${IMAGE_EDIT_LIMITS.maxImageBytes / 1024 / 1024} MB`,
  tooManyPixels: 'The image has too many pixels',
  unreadable: 'The image could not be read',
  instructionEmpty: 'Please describe the edit',
  instructionTooLong: `The instruction is longer than ${IMAGE_EDIT_LIMITS.maxInstructionChars} characters`,
  rateLimited: 'Too many edit requests; please wait a minute',
  busy: 'The image editor is busy; please try again in a moment',
  engineFailed: 'The image editing service failed',
} as const;

export const imageEditRequestSchema = z.strictObject({
  imageUrl: z.string(),
  editInstruction: z.string().check(
    z.refine((s) => s.trim().length > 0, { error: IMAGE_EDIT_MESSAGES.instructionEmpty }),
    z.maxLength(IMAGE_EDIT_LIMITS.maxInstructionChars, { error: IMAGE_EDIT_MESSAGES.instructionTooLong }),
    freeText(),
  ),
});
export type ImageEditRequest = z.infer<typeof imageEditRequestSchema>;

export const imageEditResponseSchema = z.object({
  editedImageUrl: z.string(),
  applied: z.readonly(z.array(z.string())),
  notApplied: z.readonly(z.array(z.string())),
  engine: z.optional(z.string()),
});
export type ImageEditResponse = z.infer<typeof imageEditResponseSchema>;

export const imageEditErrorSchema = z.object({ error: z.string() });

/** A refused edit as the server writes it (too large, unreadable, busy), with what could not be applied. */
export const imageEditRefusalSchema = z.object({
  ok: z.literal(false),
  error: z.string(),
  notApplied: z.optional(z.readonly(z.array(z.string()))),
});

const DATA_URL_RE = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

export type DataUrlCheck =
  | { readonly ok: true; readonly mime: ImageEditMimeType; readonly base64: string; readonly bytes: number }
  | { readonly ok: false; readonly message: string };

/** Parses a data URL without decoding it, so an oversized upload is refused before any allocation. */
export function checkImageDataUrl(dataUrl: string): DataUrlCheck {
  const match = DATA_URL_RE.exec(dataUrl);
  const mime = match?.[1];
  const base64 = match?.[2];
  if (!mime || base64 === undefined || !(IMAGE_EDIT_MIME_TYPES as readonly string[]).includes(mime)) {
    return { ok: false, message: IMAGE_EDIT_MESSAGES.badDataUrl };
  }
  if (base64.length % 4 !== 0 || base64.length === 0)
    return { ok: false, message: IMAGE_EDIT_MESSAGES.badDataUrl };
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  if (bytes > IMAGE_EDIT_LIMITS.maxImageBytes) return { ok: false, message: IMAGE_EDIT_MESSAGES.tooLarge };
  return { ok: true, mime: mime as ImageEditMimeType, base64, bytes };
}

/** Plain-English instructions the built-in engine understands; the page lists them as examples. */
export const IMAGE_EDIT_EXAMPLES = [
  'Make it brighter and warmer',
  'More contrast, slightly less saturated',
  'Black and white, then crop to square',
  'Sepia and a little blur',
  'Cooler, darker and sharpen',
  'Rotate left and flip horizontally',
  'Crop to 16:9',
] as const;
