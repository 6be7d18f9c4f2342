/**
 * Property-based fuzzing of every endpoint of the real app (fast-check, fixed seed): checkout, confirm,
 * newsletter, the Stripe webhook (unsigned and validly signed garbage), the admin image edit, the test
 * checkout's pay form, unknown paths with every method, and the front end's pages and files. For each
 * generated request: never a 5xx, never a crash, and the database changes only as the answer says
 * (an order only with a 200 checkout, a payment and its two e-mails only with a paid redirect, nothing
 * at all from a refused request). Files outside the build and the build manifest are never served.
 *
 * `npm test` runs FUZZ_RUNS=2000 requests in total; `npm run fuzz` runs more (FUZZ_RUNS, FUZZ_SEED).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_EDIT_PATH } from '../../domain/media/image-edit';
import { type FakeStripe, startFakeStripe } from '../../tests/support/fake-stripe';
import {
  adminBody,
  checkoutBody,
  type FuzzRequest,
  formBody,
  fuzzPath,
  headerSet,
  jsonBody,
  jsonValue,
  METHODS,
  method,
  newsletterBody,
  remoteAddress,
} from '../../tests/support/fuzz-arbitraries';
import { NO_SIGN_IN_HOLD, TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const runs = (share: number) => Math.max(10, Math.round(TOTAL_RUNS * share));
const TIMEOUT = Math.max(120_000, TOTAL_RUNS * 200);

const ADMIN_TOKEN = 'fuzz-admin-token-0123456789';
const WEBHOOK_SECRET = 'whsec_fuzz_secret_0123456789';
/** In a file beside the build and in the build manifest: neither may ever be served. */
const SECRET_MARKER = 'SOLAS-FUZZ-SECRET-7f3a9c';

let root: ReturnType<typeof tempDataDir>;
let shop: FastifyInstance;
let stripeShop: FastifyInstance;
let stripe: FakeStripe;
const pool: string[] = [];
const stats = { requests: 0, byStatus: new Map<number, number>() };

interface Counts {
  orders: number;
  paid: number;
  lines: number;
  outbox: number;
  news: number;
  sessions: number;
  paidSessions: number;
}

async function counts(app: FastifyInstance): Promise<Counts> {
  const result = await sql<Counts>`select
      (select count(*) from orders) as orders,
      (select count(*) from orders where status = 'paid') as paid,
      (select count(*) from order_lines) as lines,
      (select count(*) from outbox) as outbox,
      (select count(*) from newsletter_signups) as news,
      (select count(*) from test_checkout_sessions) as sessions,
      (select count(*) from test_checkout_sessions where payment_status = 'paid') as paidSessions`.execute(
    app.platform.db,
  );
  const row = result.rows[0];
  if (!row) throw new Error('no counts');
  return row;
}

function describeRequest(r: FuzzRequest): string {
  const body = r.payload === undefined ? '' : String(r.payload).slice(0, 300);
  return `${r.method} ${r.url.slice(0, 200)} ${JSON.stringify(r.headers)} ${JSON.stringify(body)}`;
}

async function send(app: FastifyInstance, r: FuzzRequest) {
  const res = await app.inject({
    method: r.method,
    url: r.url,
    headers: r.headers,
    payload: r.payload,
    remoteAddress: r.remoteAddress,
  } as InjectOptions);
  stats.requests += 1;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  return res;
}

type Change = (before: Counts, after: Counts, status: number, location: string) => void;

const NOTHING: Change = (before, after) => expect(after).toEqual(before);

/** Sends the request and checks: no 5xx, no secret, and only the change the answer allows. */
async function check(app: FastifyInstance, r: FuzzRequest, change: Change = NOTHING): Promise<void> {
  const before = await counts(app);
  const res = await send(app, r);
  const context = describeRequest(r);
  expect(res.statusCode, context).toBeLessThan(500);
  expect(res.body, context).not.toContain(SECRET_MARKER);
  const after = await counts(app);
  if (res.statusCode >= 400) {
    expect(after, `a refused request changed the database: ${context}`).toEqual(before);
    return;
  }
  change(before, after, res.statusCode, String(res.headers.location ?? ''));
}

