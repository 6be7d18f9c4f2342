/**
 * Security headers on the real app: a per-page CSP whose script hashes are exactly those of the page's
 * inline scripts, Stripe's checkout as a form target only with Stripe, HSTS only for an https
 * PUBLIC_URL, headers on every kind of answer (pages, files, API, 404s, refusals), and a route's own
 * stricter policy left alone.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { PUBLIC_URL_TOKEN } from '../pages/html-pages';
import {
  inlineScriptHashes,
  NON_DOCUMENT_CSP,
  pagePolicy,
  STRIPE_CHECKOUT_ORIGIN,
  testCheckoutPolicy,
} from './csp';
import { HSTS } from './headers';

const HEAD_SCRIPT = "document.documentElement.dataset.ready='1'";
const JSON_LD = `{"@context":"https://schema.org","@type":"Product","url":"${PUBLIC_URL_TOKEN}/product/1"}`;

function sha(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

let data: ReturnType<typeof tempDataDir>;
const apps: FastifyInstance[] = [];

beforeEach(() => {
  data = tempDataDir();
  const dist = path.join(data.dir, 'dist');
  mkdirSync(path.join(dist, 'pages', 'product'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script>${HEAD_SCRIPT}</script><script defer src="/runtime-env.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(
    path.join(dist, 'pages', 'product', '1.html'),
    `<!doctype html><html><head><script>${HEAD_SCRIPT}</script><script type="application/ld+json">${JSON_LD}</script></head><body><div id="root"><h1>First Light</h1></div><script>$RC("B:0","S:0")</script></body></html>`,
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  data.remove();
});

async function app(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const a = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://shop.test',
      DATA_DIR: path.join(data.dir, 'data'),
      WEB_DIST_DIR: path.join(data.dir, 'dist'),
      ...env,
    }),
    reconcile: false,
  });
  apps.push(a);
  await a.ready();
  return a;
}

describe('inlineScriptHashes', () => {
  it('hashes inline scripts (JSON-LD included), never external ones, once each', () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module" src='/y.js'></script><script type="application/ld+json">{"a":1}</script><script>a()</script><SCRIPT nonce="n">b()</SCRIPT >`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('{"a":1}'), sha('b()')]);
  });
});

describe('pagePolicy', () => {
  it('never allows inline or eval scripts, and lists every directive docs/security.md names', () => {
    const policy = pagePolicy({ scriptHashes: [sha('x')], stripe: false, https: false });
    const script = policy.split('; ').find((d) => d.startsWith('script-src '));
    expect(script).toBe(`script-src 'self' ${sha('x')}`);
    expect(policy).not.toMatch(/unsafe-eval/);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      "form-action 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});

describe('security headers on the app', () => {
  it('each page gets the hashes of exactly its own inline scripts, after the PUBLIC_URL fill-in', async () => {
    const a = await app();
    const home = await a.inject({ method: 'GET', url: '/' });
    expect(home.headers['content-security-policy']).toContain(`script-src 'self' ${sha(HEAD_SCRIPT)};`);
    const product = await a.inject({ method: 'GET', url: '/product/1' });
    const csp = String(product.headers['content-security-policy']);
    const served = JSON_LD.replace(PUBLIC_URL_TOKEN, 'http://shop.test');
    expect(csp).toContain(`script-src 'self' ${sha(HEAD_SCRIPT)} ${sha(served)} ${sha('$RC("B:0","S:0")')};`);
    expect(csp).not.toContain(sha(JSON_LD));
    // Compressed variants carry the same policy.
    const br = await a.inject({ method: 'GET', url: '/product/1', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-security-policy']).toBe(csp);
  });

  it('with Stripe, its hosted checkout is a permitted form target; with https, HSTS and upgrades', async () => {
    const a = await app({ STRIPE_SECRET_KEY: 'sk_test_headers123', PUBLIC_URL: 'https://solas.example' });
    const res = await a.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain(`form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}`);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    const plain = await app({ DATA_DIR: path.join(data.dir, 'data2') });
    expect(
      (await plain.inject({ method: 'GET', url: '/' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });

  it('every kind of answer carries the headers; files and the API get the strict non-document policy', async () => {
    const a = await app();
    const answers = await Promise.all([
      a.inject({ method: 'GET', url: '/favicon.svg' }),
      a.inject({ method: 'GET', url: '/api/health' }),
      a.inject({ method: 'GET', url: '/api/nothing-here' }),
      a.inject({ method: 'GET', url: '/no-such-page' }),
      a.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      }),
      a.inject({ method: 'GET', url: '/robots.txt' }),
    ]);
    const ids = new Set<string>();
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)']) {
        expect(String(res.headers['permissions-policy']).split(', ')).toContain(feature);
      }
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Product images may be shown by e-mails and other sites.
      expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
      ids.add(String(res.headers['x-request-id']));
      const html = String(res.headers['content-type']).startsWith('text/html');
      // HTML here is the 404 answer: the home page's shell, with the home page's own hashes.
      expect(res.headers['content-security-policy']).toBe(
        html
          ? pagePolicy({ scriptHashes: [sha(HEAD_SCRIPT)], stripe: false, https: false })
          : NON_DOCUMENT_CSP,
      );
    }
    expect(ids.size).toBe(answers.length);
  });

  it("leaves a route's own stricter policy and referrer rule in place (the test checkout)", async () => {
    const a = await app();
    const created = await a.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: 'h@example.ie', items: [{ id: '1', quantity: 1 }] },
    });
    const { sessionId } = created.json() as { sessionId: string };
    const page = await a.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
    expect(page.headers['content-security-policy']).toBe(testCheckoutPolicy('http://shop.test'));
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self'/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });
});
