import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_EDIT_LIMITS, IMAGE_EDIT_MESSAGES, IMAGE_EDIT_PATH } from '../../domain/media/image-edit';
import { NO_SIGN_IN_HOLD } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { API_MESSAGES } from '../lib/api-support';
import { SignInThrottle } from '../security/admin-sessions';
import { installSecurity } from '../security/install';
import { bearerToken, installOwnerAuth } from '../security/owner-auth';
import { memoryCounters } from '../security/shared-counters';
import type { ImageEditEngine } from './engine';
import { adminRoutes } from './image-edit-routes';

const TOKEN = 'test-admin-token-0123';

function config(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', ADMIN_TOKEN: TOKEN, ...env });
}

let png: string;
beforeAll(async () => {
  const buf = await sharp({
    create: { width: 16, height: 8, channels: 3, background: { r: 100, g: 100, b: 100 } },
  })
    .png()
    .toBuffer();
  png = `data:image/png;base64,${buf.toString('base64')}`;
});

const apps: FastifyInstance[] = [];
async function adminApp(cfg = config(), engine?: ImageEditEngine): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // The app's own plumbing: the request guard (rate limits), the error handler, the headers, and the
  // owner's authentication (no desk sessions here: the editor is used with the Bearer token).
  await installSecurity(app, cfg, { notFound: true });
  await installOwnerAuth(app, {
    token: cfg.admin.token,
    secure: false,
    sessions: { use: async () => null, end: async () => {} },
    people: { byId: async () => null, count: async () => 0, seen: async () => {} },
    signIns: new SignInThrottle(memoryCounters(), NO_SIGN_IN_HOLD),
  });
  await app.register(adminRoutes, engine ? { config: cfg, engine } : { config: cfg });
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function post(app: FastifyInstance, body: unknown, auth: string | null = `Bearer ${TOKEN}`) {
  return app.inject({
    method: 'POST',
    url: IMAGE_EDIT_PATH,
    headers: { 'content-type': 'application/json', ...(auth === null ? {} : { authorization: auth }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/admin/hero-image/edit', () => {
  it('401 without a token, with a wrong token or another scheme; the engine never runs', async () => {
    const engine: ImageEditEngine = { name: 'spy', edit: vi.fn() };
    const app = await adminApp(config(), engine);
    const body = { imageUrl: png, editInstruction: 'brighter' };
    for (const auth of [null, 'Bearer wrong-token-0000', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer ']) {
      const res = await post(app, body, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.json()).toMatchObject({ error: IMAGE_EDIT_MESSAGES.unauthorized });
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
    expect(engine.edit).not.toHaveBeenCalled();
  });

  it('401 before reading an oversized body', async () => {
    const app = await adminApp();
    const res = await post(
      app,
      { imageUrl: `data:image/png;base64,${'A'.repeat(200_000)}`, editInstruction: 'x' },
      null,
    );
    expect(res.statusCode).toBe(401);
  });

  it('200 with the token: an edited data URL and what was and was not applied', async () => {
    const app = await adminApp();
    const res = await post(app, {
      imageUrl: png,
      editInstruction: 'brighter, crop to square and remove the sky',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as {
      editedImageUrl: string;
      applied: string[];
      notApplied: string[];
      engine: string;
    };
    expect(body.applied).toEqual(['brighter', 'crop to square']);
    expect(body.notApplied).toEqual([expect.stringMatching(/^remove the sky \(/)]);
    expect(body.engine).toBe('offline');
    expect(body.editedImageUrl).toMatch(/^data:image\/png;base64,/);
    const out = Buffer.from(body.editedImageUrl.split(',')[1] ?? '', 'base64');
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([8, 8]);
    expect(data[0]).toBeGreaterThan(100);
  });

  // The image is filled in per test: `png` only exists once beforeAll has run, after this table is built.
  const PNG = '__PNG__';
  it.each([
    ['missing fields', {}, 400, 'imageUrl: Invalid input: expected string, received undefined'],
    [
      'unexpected key',
      { imageUrl: PNG, editInstruction: 'brighter', price: 1 },
      400,
      'Unrecognized key: "price"',
    ],
    [
      'empty instruction',
      { imageUrl: PNG, editInstruction: '   ' },
      400,
      IMAGE_EDIT_MESSAGES.instructionEmpty,
    ],
    [
      'instruction too long',
      { imageUrl: PNG, editInstruction: 'b'.repeat(IMAGE_EDIT_LIMITS.maxInstructionChars + 1) },
      400,
      IMAGE_EDIT_MESSAGES.instructionTooLong,
    ],
    // The shop's one error handler answers what Fastify refuses itself, admin routes included.
    ['invalid JSON', '{nope', 400, API_MESSAGES.invalidJson],
  ])('4xx for bad input: %s', async (_name, body, status, error) => {
    const app = await adminApp();
    const payload =
      typeof body === 'object' && 'imageUrl' in body && body.imageUrl === PNG
        ? { ...body, imageUrl: png }
        : body;
    const res = await post(app, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ ok: false, error });
  });

  it.each([
    ['not a data URL', 'https://example.com/hero.png'],
    ['GIF', 'data:image/gif;base64,R0lGODlhAQABAAAAACw='],
    ['SVG', 'data:image/svg+xml;base64,PHN2Zy8+'],
    ['broken base64', 'data:image/png;base64,@@@@'],
  ])('400 for an image it does not take: %s', async (_name, imageUrl) => {
    const app = await adminApp();
    const res = await post(app, { imageUrl, editInstruction: 'brighter' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, error: IMAGE_EDIT_MESSAGES.badDataUrl });
  });

  it.each([
    [
      'bytes that are no image',
      'data:image/png;base64,AAAAAAAA',
      'brighter',
      { error: IMAGE_EDIT_MESSAGES.unreadable, notApplied: [] },
    ],
    [
      'nothing applicable',
      PNG,
      'make it pop',
      {
        error: 'No edit could be applied. Not applied: make it pop (not understood)',
        notApplied: ['make it pop (not understood)'],
      },
    ],
  ])('422 for an image it cannot edit: %s', async (_name, imageUrl, editInstruction, expected) => {
    const app = await adminApp();
    const res = await post(app, { imageUrl: imageUrl === PNG ? png : imageUrl, editInstruction });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ ok: false, ...expected });
  });

  it('413 for an image over the size cap, judged before decoding', async () => {
    const app = await adminApp();
    const base64 = 'A'.repeat(Math.ceil((IMAGE_EDIT_LIMITS.maxImageBytes + 3) / 3) * 4);
    const res = await post(app, { imageUrl: `data:image/png;base64,${base64}`, editInstruction: 'brighter' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: IMAGE_EDIT_MESSAGES.tooLarge });
  });

  it('422 for a decompression bomb (small file, huge pixel count)', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const app = await adminApp();
    const res = await post(app, {
      imageUrl: `data:image/png;base64,${bomb.toString('base64')}`,
      editInstruction: 'brighter',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: IMAGE_EDIT_MESSAGES.tooManyPixels });
  });

  it('rate limits per client, counting refused tokens too', async () => {
    const app = await adminApp();
    // At once, so the failed tokens' delays overlap: ten are answered as wrong, then the owner's failed
    // sign-ins refuse the rest (security/owner-auth.ts).
    const guesses = await Promise.all(
      Array.from({ length: IMAGE_EDIT_LIMITS.requestsPerWindow }, () =>
        post(app, {}, 'Bearer guess-00000000'),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(statuses.length - 10).fill(429)]);
    const res = await post(app, { imageUrl: png, editInstruction: 'brighter' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ ok: false, error: IMAGE_EDIT_MESSAGES.rateLimited });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('RATE_LIMITS=off switches the editor limit off too (volume tests)', async () => {
    const app = await adminApp(config({ RATE_LIMITS: 'off' }));
    for (let i = 0; i <= IMAGE_EDIT_LIMITS.requestsPerWindow; i += 1) {
      expect((await post(app, {})).statusCode).toBe(400);
    }
  });

  it('a failing hosted engine is a 502 with a generic message', async () => {
    const engine: ImageEditEngine = {
      name: 'broken',
      edit: async () => {
        const { ImageEngineError } = await import('./engine');
        throw new ImageEngineError('upstream said 500');
      },
    };
    const app = await adminApp(config(), engine);
    const res = await post(app, { imageUrl: png, editInstruction: 'brighter' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ ok: false, error: IMAGE_EDIT_MESSAGES.engineFailed });
  });
});

describe('hosted engine behind the same route (IMAGE_EDIT_API_URL)', () => {
  let server: Server;
  let url: string;
  const seen: { auth?: string; body?: { imageUrl?: string; editInstruction?: string } } = {};
  let reply: (res: import('node:http').ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      req.on('end', () => {
        seen.auth = req.headers.authorization;
        seen.body = JSON.parse(raw) as typeof seen.body;
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/edit`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('forwards the editor request body with the API key and returns its checked image', async () => {
    const edited = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .webp()
      .toBuffer();
    reply = (res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ editedImageUrl: `data:image/webp;base64,${edited.toString('base64')}` }));
    };
    const app = await adminApp(config({ IMAGE_EDIT_API_URL: url, IMAGE_EDIT_API_KEY: 'sk-hosted' }));
    const res = await post(app, { imageUrl: png, editInstruction: 'replace the sky with a sunset' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      applied: ['replace the sky with a sunset'],
      notApplied: [],
      engine: 'hosted',
      editedImageUrl: `data:image/webp;base64,${edited.toString('base64')}`,
    });
    expect(seen.auth).toBe('Bearer sk-hosted');
    expect(seen.body).toEqual({ imageUrl: png, editInstruction: 'replace the sky with a sunset' });
  });

  it('refuses a reply that is not an image data URL (no remote fetches)', async () => {
    reply = (res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ editedImageUrl: 'http://169.254.169.254/latest/meta-data' }));
    };
    const app = await adminApp(config({ IMAGE_EDIT_API_URL: url }));
    expect((await post(app, { imageUrl: png, editInstruction: 'x' })).statusCode).toBe(502);
  });

  it('an upstream error is a 502', async () => {
    reply = (res) => {
      res.statusCode = 500;
      res.end('oops');
    };
    const app = await adminApp(config({ IMAGE_EDIT_API_URL: url }));
    expect((await post(app, { imageUrl: png, editInstruction: 'x' })).statusCode).toBe(502);
  });
});

describe('admin token', () => {
  it('is read from a Bearer header only', () => {
    expect(bearerToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`bearer   ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`Basic ${TOKEN}`)).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken(`Bearer ${TOKEN} extra`)).toBeNull();
  });

  it('is generated when ADMIN_TOKEN is unset and differs per start (ops/token-notice.test.ts: printed)', () => {
    const a = loadConfig({ LOG_LEVEL: 'silent' });
    const b = loadConfig({ LOG_LEVEL: 'silent' });
    expect(a.admin.tokenGenerated).toBe(true);
    expect(a.admin.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.admin.token).not.toBe(b.admin.token);
    expect(loadConfig({ ADMIN_TOKEN: TOKEN }).admin).toMatchObject({ token: TOKEN, tokenGenerated: false });
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
  });
});

describe('runtime env script and route registration in the app', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'solas-admin-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves only the flag variables as a no-cache script, and the admin route is registered', async () => {
    const cfg = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_TOKEN: TOKEN,
      FLAG_HERO_V2: 'TRUE',
      MOBILE_NAV: 'false',
      CONTENT_PURGE: 'maybe',
      FLAG_SECRET: 'true',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      CLOSED_DATES: '2026-12-24..2027-01-04, 2027-03-17..2027-03-17',
    });
    const app = await buildApp({ config: cfg, serveWeb: false });
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/runtime-env.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(
      'window.__SOLAS_ENV__=Object.freeze({"MOBILE_NAV":"false","FLAG_HERO_V2":"true","SELLER_NAME":"[Owner name], trading as Solas","SELLER_ADDRESS":"[Street address], [Town], Co. [County], Ireland","VAT_RATE":"23","SELLER_EMAIL":"hello@solas.example","SELLER_VAT_MODE":"none"});\n' +
        // The making queue's working days and the capacity (at most a minute old; never the pieces
        // queued): empty here, at the default capacity.
        'window.__SOLAS_QUEUE__=Object.freeze({"days":0,"capacity":8,"quiet":true});\n' +
        // The early-bird price: none (EARLY_BIRD_UNTIL unset and no desk setting).
        'window.__SOLAS_EARLY_BIRD__=null;\n',
    );
    const edit = await post(app, { imageUrl: png, editInstruction: 'brighter' }, null);
    expect(edit.statusCode).toBe(401);
  });
});