function emlFiles(): number {
  try {
    return readdirSync(path.join(root.dir, 'shop', 'outbox')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}

function buildDist(dir: string): string {
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'pages', 'product'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><script>document.documentElement.dataset.ok='1'</script></head><body><div id="root"><h1>${title}</h1></div></body></html>`;
  writeFileSync(path.join(dist, 'index.html'), page('Solas'));
  writeFileSync(path.join(dist, 'pages', 'shop.html'), page('Shop'));
  writeFileSync(path.join(dist, 'pages', 'product', '1.html'), page('First Light'));
  writeFileSync(path.join(dist, 'pages', '404.html'), page('Not found'));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ secret: SECRET_MARKER }));
  writeFileSync(path.join(dist, 'assets', 'hidden.html'), SECRET_MARKER);
  writeFileSync(path.join(dir, 'secret.txt'), SECRET_MARKER);
  return dist;
}

async function newSession(): Promise<string> {
  const res = await shop.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: 'fuzz@example.ie', items: [{ id: '1', quantity: 1 }], zone: 'IE' },
  });
  return (res.json() as { sessionId: string }).sessionId;
}

beforeAll(async () => {
  root = tempDataDir();
  const dist = buildDist(root.dir);
  const outboxTimings = { retryBaseMs: 40, retryMaxMs: 200, pollMs: 100, leaseMs: 5_000 };
  shop = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_PUBLIC_URL,
      DATA_DIR: path.join(root.dir, 'shop'),
      WEB_DIST_DIR: dist,
      ADMIN_TOKEN,
      RATE_LIMITS: 'off',
    }),
    tuning: { outboxTimings, signInHold: NO_SIGN_IN_HOLD },
    reconcile: false,
  });
  await shop.ready();
  stripe = await startFakeStripe();
  stripeShop = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_PUBLIC_URL,
      DATA_DIR: path.join(root.dir, 'stripe-shop'),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_TIMEOUT_MS: '500',
      RATE_LIMITS: 'off',
    }),
    serveWeb: false,
    tuning: { outboxTimings, signInHold: NO_SIGN_IN_HOLD },
    reconcile: false,
  });
  await stripeShop.ready();
  for (let i = 0; i < 4; i += 1) pool.push(await newSession());
}, 60_000);

afterAll(async () => {
  await shop?.platform.outbox.idle();
  const paid = shop ? (await counts(shop)).outbox : 0;
  const files = emlFiles();
  await shop?.close();
  await stripeShop?.close();
  await stripe?.close();
  root?.remove();
  const statuses = [...stats.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
  console.info(
    `fuzz: ${stats.requests} requests (seed ${SEED}); statuses ${statuses.join(' ')}; e-mails ${files}/${paid}`,
  );
});

const params = (numRuns: number) => ({ seed: SEED, numRuns, endOnFailure: true });

describe(`fuzzing every endpoint (${TOTAL_RUNS} requests, seed ${SEED})`, () => {
  it(
    'POST /api/checkout',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          checkoutBody,
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'application/json' }),
          remoteAddress,
          async (payload, headers, ip) => {
            await check(
              shop,
              { method: 'POST', url: '/api/checkout', headers, payload, remoteAddress: ip },
              (before, after) => {
                expect(after.orders).toBe(before.orders + 1);
                expect(after.sessions).toBe(before.sessions + 1);
                expect(after.lines).toBeGreaterThan(before.lines);
                expect({ ...after, orders: 0, sessions: 0, lines: 0 }).toEqual({
                  ...before,
                  orders: 0,
                  sessions: 0,
                  lines: 0,
                });
              },
            );
          },
        ),
        params(runs(0.2)),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/orders/{sessionId}/confirm',
    async () => {
      const sessionId = fc.oneof(
        fc.constantFrom(...pool),
        fc.string({ maxLength: 80 }).map(encodeURIComponent),
        fc.string({ unit: fc.constantFrom(...'abcXYZ019_'), maxLength: 210 }).map((s) => `cs_test_${s}`),
        fc.constantFrom('..', '%2e%2e', '%00', `cs_live_${'a'.repeat(300)}`, '__proto__', 'constructor'),
      );
      await fc.assert(
        fc.asyncProperty(
          sessionId,
          fc.option(jsonBody, { nil: undefined }),
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'application/json' }),
          remoteAddress,
          async (id, payload, headers, ip) => {
            await check(shop, {
              method: 'POST',
              url: `/api/orders/${id}/confirm`,
              headers,
              payload,
              remoteAddress: ip,
            });
          },
        ),
        params(runs(0.1)),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/newsletter',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          newsletterBody,
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'application/json' }),
          remoteAddress,
          async (payload, headers, ip) => {
            await check(
              shop,
              { method: 'POST', url: '/api/newsletter', headers, payload, remoteAddress: ip },
              (before, after) => {
                expect(after.news - before.news).toBeGreaterThanOrEqual(0);
                expect(after.news - before.news).toBeLessThanOrEqual(1);
                // A new address gets its confirmation e-mail, queued with it; nothing else is written.
                expect(after.outbox - before.outbox).toBe(after.news - before.news);
                expect({ ...after, news: 0, outbox: 0 }).toEqual({ ...before, news: 0, outbox: 0 });
              },
            );
          },
        ),
        params(runs(0.1)),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/webhooks/stripe (unsigned, wrongly signed and validly signed garbage)',
    async () => {
      const event = fc.oneof(
        jsonValue,
        fc.record(
          {
            id: fc.oneof(
              fc.string({ maxLength: 20 }).map((s) => `evt_${s}`),
              jsonValue,
            ),
            object: fc.constantFrom('event', 'x'),
            type: fc.oneof(
              fc.constantFrom(
                'checkout.session.completed',
                'checkout.session.async_payment_succeeded',
                'checkout.session.async_payment_failed',
                'checkout.session.expired',
                'payment_intent.succeeded',
              ),
              jsonValue,
            ),
            data: fc.oneof(
              fc.record({
                object: fc.oneof(
                  fc.record(
                    {
                      id: fc.oneof(
                        fc.string({ maxLength: 70 }).map((s) => `cs_test_${s}`),
                        jsonValue,
                      ),
                      object: fc.constantFrom('checkout.session', 'payment_intent'),
                      payment_status: fc.oneof(
                        fc.constantFrom('paid', 'unpaid', 'no_payment_required'),
                        jsonValue,
                      ),
                    },
                    { requiredKeys: [] },
                  ),
                  jsonValue,
                ),
              }),
              jsonValue,
            ),
          },
          { requiredKeys: [] },
        ),
      );
      const delivery = fc.oneof(
        // Signed by Stripe (our secret): everything after the signature check is exercised.
        fc.tuple(event, fc.boolean()).map(([e, raw]) => {
          const payload = raw ? String(JSON.stringify(e)).slice(0, 2_000) : (JSON.stringify(e) ?? 'null');
          return {
            payload,
            signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
          };
        }),
        fc
          .tuple(jsonBody, fc.string({ maxLength: 120 }))
          .map(([payload, signature]) => ({ payload, signature })),
        fc.tuple(jsonBody).map(([payload]) => ({
          payload,
          signature: Stripe.webhooks.generateTestHeaderString({ payload: 'other', secret: WEBHOOK_SECRET }),
        })),
      );
      await fc.assert(
        fc.asyncProperty(
          delivery,
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'application/json' }),
          remoteAddress,
          async ({ payload, signature }, headers, ip) => {
            const safeSignature = signature.replace(/[^\x20-\x7e]/g, '');
            await check(stripeShop, {
              method: 'POST',
              url: '/api/webhooks/stripe',
              headers: { ...headers, 'stripe-signature': safeSignature },
              payload,
              remoteAddress: ip,
            });
          },
        ),
        params(runs(0.12)),
      );
    },
    TIMEOUT,
  );

  it(
    `POST ${IMAGE_EDIT_PATH} (with and without the token)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          adminBody,
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'application/json' }),
          remoteAddress,
          async (payload, headers, ip) => {
            await check(shop, { method: 'POST', url: IMAGE_EDIT_PATH, headers, payload, remoteAddress: ip });
          },
        ),
        params(runs(0.1)),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /test-checkout/{sessionId}/pay',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(pool.length - 1),
          formBody,
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'application/x-www-form-urlencoded' }),
          remoteAddress,
          async (slot, payload, headers, ip) => {
            const session = await shop.platform.db
              .selectFrom('test_checkout_sessions')
              .select('status')
              .where('id', '=', pool[slot] ?? '')
              .executeTakeFirst();
            // A paid session only redirects; give the next cases an open one.
            if (session?.status !== 'open') pool[slot] = await newSession();
            const url = `/test-checkout/${pool[slot]}/pay`;
            await check(
              shop,
              { method: 'POST', url, headers, payload, remoteAddress: ip },
              (before, after, status, location) => {
                if (status === 303 && location.includes('order-confirmation')) {
                  expect(after.paid).toBe(before.paid + 1);
                  expect(after.paidSessions).toBe(before.paidSessions + 1);
                  expect(after.outbox).toBe(before.outbox + 2);
                  expect({ ...after, paid: 0, paidSessions: 0, outbox: 0 }).toEqual({
                    ...before,
                    paid: 0,
                    paidSessions: 0,
                    outbox: 0,
                  });
                } else {
                  expect(after).toEqual(before);
                }
              },
            );
          },
        ),
        params(runs(0.13)),
      );
    },
    TIMEOUT,
  );

  it(
    'any method on any path',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          method,
          fuzzPath,
          fc.option(jsonBody, { nil: undefined }),
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'application/json' }),
          remoteAddress,
          async (m, url, payload, headers, ip) => {
            await check(shop, {
              method: m,
              url,
              headers,
              payload: m === 'GET' || m === 'HEAD' ? undefined : payload,
              remoteAddress: ip,
            });
          },
        ),
        params(runs(0.15)),
      );
    },
    TIMEOUT,
  );

  it(
    'GET pages and files with hostile headers',
    async () => {
      const page = fc.constantFrom(
        '/',
        '/index.html',
        '/shop',
        '/shop/',
        '/product/1',
        '/product/999',
        '/product/..%2f..%2fsecret.txt',
        '/pages/shop.html',
        '/assets/app-abc123.js',
        '/assets/hidden.html',
        '/assets/../../secret.txt',
        '/assets/%2e%2e/%2e%2e/secret.txt',
        '/.vite/manifest.json',
        '/%2e%2e/secret.txt',
        '/favicon.svg',
        '/collections/anything',
        '/blog/post',
        '/runtime-env.js',
        '/sitemap.xml',
        '/robots.txt',
        '/test-checkout/assets/test-checkout.js',
        `/test-checkout/cs_test_${'z'.repeat(58)}`,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...METHODS.filter((m) => m === 'GET' || m === 'HEAD')),
          fc.oneof(page, fuzzPath),
          headerSet({ adminToken: ADMIN_TOKEN, preferred: 'text/html' }),
          remoteAddress,
          async (m, url, headers, ip) => {
            await check(shop, { method: m, url, headers, remoteAddress: ip });
          },
        ),
        params(runs(0.1)),
      );
    },
    TIMEOUT,
  );

  it('every queued e-mail of the paid fuzz orders was delivered, none from anything else', async () => {
    await shop.platform.outbox.idle();
    // Until every message is sent, however long this host takes.
    const unsent = async () =>
      (await shop.platform.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute())
        .length;
    await expect.poll(unsent, { timeout: 15_000 }).toBe(0);
    const c = await counts(shop);
    // Two per paid order, plus one confirmation per newsletter sign-up (double opt-in).
    expect(c.outbox).toBe(2 * c.paid + c.news);
    expect(emlFiles()).toBe(c.outbox);
  });
});
