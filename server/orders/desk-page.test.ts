/**
 * The order desk's page at /admin (docs/product/desk.md §10.10): served from its own build with the desk's
 * strict policy (no framing at all, our own scripts only), never indexed or shared-cached, out of the
 * sitemap and disallowed in robots.txt; without a desk build there is no /admin.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { deskPolicy } from '../security/csp';

const DESK_HTML =
  '<!doctype html><html><head><meta name="robots" content="noindex, nofollow" /><script type="module" crossorigin src="/assets/admin-x.js"></script></head><body><div id="desk-root"></div></body></html>';

let data: ReturnType<typeof tempDataDir>;
const apps: FastifyInstance[] = [];

beforeEach(() => {
  data = tempDataDir();
  const dist = path.join(data.dir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
});

afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  data.remove();
});

async function app(publicUrl = 'http://shop.test'): Promise<FastifyInstance> {
  const a = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: publicUrl,
      DATA_DIR: path.join(data.dir, 'data'),
      WEB_DIST_DIR: path.join(data.dir, 'dist'),
      ADMIN_TOKEN: 'desk-page-test-token',
    }),
    reconcile: false,
  });
  apps.push(a);
  await a.ready();
  return a;
}

describe('GET /admin', () => {
  it("serves the desk's page with its own strict policy, noindex and no shared caching", async () => {
    writeFileSync(path.join(data.dir, 'dist', 'admin.html'), DESK_HTML);
    const a = await app();
    const res = await a.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="desk-root">');
    expect(res.headers['content-security-policy']).toBe(deskPolicy({ scriptHashes: [], https: false }));
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['referrer-policy']).toBe('same-origin');

    const slash = await a.inject({ method: 'GET', url: '/admin/' });
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/admin');
  });

  it('asks browsers to upgrade stray http requests when the shop is https', async () => {
    writeFileSync(path.join(data.dir, 'dist', 'admin.html'), DESK_HTML);
    const a = await app('https://shop.test');
    const res = await a.inject({ method: 'GET', url: '/admin' });
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('is not there without a desk build, and never in the sitemap; robots.txt disallows it', async () => {
    const a = await app();
    expect((await a.inject({ method: 'GET', url: '/admin' })).statusCode).toBe(404);
    expect((await a.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain('/admin');
    expect((await a.inject({ method: 'GET', url: '/robots.txt' })).body).toMatch(/^Disallow: \/admin$/m);
  });
});
