/**
 * The page fast path answers exactly as Fastify does: the same status, the same headers in the same order
 * (only Date and X-Request-Id values differ) and the same bytes, for every prerendered page, every
 * encoding, HEAD and a matching If-None-Match; the same log line; the same 503 while the app closes; and
 * every other request is left to Fastify. Two apps on real sockets, one with the fast path and one
 * without, are compared request by request.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { PUBLIC_URL_TOKEN } from '../html-pages';

let data: ReturnType<typeof tempDataDir>;
const apps: FastifyInstance[] = [];

function page(title: string, script: string): string {
  return `<!doctype html><html><head><script>${script}</script><script type="application/ld+json">{"url":"${PUBLIC_URL_TOKEN}/x"}</script></head><body><div id="root"><h1>${title}</h1><p>${'Beads and silver. '.repeat(200)}</p></div></body></html>`;
}

beforeEach(() => {
  data = tempDataDir();
  const dist = path.join(data.dir, 'dist');
  mkdirSync(path.join(dist, 'pages', 'product'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), page('Solas', "document.documentElement.dataset.home='1'"));
  writeFileSync(path.join(dist, 'pages', 'shop.html'), page('Shop', "window.__shop='1'"));
  writeFileSync(path.join(dist, 'pages', 'product', '1.html'), page('First Light', '$RC("B:0","S:0")'));
  writeFileSync(path.join(dist, 'pages', 'order.html'), page('Find your order', "window.__order='1'"));
  writeFileSync(path.join(dist, 'pages', '404.html'), page('Not found', "window.__nf='1'"));
  writeFileSync(path.join(dist, 'admin.html'), '<!doctype html><title>Desk</title><div id="desk"></div>');
});

afterEach(async () => {
  for (const a of apps.splice(0)) await a.close().catch(() => {});
  data.remove();
});

interface Started {
  readonly app: FastifyInstance;
  readonly port: number;
  /** Lines the app's logger wrote since it started listening. */
  readonly lines: string[];
  /** Requests that reached Fastify's hooks (the fast path's never do). */
  readonly routed: string[];
}

async function start(
  fastPath: boolean,
  env: Record<string, string> = {},
  beforeListen?: (app: FastifyInstance) => void,
): Promise<Started> {
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://shop.test',
      ADMIN_TOKEN: 'fast-path-admin-token-0123',
      DATA_DIR: path.join(data.dir, `data-${apps.length}`),
      WEB_DIST_DIR: path.join(data.dir, 'dist'),
      ...env,
    }),
    reconcile: false,
    pageFastPath: fastPath,
  });
  apps.push(app);
  const routed: string[] = [];
  app.addHook('onRequest', async (request) => {
    routed.push(`${request.method} ${request.url}`);
  });
  beforeListen?.(app);
  const lines: string[] = [];
  const logger = app.log as unknown as Record<symbol, { write(line: string): boolean }>;
  const stream = logger[pino.symbols.streamSym];
  if (stream) {
    // The logger's own stream (stdout), captured: every line of the app goes through its write.
    stream.write = (line: string) => {
      lines.push(line);
      return true;
    };
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  lines.length = 0;
  return { app, port: (app.server.address() as AddressInfo).port, lines, routed };
}

interface Answer {
  readonly status: number | undefined;
  /** Header names and values as sent, in order; Date and X-Request-Id values blanked. */
  readonly headers: readonly string[];
  readonly requestId: string | undefined;
  readonly body: Buffer;
}

