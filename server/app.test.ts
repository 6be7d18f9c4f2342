/**
 * One path for every answer: a prerendered page, an API answer and an error answer, requested over a
 * real socket, all pass through the app's hooks and carry the same security headers (@fastify/helmet's,
 * Permissions-Policy, HSTS with an https PUBLIC_URL, a request id of their own); only the
 * Content-Security-Policy differs, by what the answer is (a page's hashes, or the non-document policy).
 * Helmet's headers are the set the plugin wrote once (security/headers.ts), set by one hook for all.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../tests/support/test-app';
import { buildApp } from './app';
import { loadConfig } from './config';
import { inlineScriptHashes, NON_DOCUMENT_CSP, pagePolicy } from './security/csp';

const PAGE = `<!doctype html><html><head><script>window.__p=1</script></head><body><div id="root"><h1>First Light</h1></div></body></html>`;

/** Headers that describe the body or the connection, not the answer's security. */
const NOT_SECURITY = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-security-policy',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'vary',
  'x-request-id',
]);

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance | null = null;

beforeEach(() => {
  data = tempDataDir();
  const dist = path.join(data.dir, 'dist');
  mkdirSync(path.join(dist, 'pages', 'product'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'pages', 'product', '1.html'), PAGE);
});

afterEach(async () => {
  await app?.close();
  app = null;
  data.remove();
});

function securityHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !NOT_SECURITY.has(name)));
}

describe('every answer, one path', () => {
  it('a page, an API answer and errors pass the same hooks and carry the same security headers', async () => {
    app = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'https://solas.example',
        DATA_DIR: path.join(data.dir, 'data'),
        WEB_DIST_DIR: path.join(data.dir, 'dist'),
      }),
      reconcile: false,
    });
    const hooked: string[] = [];
    app.addHook('onSend', async (request) => {
      hooked.push(`${request.method} ${request.url}`);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const page = await fetch(`${base}/product/1`, { headers: { 'accept-encoding': 'br' } });
    const api = await fetch(`${base}/api/health`);
    const notFound = await fetch(`${base}/api/nothing-here`);
    const badJson = await fetch(`${base}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    // A page answered by the not-found handler.
    const missingPage = await fetch(`${base}/no-such-page`);
    expect([page.status, api.status, notFound.status, badJson.status, missingPage.status]).toEqual([
      200, 200, 404, 400, 404,
    ]);
    expect(missingPage.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<h1>First Light</h1>');

    expect(hooked).toEqual([
      'GET /product/1',
      'GET /api/health',
      'GET /api/nothing-here',
      'POST /api/newsletter',
      'GET /no-such-page',
    ]);
    const pageHeaders = securityHeaders(page.headers);
    expect(pageHeaders).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': expect.stringMatching(/^max-age=\d+; includeSubDomains$/),
      'permissions-policy': expect.stringContaining('camera=()'),
    });
    for (const other of [api, notFound, badJson, missingPage]) {
      expect(securityHeaders(other.headers)).toEqual(pageHeaders);
    }

    expect(page.headers.get('content-security-policy')).toBe(
      pagePolicy({ scriptHashes: inlineScriptHashes(PAGE), stripe: false, https: true }),
    );
    for (const other of [api, notFound, badJson]) {
      expect(other.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP);
      expect(other.headers.get('cache-control')).toBe('no-store');
    }
    const ids = [page, api, notFound, badJson, missingPage].map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
