/**
 * Deny by default. Every route the real app registers (front end included) is listed and must be either
 * on the explicit allowlist of public routes below or an owner route under /api/admin/. Owner routes must
 * refuse every request without the admin token; a new route nobody classified fails this test, and so
 * does an allowlist entry whose route is gone. State-changing routes must have a guard policy and a body
 * limit no larger than their policy's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct } from '../../domain/catalogue';
import { PHOTO_MESSAGES } from '../../domain/media/photo-types';
import { resolvePath } from '../../domain/routes';
import { tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { API_MESSAGES } from '../lib/api-support';
import { ADMIN_PREFIX, type BodyKind, isSafeMethod, routeKey } from './route-policy';

/** Public on purpose; each line says why anyone may call it. */
const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/health': 'monitors; only the database dialect, whether it answers, pending migrations',
  'GET /api/products/:id':
    'what every product page shows: name, price, status and which sizes can be made now',
  'POST /api/shipping/webhook':
    "the carrier's tracking events; refused (403) without the shared secret SHIPENGINE_WEBHOOK_SECRET, compared in constant time",
  'GET /runtime-env.js':
    'flag values, the seller identity the legal pages show, the making queue as days and capacity, the early-bird terms; never other environment',
  'GET /metrics':
    'Prometheus; Bearer METRICS_TOKEN (constant-time compare), 404 while unset, counts only (ops/metrics.ts)',
  'GET /sitemap.xml': 'search engines',
  'GET /media/:name':
    "renditions of the owner's product photos, by content address; pictures of bracelets only",
  'GET /media/mail/:name':
    'JPEG copies of the product photos for e-mails (mail clients show no WebP); pictures of bracelets only',
  'GET /robots.txt': 'search engines',
  'GET /feeds/google.xml':
    'shopping channels (Google Merchant Center): the products on sale, no personal data',
  'GET /feeds/meta.csv': 'shopping channels (Meta, Pinterest): the products on sale, no personal data',
  'GET /': 'the shop',
  'GET /index.html': 'the shop',
  'GET /product/:id': 'the shop: every product page, rendered from the current catalogue',
  'GET /catalogue/:file': 'the catalogue the pages are rendered from, as every shopper sees it',
  'GET /*': 'built files (hashed assets, images, icons); .html and the build manifest excluded',
  'POST /api/checkout': 'shoppers; guarded (JSON, same origin, rate limit), prices from the catalogue',
  'POST /api/discounts/check':
    'shoppers: what a discount code takes off the cart; guarded like the checkout, stores nothing',
  'POST /api/orders/:sessionId/confirm': 'the confirmation page; asks the provider, idempotent',
  'POST /api/gift-cards/balance':
    'shoppers: a gift card code in, its balance and expiry out; one answer for any invalid code, limited per client and per code',
  'POST /api/newsletter': 'shoppers; guarded, stores an address once and sends its confirmation',
  'POST /api/enquiries':
    'visitors; guarded (JSON, same origin, the enquiry rate limit), a hidden field for bots, text kept as text',
  'POST /api/order-page': 'the shopper holding the order key (constant-time compare); guarded, rate limited',
  'POST /api/order-page/find': 'anyone; same answer either way, the link only e-mailed to the order address',
  'POST /api/order-page/withdrawal': 'the shopper holding the order key; one notice per order',
  'POST /api/orders/:reference/reviews': 'the buyer holding the order key; guarded, the order page limit',
  'POST /api/orders/:reference/exchanges':
    'the buyer holding the order key asks for another size; guarded, the order page limit',
  'POST /api/order-page/reviews': 'the buyer holding the order key; reads their own reviews',
  'POST /api/quotes/:reference':
    'the client holding the quote key (constant-time compare); guarded, rate limited',
  'POST /api/quotes/:reference/checkout':
    'the client holding the quote key; guarded like the checkout, the quote priced by the server',
  'GET /api/products/:id/reviews': 'anyone; published reviews only, display name and month',
  'GET /api/reviews/summary': 'anyone; averages, counts and the quotes the owner picked',
  'GET /review-requests/stop': 'the link of a review request e-mail; shows a page, changes nothing',
  'POST /review-requests/stop': 'the holder of a review request token; guarded (same origin, rate limit)',
  'GET /newsletter/confirm': 'the link of a confirmation e-mail; shows a page, changes nothing',
  'POST /newsletter/confirm': 'the holder of a confirmation token; guarded (same origin, rate limit)',
  'GET /newsletter/unsubscribe': 'the unsubscribe link of a newsletter e-mail; shows a page, changes nothing',
  'POST /newsletter/unsubscribe':
    'RFC 8058 one-click: the holder of the token, from any origin (route-policy.ts)',
  'POST /api/webhooks/stripe': 'Stripe; authenticated by the signature over the raw body',
  'GET /test-checkout/assets/test-checkout.css': 'the test checkout page',
  'GET /test-checkout/:sessionId': 'the shopper holding the session id (as Stripe Checkout)',
  'GET /test-checkout/:sessionId/cancel':
    'the shopper holding the session id: ends an open session, back to the shop',
  'POST /test-checkout/:sessionId/pay': 'the shopper holding the session id; guarded, test cards only',
  'POST /api/admin/session':
    'the owner signing in with the token; guarded, failures slowed down and limited per address',
  'POST /api/back-in-touch':
    'shoppers while the maker is away; guarded like the newsletter, stores an address once and sends its confirmation',
  'GET /back-in-touch/confirm': 'the link of a confirmation e-mail; shows a page, changes nothing',
  'POST /back-in-touch/confirm': 'the holder of a confirmation token; guarded (same origin, rate limit)',
  'GET /api/settings/public':
    "anyone: what the shop's pages show of the owner's settings (seller, zones, away, announcement), never the order e-mail",
  'POST /api/admin/passkey/options': 'anyone starting a passkey sign-in: a challenge, single use, 5 minutes',
  'POST /api/admin/passkey': 'a person with a passkey; guarded, failures slowed down and limited per address',
  'POST /api/admin/welcome/options': 'the holder of an invitation link; failures slowed down and limited',
  'POST /api/admin/welcome': 'the holder of an invitation link registering a passkey; the link works once',
  'GET /api/admin/sign-in':
    'the sign-in screen: whether the form still takes the owner token (only whether anybody is on the desk)',
  'POST /api/admin/recovery': 'an owner with a recovery code; single use, failures slowed down and limited',
  'POST /api/products/:id/notify':
    "a shopper asking to hear when a paused product is back; guarded, the newsletter's limit, double opt-in",
  'GET /back-in-stock/confirm':
    'the link of a back-in-stock confirmation e-mail; shows a page, changes nothing',
  'POST /back-in-stock/confirm': 'the holder of a confirmation token; guarded (same origin, rate limit)',
  'GET /api/cart-reminders/:token':
    'the cart reminder’s link: the holder of its token sees the cart re-priced; changes nothing',
  'GET /api/orders/:reference/invoice.pdf':
    "the buyer holding the order key (checked by the order page's one lookup): the order's own invoice",
  'POST /api/order-page/invoices':
    "the buyer holding the order key: the numbers and links of the order's own invoice and credit notes; guarded, the order page limit",
  'GET /api/orders/:reference/credit-notes/:file':
    "the buyer holding the order key: a credit note of the order's own invoice",
  'POST /api/cart-reminders/:token':
    'the holder of a cart reminder’s token puts the cart back, once; guarded (same origin, rate limit)',
};

