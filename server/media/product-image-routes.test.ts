/**
 * The owner's image routes over real HTTP (the upload streams in as a browser sends it), against an
 * in-memory catalogue port: a photo is added, served from /media with immutable caching and without its
 * metadata; refused uploads (not an image whatever their name and type, over 20 MB, a bomb, truncated,
 * unknown product) store nothing; alt text and order change; removal leaves the rows to retention.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductImage } from '../../domain/catalogue/snapshot';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../domain/media/photo-types';
import {
  CAMERA_SERIAL,
  notAnImage,
  phonePhoto,
  pngClaiming,
  truncatedJpeg,
} from '../../tests/support/photo-fixtures';
import { TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import type { Actor } from '../audit/audit-trail';
import { loadConfig } from '../config';
import { mediaIdsIn } from './media-routes';
import {
  type AdminProduct,
  type AdminProductImage,
  PRODUCT_IMAGE_MESSAGES,
  type ProductImagesPort,
} from './product-image-routes';

const TOKEN = 'product-images-admin-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

interface MemoryProduct extends AdminProduct {
  readonly id: string;
  readonly name: string;
  images: AdminProductImage[];
}

/** The catalogue's four image functions over a map, recording who acted. */
function memoryPort(): ProductImagesPort<MemoryProduct> & {
  products: Map<string, MemoryProduct>;
  actors: Actor[];
} {
  const products = new Map<string, MemoryProduct>();
  const actors: Actor[] = [];
  const view = (p: MemoryProduct): MemoryProduct => ({ ...p, images: p.images.map((i) => ({ ...i })) });
  return {
    products,
    actors,
    async getAdminProduct(id) {
      const p = products.get(id);
      return p ? view(p) : null;
    },
    async addProductImage(id, image: ProductImage, actor) {
      const p = products.get(id);
      if (!p) return null;
      actors.push(actor);
      const shown: AdminProductImage = {
        id: image.id,
        url: `${image.base}-${image.width}.webp`,
        alt: image.alt,
        width: image.width,
        height: image.height,
      };
      if (!p.images.some((i) => i.id === image.id)) p.images.push(shown);
      return { product: view(p), image: shown };
    },
    async updateProductImage(id, imageId, patch, actor) {
      const p = products.get(id);
      const index = p?.images.findIndex((i) => i.id === imageId) ?? -1;
      const found = p?.images[index];
      if (!p || !found) return null;
      actors.push(actor);
      const changed = { ...found, alt: patch.alt ?? found.alt };
      p.images.splice(index, 1);
      p.images.splice(Math.min(patch.position ?? index, p.images.length), 0, changed);
      return { product: view(p), image: changed };
    },
    async removeProductImage(id, imageId, actor) {
      const p = products.get(id);
      if (!p?.images.some((i) => i.id === imageId)) return null;
      actors.push(actor);
      p.images = p.images.filter((i) => i.id !== imageId);
      return view(p);
    },
  };
}

const port = memoryPort();
let app: FastifyInstance;
let base: string;
let data: ReturnType<typeof tempDataDir>;

beforeAll(async () => {
  data = tempDataDir();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: data.dir,
    ADMIN_TOKEN: TOKEN,
    RATE_LIMITS: 'off',
  });
  app = await buildApp({
    config,
    serveWeb: false,
    tuning: { retention: false },
    reconcile: false,
    media: { productImages: port, retention: false },
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  data.remove();
});

/** The photos stored before each test (earlier tests' photos stay in the shared database). */
let storedBefore: string[] = [];

beforeEach(async () => {
  storedBefore = await app.media.store.ids();
  port.products.clear();
  port.products.set('1', { id: '1', name: 'First Light', images: [] });
});

function form(file: Uint8Array, name: string, type: string, alt = 'A bracelet of garnet beads'): FormData {
  const body = new FormData();
  body.set('alt', alt);
  body.set('file', new Blob([new Uint8Array(file)], { type }), name);
  return body;
}