function request(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = res.rawHeaders.map((v, i, all) => {
          const name = (i % 2 === 1 ? all[i - 1] : '')?.toLowerCase();
          return name === 'date' || name === 'x-request-id' ? '*' : v;
        });
        resolve({
          status: res.statusCode,
          headers: raw,
          requestId: res.headers['x-request-id'] as string | undefined,
          body: Buffer.concat(chunks),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const PAGE_PATHS = ['/', '/index.html', '/shop', '/product/1'];
const ENCODINGS: Record<string, string>[] = [
  { 'accept-encoding': 'br' },
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'gzip, deflate, br' },
  {},
];

/** Every page x encoding x GET/HEAD, then a matching If-None-Match (GET and HEAD) and a stale one. */
async function compareEverything(fast: Started, plain: Started): Promise<number> {
  let compared = 0;
  for (const url of PAGE_PATHS) {
    for (const encoding of ENCODINGS) {
      for (const method of ['GET', 'HEAD']) {
        const a = await request(fast.port, method, url, encoding);
        const b = await request(plain.port, method, url, encoding);
        expect(a.status).toBe(200);
        expect({ url, method, encoding, headers: a.headers }).toEqual({
          url,
          method,
          encoding,
          headers: b.headers,
        });
        expect(a.body.equals(b.body)).toBe(true);
        if (method === 'HEAD') expect(a.body.length).toBe(0);
        compared += 1;
      }
    }
    const etag = (await request(plain.port, 'GET', url)).headers;
    const tag = etag[etag.findIndex((v) => v.toLowerCase() === 'etag') + 1] ?? '';
    for (const [method, ifNoneMatch] of [
      ['GET', tag],
      ['HEAD', tag],
      ['GET', '"stale"'],
    ] as const) {
      const headers = { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' };
      const a = await request(fast.port, method, url, headers);
      const b = await request(plain.port, method, url, headers);
      expect(a.status).toBe(ifNoneMatch === tag ? 304 : 200);
      expect({ url, method, ifNoneMatch, headers: a.headers }).toEqual({
        url,
        method,
        ifNoneMatch,
        headers: b.headers,
      });
      expect(a.body.equals(b.body)).toBe(true);
      compared += 1;
    }
  }
  return compared;
}

describe('the page fast path', () => {
  it('sends every page, encoding, HEAD and 304 byte for byte as Fastify does, without routing them', async () => {
    const fast = await start(true);
    const plain = await start(false);
    const compared = await compareEverything(fast, plain);
    expect(compared).toBe(PAGE_PATHS.length * (ENCODINGS.length * 2 + 3));
    // None of them reached Fastify on the fast app; all of them did on the other.
    expect(fast.routed).toEqual([]);
    expect(plain.routed.length).toBeGreaterThanOrEqual(compared);
  });

  it('with https and Stripe: HSTS, the upgrade directive and Stripe as a form target, as Fastify sends', async () => {
    const env = { PUBLIC_URL: 'https://solas.example', STRIPE_SECRET_KEY: 'sk_test_fastpath123' };
    const fast = await start(true, env);
    const plain = await start(false, env);
    await compareEverything(fast, plain);
    const a = await request(fast.port, 'GET', '/product/1', { 'accept-encoding': 'br' });
    expect(a.headers).toContain('Strict-Transport-Security');
    expect(a.headers.join('\n')).toContain('upgrade-insecure-requests');
    expect(fast.routed).toEqual([]);
  });

  it('gives each answer a fresh request id, and keeps a trusted proxy’s well-formed one', async () => {
    const fast = await start(true);
    const ids = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) ids.add((await request(fast.port, 'GET', '/shop')).requestId);
    expect(ids.size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const incoming = { 'x-request-id': 'proxy-id-0123456789' };
    expect((await request(fast.port, 'GET', '/shop', incoming)).requestId).not.toBe('proxy-id-0123456789');

    const behindProxy = await start(true, { TRUST_PROXY: '1' });
    expect((await request(behindProxy.port, 'GET', '/shop', incoming)).requestId).toBe('proxy-id-0123456789');
    const malformed = { 'x-request-id': 'bad id with spaces' };
    expect((await request(behindProxy.port, 'GET', '/shop', malformed)).requestId).toMatch(
      /^[A-Za-z0-9_-]{12}$/,
    );
  });

  it('leaves everything else to Fastify: query strings, the order pages, the desk, 404s, redirects, POST', async () => {
    const fast = await start(true);
    const plain = await start(false);
    const others: [string, string][] = [
      ['GET', '/product/1?ref=mail'],
      ['GET', '/shop/'],
      ['GET', '/SHOP'],
      ['GET', '/order'],
      ['GET', '/order/SOL-1234'],
      ['GET', '/admin'],
      ['GET', '/404'],
      ['GET', '/nowhere'],
      ['GET', '/#/shop'],
      ['POST', '/shop'],
      ['OPTIONS', '/'],
      ['GET', '/api/health'],
    ];
    for (const [method, url] of others) {
      const a = await request(fast.port, method, url, { 'accept-encoding': 'br' });
      const b = await request(plain.port, method, url, { 'accept-encoding': 'br' });
      expect({ method, url, status: a.status }).toEqual({ method, url, status: b.status });
      expect({ method, url, headers: a.headers }).toEqual({ method, url, headers: b.headers });
    }
    expect(fast.routed).toEqual(others.map(([method, url]) => `${method} ${url}`));
  });

  it('writes the same one log line per request as Fastify, at info and not above', async () => {
    const fast = await start(true);
    const plain = await start(false);
    const normalise = (line: string | undefined) => {
      const entry = JSON.parse(line ?? '{}') as Record<string, unknown> & {
        req: Record<string, unknown>;
      };
      expect(typeof entry.time).toBe('number');
      expect(typeof entry.responseTime).toBe('number');
      expect(entry.reqId).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(entry.req.remotePort).toEqual(expect.any(Number));
      return JSON.stringify({
        ...entry,
        time: 0,
        reqId: '',
        responseTime: 0,
        req: { ...entry.req, remotePort: 0 },
      });
    };
    for (const [method, url, headers] of [
      ['GET', '/product/1', { 'accept-encoding': 'br' }],
      ['HEAD', '/', {}],
      ['GET', '/shop', { 'if-none-match': 'whatever' }],
    ] as const) {
      fast.lines.length = 0;
      plain.lines.length = 0;
      const answer = await request(fast.port, method, url, headers);
      await request(plain.port, method, url, headers);
      await new Promise((r) => setImmediate(r));
      expect(fast.lines).toHaveLength(1);
      expect(plain.lines).toHaveLength(1);
      // The same fields in the same order, the same values but for the time, the id and the port.
      expect(normalise(fast.lines[0])).toBe(normalise(plain.lines[0]));
      expect(fast.lines[0]?.endsWith('\n')).toBe(true);
      expect(JSON.parse(fast.lines[0] ?? '{}')).toMatchObject({
        level: 30,
        reqId: answer.requestId,
        req: { method, url, remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        msg: 'request completed',
      });
    }
    const first = await request(fast.port, 'GET', '/shop');
    const etag = first.headers[first.headers.indexOf('etag') + 1] ?? '';
    fast.lines.length = 0;
    await request(fast.port, 'GET', '/shop', { 'if-none-match': etag });
    await new Promise((r) => setImmediate(r));
    expect(JSON.parse(fast.lines[0] ?? '{}')).toMatchObject({ res: { statusCode: 304 } });

    // Above info: no request line at all (Fastify's own path writes none either).
    const quiet = await start(true, { LOG_LEVEL: 'warn' });
    await request(quiet.port, 'GET', '/product/1');
    await new Promise((r) => setImmediate(r));
    expect(quiet.lines).toEqual([]);
  });

  it('reads the client address behind a trusted proxy as Fastify does', async () => {
    const fast = await start(true, { TRUST_PROXY: '127.0.0.1' });
    const plain = await start(false, { TRUST_PROXY: '127.0.0.1' });
    const headers = { 'x-forwarded-for': '203.0.113.7, 198.51.100.2' };
    await request(fast.port, 'GET', '/shop', headers);
    await request(plain.port, 'GET', '/shop', headers);
    await new Promise((r) => setImmediate(r));
    const address = (lines: string[]) =>
      (JSON.parse(lines.at(-1) ?? '{}') as { req?: { remoteAddress?: string } }).req?.remoteAddress;
    expect(address(fast.lines)).toBe('198.51.100.2');
    expect(address(fast.lines)).toBe(address(plain.lines));
  });

  it('hands pages to Fastify once the app is closing: the same 503 and Connection: close', async () => {
    const during: Record<string, Answer> = {};
    const probe = (name: string) => (app: FastifyInstance) => {
      // Runs after the app's own first preClose hook, while the server still accepts connections.
      app.addHook('preClose', async () => {
        const port = (app.server.address() as AddressInfo).port;
        during[name] = await request(port, 'GET', '/product/1', { 'accept-encoding': 'br' });
      });
    };
    const fast = await start(true, {}, probe('fast'));
    const plain = await start(false, {}, probe('plain'));
    expect((await request(fast.port, 'GET', '/product/1')).status).toBe(200);
    await fast.app.close();
    await plain.app.close();
    expect(during.fast?.status).toBe(503);
    expect(during.fast?.headers).toEqual(during.plain?.headers);
    expect(during.fast?.headers).toContain('close');
    expect(during.fast?.body.toString()).toBe(during.plain?.body.toString());
  });

  it('keeps the HTTP server Fastify would build: timeouts, keep-alive, the connections check', async () => {
    const fast = await start(true);
    const plain = await start(false);
    const settings = (s: http.Server) => ({
      keepAliveTimeout: s.keepAliveTimeout,
      requestTimeout: s.requestTimeout,
      headersTimeout: s.headersTimeout,
      timeout: s.timeout,
      maxRequestsPerSocket: s.maxRequestsPerSocket,
      clientErrorListeners: s.listenerCount('clientError'),
    });
    expect(settings(fast.app.server)).toEqual(settings(plain.app.server));
    expect(fast.app.server.requestTimeout).toBe(60_000);
    expect(fast.app.server.headersTimeout).toBe(20_000);
  });
});
