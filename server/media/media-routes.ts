/**
 * `GET /media/{id}-{width}.{avif|webp}`: one rendition of an owner's photo, from the database through the
 * instance's cache (media-store.ts). The address is the content's hash, so the answer never changes:
 * browsers and proxies keep it for a year without asking again. Public like the pages that show it.
 * `GET /media/mail/{id}-{width}.jpg`: the same picture (an owner's photo, or a drawn picture of the build)
 * as a JPEG for e-mails, converted from its WebP once per instance (Outlook shows no WebP).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMAGE_KINDS, type ImageFormat, MAIL_IMAGE_PREFIX } from '../../domain/media/images';
import { sendNotFound } from '../lib/api-support';
import { QUIET_LOG } from '../ops/logging';
import { ByteLru, type MediaStore } from './media-store';

export const MEDIA_PATH_PREFIX = '/media';

const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = { avif: 'image/avif', webp: 'image/webp' };
const RENDITION = /^([0-9a-f]{32})-(\d{1,5})\.(avif|webp)$/;

/** The URL prefix of a photo's renditions (ProductImage.base). */
export function mediaBase(id: string): string {
  return `${MEDIA_PATH_PREFIX}/${id}`;
}

const MEDIA_BASE = /^\/media\/([0-9a-f]{32})$/;

const MAIL_RENDITION = /^([0-9a-f]{32}|[a-z0-9][a-z0-9-]{0,79})-(\d{1,5})\.jpg$/;
const PHOTO_ID = /^[0-9a-f]{32}$/;

/** sharp, loaded on the first e-mail picture asked for (the shop's pages never need it here). */
let sharpModule: Promise<typeof import('sharp').default> | null = null;

async function toJpeg(webp: Uint8Array): Promise<Uint8Array> {
  sharpModule ??= import('sharp').then((m) => m.default);
  const sharp = await sharpModule;
  // Flattened onto white (a JPEG has no transparency), no metadata (sharp writes none unless asked).
  const out = await sharp(webp, { limitInputPixels: 4096 * 4096 })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

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

export async function mediaRoutes(
  app: FastifyInstance,
  opts: { store: MediaStore; webDistDir: string },
): Promise<void> {
  const { store } = opts;
  const widths = new Set<number>(IMAGE_KINDS.product.widths);
  // Each picture is converted once per instance while it is asked for (a campaign's opens come together).
  const jpegs = new ByteLru(4 * 1024 * 1024);

  app.get<{ Params: { name: string } }>(`${MAIL_IMAGE_PREFIX}/:name`, QUIET_LOG, async (request, reply) => {
    const [, id, width] = MAIL_RENDITION.exec(request.params.name) ?? [];
    if (!id || !width || !widths.has(Number(width))) return sendNotFound(request, reply);
    const photo = PHOTO_ID.test(id);
    let jpeg = jpegs.get(request.params.name);
    if (!jpeg) {
      const webp = photo
        ? await store.rendition(id, Number(width), 'webp')
        : await readFile(path.join(opts.webDistDir, 'img', `${id}-${width}.webp`)).catch(() => null);
      if (!webp) return sendNotFound(request, reply);
      jpeg = await toJpeg(webp);
      jpegs.set(request.params.name, jpeg);
    }
    reply
      .header('Content-Type', 'image/jpeg')
      // A photo's address is its content; a drawn picture's name stays when it is drawn again.
      .header(
        'Cache-Control',
        photo
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=86400, stale-while-revalidate=604800',
      );
    return reply.send(Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
  });

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
