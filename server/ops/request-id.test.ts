/**
 * The request id: every answer carries `x-request-id`, and every log line written while serving that
 * request carries the same id as `reqId`, including lines the request's own code writes (here the owner
 * hook's warning about a wrong token). Behind a trusted proxy (TRUST_PROXY) a well-formed id from the
 * proxy is kept; without one, a client's header is ignored and the shop makes its own.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance | null = null;
let lines: Record<string, unknown>[] = [];

beforeEach(() => {
  data = tempDataDir();
  lines = [];
  // The logger writes to process.stdout's own write when a runner replaced it (ops/logging.ts).
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const text of String(chunk).split('\n')) {
      if (text.startsWith('{')) lines.push(JSON.parse(text) as Record<string, unknown>);
    }
    return true;
  });
});

afterEach(async () => {
  await app?.close();
  app = null;
  vi.restoreAllMocks();
  data.remove();
});

async function start(env: Record<string, string> = {}) {
  app = await buildTestApp({
    DATA_DIR: data.dir,
    LOG_LEVEL: 'info',
    ADMIN_TOKEN: 'request-id-owner-token',
    RATE_LIMITS: 'off',
    ...env,
  });
  return app;
}

/** A request that logs a line of its own before the request line: an owner route with a wrong token. */
function wrongToken(target: FastifyInstance, headers: Record<string, string> = {}) {
  return target.inject({
    method: 'GET',
    url: '/api/admin/orders',
    headers: { authorization: 'Bearer not-the-owner-token', ...headers },
  });
}

describe('the request id', () => {
  it('is on the answer and on every log line of the request', async () => {
    const shop = await start();
    const res = await wrongToken(shop);
    expect(res.statusCode).toBe(401);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['owner: wrong admin token', 'request completed']);
    // No line of the request goes without it.
    const about = lines.filter((l) => l.msg === 'owner: wrong admin token' || l.msg === 'request completed');
    expect(about.every((l) => l.reqId === id)).toBe(true);
    const other = await shop.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('keeps a trusted proxy’s id, and ignores a client’s when no proxy is trusted', async () => {
    const behindProxy = await start({ TRUST_PROXY: '1' });
    const res = await wrongToken(behindProxy, { 'x-request-id': 'edge-4f9a2c1b77' });
    expect(res.headers['x-request-id']).toBe('edge-4f9a2c1b77');
    expect(lines.filter((l) => l.reqId === 'edge-4f9a2c1b77').map((l) => l.msg)).toEqual([
      'owner: wrong admin token',
      'request completed',
    ]);
    // A malformed one is replaced, never logged as sent.
    const odd = await behindProxy.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b' },
    });
    expect(odd.headers['x-request-id']).not.toBe('a b');
    await behindProxy.close();
    app = null;

    const direct = await start();
    const own = await direct.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-4f9a2c1b78' },
    });
    expect(own.headers['x-request-id']).not.toBe('edge-4f9a2c1b78');
    expect(lines.some((l) => l.reqId === 'edge-4f9a2c1b78')).toBe(false);
  });
});
