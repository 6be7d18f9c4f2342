/**
 * What Fastify refuses before or around a route (a URL that cannot be decoded, a path parameter over the
 * router's limit, a body too large for an unknown route, JSON that does not parse) is answered by the
 * shop's one error handler: `{ ok: false, error }`, the security headers, and never the raw path.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';
import { API_MESSAGES } from '../lib/api-support';
import { NON_DOCUMENT_CSP } from './csp';
import { PERMISSIONS_POLICY } from './headers';

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance;

beforeAll(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir });
});
afterAll(async () => {
  await app.close();
  data.remove();
});

const MARKER = 'echo-marker';

const CASES: readonly [string, InjectOptions, number, string][] = [
  [
    'a URL that cannot be decoded',
    { method: 'GET', url: `/api/${MARKER}%E0%A4%A` },
    400,
    API_MESSAGES.badUrl,
  ],
  [
    'a path parameter over the router limit',
    { method: 'POST', url: `/api/orders/${MARKER}${'a'.repeat(300)}/confirm` },
    414,
    API_MESSAGES.urlTooLong,
  ],
  [
    'a body too large for an unknown route',
    {
      method: 'POST',
      url: `/api/${MARKER}`,
      headers: { 'content-type': 'application/json' },
      payload: `"${'x'.repeat(200 * 1024)}"`,
    },
    413,
    API_MESSAGES.tooLarge,
  ],
  ['an unknown route', { method: 'DELETE', url: `/api/${MARKER}` }, 404, API_MESSAGES.notFound],
  [
    'JSON that does not parse',
    {
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: `{"${MARKER}`,
    },
    400,
    API_MESSAGES.invalidJson,
  ],
];

describe('framework-level errors', () => {
  it.each(CASES)('%s: the shop shape, its headers, no echo', async (_name, request, status, error) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ ok: false, error });
    expect(res.body).not.toContain(MARKER);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['content-security-policy']).toBe(NON_DOCUMENT_CSP);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