/** GET of a page of the shop (a prerendered page may get a route of its own): public like the shop. */
function isShopPage(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const r = resolvePath(url);
  if (r.kind !== 'route' || r.match.id === 'not-found') return false;
  return r.match.id !== 'product' || getProduct(r.match.params.id ?? '') !== undefined;
}

function isPublic(key: string): boolean {
  const [method = '', url = ''] = key.split(' ');
  return PUBLIC_ROUTES[key] !== undefined || isShopPage(method, url);
}

const ADMIN_TOKEN = 'inventory-admin-token';
const SESSION = `cs_test_${'b'.repeat(58)}`;

let app: FastifyInstance;
let data: ReturnType<typeof tempDataDir>;

beforeAll(async () => {
  data = tempDataDir();
  const dist = path.join(data.dir, 'dist');
  mkdirSync(dist, { recursive: true });
  const page = '<!doctype html><title>Solas</title><div id="root"></div>';
  writeFileSync(path.join(dist, 'index.html'), page);
  // Prerendered pages, as the build writes them.
  mkdirSync(path.join(dist, 'pages', 'product'), { recursive: true });
  writeFileSync(path.join(dist, 'pages', 'shop.html'), page);
  writeFileSync(path.join(dist, 'pages', 'product', '1.html'), page);
  writeFileSync(path.join(dist, 'pages', '404.html'), page);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(data.dir, 'data'),
    WEB_DIST_DIR: dist,
    ADMIN_TOKEN,
  });
  app = await buildApp({ config, reconcile: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  data.remove();
});

