/**
 * `GET /media/{id}-{width}.{avif|webp}`: one rendition of an owner's photo, from the database through the
 * instance's cache (media-store.ts). The address is the content's hash, so the answer never changes:
 * browsers and proxies keep it for a year without asking again. Public like the pages that show it.
 */
import type { FastifyInstance } from 'fastify';
import { IMAGE_KINDS, type ImageFormat } from '../../domain/media/images';
import { sendNotFound } from '../lib/api-support';
import { QUIET_LOG } from '../ops/logging';
import type { MediaStore } from './media-store';

export const MEDIA_PATH_PREFIX = '/media';

const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = { avif: 'image/avif', webp: 'image/webp' };
const RENDITION = /^([0-9a-f]{32})-(\d{1,5})\.(avif|webp)$/;

/** The URL prefix of a photo's renditions (ProductImage.base). */
export function mediaBase(id: string): string {
  return `${MEDIA_PATH_PREFIX}/${id}`;
}

const MEDIA_BASE = /^\/media\/([0-9a-f]{32})$/;

/**
 * The photo ids among some images (a snapshot's products' images, order lines' images): what the
 * retention pass must keep. Drawn pictures (`/img/...`) are not photos and are skipped.
 */
export function mediaIdsIn(images: Iterable<{ readonly base: string }>): string[] {
  const ids = new Set<string>();
  for (const image of images) {
    const id = MEDIA_BASE.exec(image.base)?.[1];
    if (id) ids.add(id);
  }
  return [...ids];
}

export async function mediaRoutes(app: FastifyInstance, opts: { store: MediaStore }): Promise<void> {
  const { store } = opts;
  const widths = new Set<number>(IMAGE_KINDS.product.widths);

  app.get<{ Params: { name: string } }>(`${MEDIA_PATH_PREFIX}/:name`, QUIET_LOG, async (request, reply) => {
    const match = RENDITION.exec(request.params.name);
    const [, id, width, format] = match ?? [];
    if (!id || !width || !widths.has(Number(width)) || (format !== 'avif' && format !== 'webp')) {
      return sendNotFound(request, reply);
    }
    const etag = `"${id}-${width}-${format}"`;
    const data = await store.rendition(id, Number(width), format);
    if (!data) return sendNotFound(request, reply);
    reply
      .header('Content-Type', CONTENT_TYPES[format])
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
}