async function upload(body: FormData | ReadableStream<Uint8Array>, productId = '1', headers = {}) {
  const res = await fetch(`${base}/api/admin/products/${productId}/images`, {
    method: 'POST',
    headers: { ...AUTH, ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Nothing was stored: no photo rows, and the product has no image. */
async function expectNothingStored(): Promise<void> {
  expect(await app.media.store.ids()).toEqual(storedBefore);
  expect(port.products.get('1')?.images).toEqual([]);
}

describe('POST /api/admin/products/{id}/images', () => {
  it('needs the owner', async () => {
    const res = await fetch(`${base}/api/admin/products/1/images`, {
      method: 'POST',
      body: form(await phonePhoto(), 'photo.jpg', 'image/jpeg'),
    });
    expect(res.status).toBe(401);
  });

  it('adds a phone photo: 201 with the product and the image, served immutable without metadata', async () => {
    const res = await upload(form(await phonePhoto(), 'IMG_0001.JPG', 'image/jpeg'));
    expect(res.status).toBe(201);
    const image = res.body.image as AdminProductImage;
    expect(res.body.ok).toBe(true);
    expect(image).toMatchObject({ alt: 'A bracelet of garnet beads', width: 1080, height: 1080 });
    expect(image.id).toMatch(/^[0-9a-f]{32}$/);
    expect((res.body.product as MemoryProduct).images).toEqual([image]);
    expect(port.actors.at(-1)?.session).toBe('token');

    for (const [width, format, type] of [
      [320, 'avif', 'image/avif'],
      [1080, 'webp', 'image/webp'],
    ] as const) {
      const served = await fetch(`${base}/media/${image.id}-${width}.${format}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(200);
      expect(bytes.toString('latin1')).not.toContain(CAMERA_SERIAL);
      // A revalidation (there should be none) costs nothing.
      const again = await fetch(`${base}/media/${image.id}-${width}.${format}`, {
        headers: { 'if-none-match': served.headers.get('etag') ?? '' },
      });
      expect(again.status).toBe(304);
    }
    // The JPEG an e-mail shows (mail programs like Outlook show no WebP).
    const jpeg = await fetch(`${base}/media/mail/${image.id}-480.jpg`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    const jpegBytes = Buffer.from(await jpeg.arrayBuffer());
    expect(jpegBytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(jpegBytes.toString('latin1')).not.toContain(CAMERA_SERIAL);
    expect((await fetch(`${base}/media/mail/${image.id}-481.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/media/mail/${'0'.repeat(32)}-480.jpg`)).status).toBe(404);
    expect(await app.media.store.ids()).toContain(image.id);
  }, 60_000);

  it.each([
    [
      'a text file named .jpg and declared image/jpeg',
      async () => notAnImage(),
      415,
      PHOTO_MESSAGES.notAnImage,
    ],
    [
      'a PNG claiming 30000 x 30000 pixels',
      () => pngClaiming(30_000, 30_000),
      413,
      PHOTO_MESSAGES.tooManyPixels,
    ],
    ['a truncated JPEG', truncatedJpeg, 400, PHOTO_MESSAGES.unreadable],
  ])('refuses %s and stores nothing', async (_name, make, status, error) => {
    const res = await upload(form(await make(), 'photo.jpg', 'image/jpeg'));
    expect(res).toEqual({ status, body: { ok: false, error } });
    await expectNothingStored();
  });

  it('refuses 21 MB with 413 while it streams in (no Content-Length to go by), storing nothing', async () => {
    const boundary = 'solas-boundary-21mb';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nBig\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const total = 21 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 0x5a);
    chunk.set([0xff, 0xd8, 0xff], 0);
    let sent = 0;
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        pulls += 1;
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const res = await upload(stream, '1', {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    }).catch((err: unknown) => ({ status: 0, body: { error: String(err) } }));
    expect(res).toEqual({ status: 413, body: { ok: false, error: PHOTO_MESSAGES.tooLarge } });
    expect(pulls).toBeGreaterThan(PHOTO_LIMITS.maxBytes / chunk.length - 2);
    await expectNothingStored();
  }, 60_000);

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/products/1/images',
      headers: {
        ...AUTH,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(PHOTO_LIMITS.maxBytes + 1024 * 1024),
      },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(413);
    await expectNothingStored();
  });

  it('answers 404 for an unknown product and stores nothing', async () => {
    const res = await upload(form(await phonePhoto(), 'photo.jpg', 'image/jpeg'), '999');
    expect(res).toEqual({ status: 404, body: { ok: false, error: PRODUCT_IMAGE_MESSAGES.productNotFound } });
    await expectNothingStored();
  });

  it('refuses a form without a file and a JSON body', async () => {
    const empty = new FormData();
    empty.set('alt', 'No photo');
    expect(await upload(empty)).toEqual({
      status: 400,
      body: { ok: false, error: PHOTO_MESSAGES.missingFile },
    });
    const json = await fetch(`${base}/api/admin/products/1/images`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    await expectNothingStored();
  });
});

describe('PATCH and DELETE /api/admin/products/{id}/images/{imageId}', () => {
  async function twoPhotos(): Promise<[string, string]> {
    const first = await upload(form(await phonePhoto(), 'a.jpg', 'image/jpeg', 'First'));
    const second = await upload(
      form(
        await sharp({ create: { width: 700, height: 500, channels: 3, background: '#3a6' } })
          .png()
          .toBuffer(),
        'b.png',
        'image/png',
        'Second',
      ),
    );
    return [(first.body.image as AdminProductImage).id, (second.body.image as AdminProductImage).id];
  }

  async function send(method: 'PATCH' | 'DELETE', path: string, body?: unknown) {
    const res = await app.inject({
      method,
      url: path,
      headers: body === undefined ? AUTH : { ...AUTH, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  it('changes the alt text and the order, and removes an image (its rows stay for retention)', async () => {
    const [a, b] = await twoPhotos();
    const patched = await send('PATCH', `/api/admin/products/1/images/${b}`, { alt: 'Worn', position: 0 });
    expect(patched.status).toBe(200);
    expect((patched.body.product as MemoryProduct).images.map((i) => [i.id, i.alt])).toEqual([
      [b, 'Worn'],
      [a, 'First'],
    ]);
    const removed = await send('DELETE', `/api/admin/products/1/images/${b}`);
    expect(removed.status).toBe(200);
    expect((removed.body.product as MemoryProduct).images.map((i) => i.id)).toEqual([a]);
    expect(await app.media.store.ids()).toEqual(expect.arrayContaining([a, b]));
  }, 60_000);

  it('answers 404 for an unknown product or image, 400 naming a bad field', async () => {
    expect((await send('PATCH', '/api/admin/products/999/images/x', { alt: 'A' })).status).toBe(404);
    expect(await send('PATCH', '/api/admin/products/1/images/nope', { alt: 'A' })).toEqual({
      status: 404,
      body: { ok: false, error: PRODUCT_IMAGE_MESSAGES.imageNotFound },
    });
    expect((await send('DELETE', '/api/admin/products/1/images/nope')).status).toBe(404);
    const empty = await send('PATCH', '/api/admin/products/1/images/x', { alt: '  ' });
    expect(empty.status).toBe(400);
    expect(String(empty.body.error)).toContain(PRODUCT_IMAGE_MESSAGES.altEmpty);
    const extra = await send('PATCH', '/api/admin/products/1/images/x', { price: 1 });
    expect(extra.status).toBe(400);
  });
});

describe('GET /media/...', () => {
  it('answers 404 for an unknown photo, width or format', async () => {
    for (const name of [
      `${'a'.repeat(32)}-480.avif`,
      `${'a'.repeat(32)}-481.webp`,
      'x-480.avif',
      `${'a'.repeat(32)}-480.png`,
    ]) {
      expect((await fetch(`${base}/media/${name}`)).status, name).toBe(404);
    }
  });
});

describe('mediaIdsIn', () => {
  it('finds the photo ids among images and skips drawn pictures', () => {
    const id = 'c'.repeat(32);
    expect(
      mediaIdsIn([
        { base: `/media/${id}` },
        { base: '/img/product-1-1' },
        { base: `/media/${id}` },
        { base: '/media/x' },
      ]),
    ).toEqual([id]);
  });
});