/** A content type each state-changing route accepts (its body may still be wrong). */
function contentTypeOf(body: BodyKind | undefined): string {
  if (body === 'form' || body === 'link-form') return 'application/x-www-form-urlencoded';
  if (body === 'multipart') return 'multipart/form-data; boundary=inventory';
  if (body === 'csv') return 'text/csv';
  return 'application/json';
}

/** HEAD routes are the automatic twins of GET routes. */
function routes() {
  return app.routeInventory.filter((r) => r.method !== 'HEAD');
}

function concrete(url: string): string {
  return url
    .replace(/:sessionId/g, SESSION)
    .replace(/:[A-Za-z]+/g, 'x')
    .replace(/\*$/, 'favicon.svg');
}

/**
 * The features whose JSON routes all declare the schema of their answers (the domain's, which the browser
 * parses them with). A route added under one of these without a response schema fails; a feature moves
 * onto this list once every one of its JSON routes has one.
 */
const ANSWER_SCHEMA_PREFIXES = [
  '/api/admin/discounts',
  '/api/admin/gift-cards',
  '/api/gift-cards',
  '/api/admin/enquiries',
  '/api/enquiries',
  '/api/admin/campaigns',
  '/api/admin/subscribers',
  '/api/admin/back-in-stock',
  '/api/admin/reviews',
  '/api/admin/quotes',
  '/api/quotes',
  '/api/admin/people',
  '/api/admin/me',
  '/api/admin/passkey',
  '/api/admin/welcome',
  '/api/admin/today',
  '/api/admin/outbox',
  '/api/admin/settings',
] as const;
/** Products' JSON routes, except the photo uploads (multipart, the photo pipeline's own answers). */
const ANSWER_SCHEMA_ROUTES = [
  'GET /api/admin/products',
  'POST /api/admin/products',
  'GET /api/admin/products/:id',
  'PATCH /api/admin/products/:id',
  'GET /api/admin/products/:id/history',
  'POST /api/admin/products/:id/duplicate',
  'POST /api/admin/products.csv',
  'POST /api/order-page/reviews',
  'GET /api/admin/customers',
  'GET /api/admin/customers/:email',
  'PUT /api/admin/customers/:email/note',
  'POST /api/checkout',
  'POST /api/orders/:sessionId/confirm',
  'POST /api/admin/orders',
  'POST /api/admin/orders/preview',
  'GET /api/admin/orders',
  'GET /api/admin/orders/:reference',
  'PATCH /api/admin/orders/:reference',
  'POST /api/admin/orders/:reference/status',
  'POST /api/admin/orders/:reference/dispatch',
  'POST /api/admin/orders/:reference/refund',
  'POST /api/admin/orders/:reference/cancel',
  'POST /api/admin/orders/:reference/notes',
  'POST /api/admin/orders/:reference/resend',
  'POST /api/admin/orders/:reference/returns',
  'PATCH /api/admin/orders/:reference/returns/:id',
  'GET /api/admin/packing-slips',
  'GET /api/admin/session',
  'POST /api/admin/session',
  'DELETE /api/admin/session',
  'POST /api/order-page',
  'POST /api/order-page/withdrawal',
  'POST /api/order-page/find',
  'POST /api/orders/:reference/reviews',
  'POST /api/orders/:reference/exchanges',
  'GET /api/admin/sign-in',
  'POST /api/admin/recovery',
  'GET /api/admin/stats',
  'GET /api/settings/public',
  'POST /api/newsletter',
  'POST /api/products/:id/notify',
  'GET /api/cart-reminders/:token',
  'POST /api/cart-reminders/:token',
  'POST /api/discounts/check',
  'GET /api/health',
  'POST /api/admin/privacy/erase',
  'GET /api/admin/privacy/export',
  'GET /api/admin/customers/:email/export',
  'DELETE /api/admin/customers/:email',
  'POST /api/admin/products/:id/images',
  'PATCH /api/admin/products/:id/images/:imageId',
  'DELETE /api/admin/products/:id/images/:imageId',
  'GET /api/products/:id/reviews',
  'GET /api/reviews/summary',
  'POST /api/admin/hero-image/edit',
  'POST /api/back-in-touch',
] as const;

