/**
 * Optional hosted AI image editor (IMAGE_EDIT_API_URL / IMAGE_EDIT_API_KEY), behind the same interface
 * as the offline engine. It receives the image editor's request body ({ imageUrl, editInstruction }) and
 * must answer { editedImageUrl } as a data URL; the reply is checked like an upload (type, size, pixels),
 * and remote URLs are never fetched, so the API cannot make this server request arbitrary addresses.
 */
import * as z from 'zod/mini';
import { checkImageDataUrl } from '../../domain/media/image-edit';
import { type ImageEditEngine, type ImageEditInput, type ImageEditOutput, ImageEngineError } from './engine';
import { inspectImage } from './offline-engine';

const HOSTED_TIMEOUT_MS = 60_000;

const replySchema = z.object({
  editedImageUrl: z.string(),
  applied: z.optional(z.array(z.string())),
  notApplied: z.optional(z.array(z.string())),
});

export interface HostedEngineOptions {
  readonly url: string;
  readonly key: string | null;
  /** Injected in tests; the global fetch otherwise. */
  readonly fetchImpl?: typeof fetch;
  readonly timeoutMs?: number;
}

export function createHostedEngine({
  url,
  key,
  fetchImpl = fetch,
  timeoutMs = HOSTED_TIMEOUT_MS,
}: HostedEngineOptions): ImageEditEngine {
  return {
    name: 'hosted',
    async edit({ image, mime, instruction }: ImageEditInput): Promise<ImageEditOutput> {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(key ? { authorization: `Bearer ${key}` } : {}),
          },
          body: JSON.stringify({
            imageUrl: `data:${mime};base64,${image.toString('base64')}`,
            editInstruction: instruction,
          }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        throw new ImageEngineError(`Hosted image API unreachable: ${(err as Error).message}`);
      }
      if (!response.ok) throw new ImageEngineError(`Hosted image API answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new ImageEngineError('Hosted image API sent no JSON');
      }
      const reply = replySchema.safeParse(body);
      if (!reply.success) throw new ImageEngineError('Hosted image API reply has no editedImageUrl');
      const checked = checkImageDataUrl(reply.data.editedImageUrl);
      if (!checked.ok) throw new ImageEngineError(`Hosted image API reply rejected: ${checked.message}`);
      const edited = Buffer.from(checked.base64, 'base64');
      let real: Awaited<ReturnType<typeof inspectImage>>;
      try {
        real = await inspectImage(edited);
      } catch (err) {
        throw new ImageEngineError(`Hosted image API reply rejected: ${(err as Error).message}`);
      }
      return {
        image: edited,
        mime: real.mime,
        applied: reply.data.applied ?? [instruction],
        notApplied: reply.data.notApplied ?? [],
      };
    },
  };
}
