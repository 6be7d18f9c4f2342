/**
 * One interface for every image-editing engine: the built-in offline engine (sharp) and an optional
 * hosted AI API. The admin route only speaks these types.
 */
import type { ImageEditMimeType } from '../../domain/media/image-edit';

export interface ImageEditInput {
  readonly image: Buffer;
  readonly mime: ImageEditMimeType;
  readonly instruction: string;
}

export interface ImageEditOutput {
  readonly image: Buffer;
  readonly mime: ImageEditMimeType;
  readonly applied: readonly string[];
  readonly notApplied: readonly string[];
}

export interface ImageEditEngine {
  readonly name: string;
  edit(input: ImageEditInput): Promise<ImageEditOutput>;
}

/** The owner's input cannot be used (unreadable image, nothing applicable): a 4xx, never a 5xx. */
export class ImageInputError extends Error {
  override name = 'ImageInputError';
  constructor(
    message: string,
    readonly status: 400 | 413 | 422 = 422,
    readonly notApplied: readonly string[] = [],
  ) {
    super(message);
  }
}

/** The engine itself failed (hosted API down, bad reply): a 502 with a generic message. */
export class ImageEngineError extends Error {
  override name = 'ImageEngineError';
}