/** The /api routes that answer without a schema on purpose, each with why; every other one declares it. */
const WITHOUT_ANSWER_SCHEMA: Readonly<Record<string, string>> = {
  'GET /api/admin/products.csv': 'a CSV download, not JSON',
  'GET /api/admin/stats.csv': 'a CSV download, not JSON',
  'GET /api/admin/orders.csv': 'a CSV download, not JSON',
  'GET /api/admin/newsletter.csv': 'a CSV download, not JSON',
  'GET /api/admin/vat/oss.csv': 'a CSV download, not JSON',
  'GET /api/admin/vat/vat3.csv': 'a CSV download, not JSON',
  'GET /api/admin/vat/vies.csv': 'a CSV download, not JSON',
  'GET /api/admin/orders/:reference/invoice.pdf': 'a PDF download, not JSON',
  'GET /api/admin/orders/:reference/credit-notes/:file': 'a PDF download, not JSON',
  'GET /api/orders/:reference/invoice.pdf': 'a PDF download, not JSON',
  'GET /api/orders/:reference/credit-notes/:file': 'a PDF download, not JSON',
  'POST /api/webhooks/stripe': "Stripe's call: the answer is for Stripe, which reads only the status",
  'POST /api/shipping/webhook':
    "the carrier's tracking call: the answer is for the carrier, which reads only the status",
  'GET /api/admin/customs.csv': 'a CSV download, not JSON',
  'GET /api/admin/materials.csv': 'a CSV download, not JSON',
  'GET /api/admin/orders/:reference/customs.pdf': 'a PDF download, not JSON',
  'GET /api/admin/orders/:reference/label': 'a PDF download, not JSON',
  'GET /api/admin/labels/today.pdf': 'a PDF download, not JSON',
  'POST /api/admin/labels': 'a PDF download, not JSON',
};

