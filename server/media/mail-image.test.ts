/**
 * A product picture for e-mails (docs/product/states.md §5.10): a drawn picture of the build (`/img/{id}`) as a
 * JPEG, which Outlook shows (it shows no WebP).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';

describe('GET /media/mail/{id}-{width}.jpg of a drawn picture', () => {
  const data = tempDataDir();
  let app: FastifyInstance;

  beforeAll(async () => {
    const web = path.join(data.dir, 'web');
    mkdirSync(path.join(web, 'img'), { recursive: true });
    const webp = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#7a1f3d' } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(web, 'img', 'product-9-1-480.webp'), webp);
    app = await buildTestApp({ DATA_DIR: data.dir, WEB_DIST_DIR: web, RATE_LIMITS: 'off' });
  });

  afterAll(async () => {
    await app.close();
    data.remove();
  });

  it('converts the WebP rendition to a JPEG, and answers 404 for one the build has not', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/mail/product-9-1-480.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    const missing = await app.inject({ method: 'GET', url: '/media/mail/product-8-1-480.jpg' });
    expect(missing.statusCode).toBe(404);
    const traversal = await app.inject({ method: 'GET', url: '/media/mail/..%2Fsecret-480.jpg' });
    expect(traversal.statusCode).toBe(404);
  });
});