describe('route inventory', () => {
  it('declares the schema of the answers on every other /api route, and names why a route has none', () => {
    const api = routes().filter((r) => r.url.startsWith('/api/'));
    const without = api.filter((r) => !r.responseSchema).map((r) => routeKey(r.method, r.url));
    expect(without.sort()).toEqual(Object.keys(WITHOUT_ANSWER_SCHEMA).sort());
  });

  it('declares the schema of the answers on every JSON route of the features that have moved to them', () => {
    const all = routes();
    const covered = all.filter(
      (r) =>
        ANSWER_SCHEMA_PREFIXES.some((prefix) => r.url === prefix || r.url.startsWith(`${prefix}/`)) ||
        (ANSWER_SCHEMA_ROUTES as readonly string[]).includes(routeKey(r.method, r.url)),
    );
    expect(covered.length).toBeGreaterThanOrEqual(
      ANSWER_SCHEMA_ROUTES.length + ANSWER_SCHEMA_PREFIXES.length,
    );
    expect(covered.filter((r) => !r.responseSchema).map((r) => routeKey(r.method, r.url))).toEqual([]);
  });

  it('lists the routes the app serves', () => {
    const keys = routes().map((r) => routeKey(r.method, r.url));
    expect(keys).toContain('POST /api/checkout');
    expect(keys).toContain('GET /*');
    expect(keys.length).toBeGreaterThanOrEqual(Object.keys(PUBLIC_ROUTES).length);
  });

  it('classifies every route: public on purpose, or the owner’s under /api/admin/', () => {
    const unclassified = routes()
      .map((r) => routeKey(r.method, r.url))
      .filter((key) => !isPublic(key) && !key.split(' ')[1]?.startsWith(ADMIN_PREFIX));
    expect(
      unclassified,
      'add each new route to PUBLIC_ROUTES (with a reason) or put it under /api/admin/',
    ).toEqual([]);
  });

  it('has no allowlist entry for a route that no longer exists', () => {
    const keys = new Set(routes().map((r) => routeKey(r.method, r.url)));
    expect(Object.keys(PUBLIC_ROUTES).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('gives every state-changing route a policy and a body limit within it', () => {
    const stateChanging = routes().filter((r) => !isSafeMethod(r.method));
    expect(stateChanging.length).toBeGreaterThan(0);
    const over = stateChanging.flatMap((r) => {
      const key = routeKey(r.method, r.url);
      // Declared with the route (its config.policy); an owner route may keep the owner's default.
      const { policy } = r;
      const listed = r.ownPolicy || r.url.startsWith(ADMIN_PREFIX);
      if (!listed || !policy) return [`${key}: no guard policy`];
      if (r.bodyLimit === undefined) return [`${key}: no body limit`];
      return r.bodyLimit > policy.maxBodyBytes
        ? [`${key}: body limit ${r.bodyLimit} > its policy's ${policy.maxBodyBytes}`]
        : [];
    });
    expect(over).toEqual([]);
  });

  it('refuses every owner route without the right token, whatever else the request gets right', async () => {
    // Sign-in is the one owner route without a session yet: it refuses a wrong token itself (desk tests).
    const adminRoutes = routes().filter(
      (r) => r.url.startsWith(ADMIN_PREFIX) && !isPublic(routeKey(r.method, r.url)),
    );
    expect(adminRoutes.length).toBeGreaterThan(0);
    const attempts = adminRoutes.flatMap((r) =>
      [undefined, 'Bearer wrong-token-0000', `Basic ${ADMIN_TOKEN}`, ADMIN_TOKEN].map((authorization) => ({
        r,
        authorization,
      })),
    );
    // At once and each from its own address: a wrong token's answer is delayed, and an address's failures
    // add up (security/owner-auth.ts).
    const answers = await Promise.all(
      attempts.map(({ r, authorization }, i) =>
        app.inject({
          method: r.method as 'POST',
          url: concrete(r.url),
          headers: {
            'content-type': contentTypeOf(r.policy?.body),
            ...(authorization ? { authorization } : {}),
          },
          payload: isSafeMethod(r.method)
            ? undefined
            : '{"imageUrl":"data:image/png;base64,AAAA","editInstruction":"x"}',
          remoteAddress: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        }),
      ),
    );
    answers.forEach((res, i) => {
      const { r, authorization } = attempts[i] ?? {};
      const label = `${r?.method} ${r?.url} with ${authorization ?? 'no token'}`;
      // The desk's "who am I" answers a request with no session itself: nobody, and nothing else.
      if (r?.method === 'GET' && r.url === '/api/admin/me' && authorization === undefined) {
        expect(res.statusCode, label).toBe(200);
        expect(res.json(), label).toEqual({ ok: true, person: null, needsPasskey: false });
        return;
      }
      expect(res.statusCode, label).toBe(401);
    });
  });

  it("answers a body one byte over its policy's limit with 413 on every state-changing route", async () => {
    for (const [i, r] of routes().entries()) {
      const { policy } = r;
      if (!policy) continue;
      const res = await app.inject({
        method: r.method as 'POST',
        url: concrete(r.url),
        headers: { 'content-type': contentTypeOf(policy.body), authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: 'x'.repeat(policy.maxBodyBytes + 1),
        // A client of its own for each route: routes sharing a rate limit (the newsletter's sign-ups and
        // confirmations) would otherwise spend it on one another before their size is checked.
        remoteAddress: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(413);
      // A photo upload says what the owner can do about it (export the photo smaller).
      const error = policy.body === 'multipart' ? PHOTO_MESSAGES.tooLarge : API_MESSAGES.tooLarge;
      expect(res.json()).toEqual({ ok: false, error });
    }
  });

  it('marks every API answer and every answer of a state-changing route no-store, whatever its status', async () => {
    const privateRoutes = routes().filter((r) => r.url.startsWith('/api/') || r.policy);
    expect(privateRoutes.length).toBeGreaterThan(0);
    for (const r of privateRoutes) {
      const { policy } = r;
      const form = policy?.body === 'form' || policy?.body === 'link-form';
      const res = await app.inject({
        method: r.method as 'POST',
        url: concrete(r.url),
        headers: policy
          ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }
          : {},
        payload: policy ? (form ? 'a=b' : '{}') : undefined,
        remoteAddress: '192.0.2.201',
      });
      expect(res.headers['cache-control'], `${r.method} ${r.url} (${res.statusCode})`).toBe('no-store');
    }
    // The answers that carry a session id or order data, and an API path that does not exist.
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: 'inventory@example.ie', items: [{ id: '1', quantity: 1 }] },
      remoteAddress: '192.0.2.202',
    });
    expect(checkout.statusCode).toBe(200);
    const { sessionId } = checkout.json() as { sessionId: string };
    const answers = [
      checkout,
      await app.inject({
        method: 'POST',
        url: `/api/orders/${sessionId}/confirm`,
        remoteAddress: '192.0.2.202',
      }),
      await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ];
    expect(answers.map((res) => res.headers['cache-control'])).toEqual(Array(4).fill('no-store'));
  });
});
