/**
 * When the shop's own dependencies fail: the payment provider erroring or timing out on create and
 * retrieve (a clear 502, retries that reuse the idempotency key, never two sessions for one order), and
 * the database locked by another connection or full (a 503 with a clear message, no partial order, and
 * everything working again once the fault is gone). Extends server/orders/stripe-checkout.test.ts, which
 * covers a plain 500 from Stripe on create and on the webhook.
 */
import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../tests/support/fake-stripe';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import {
  buildTestApp,
  orderRows,
  outboxRows,
  outboxSettled,
  tempDataDir,
} from '../../tests/support/test-app';
import { CONFIRM_UNAVAILABLE, PROVIDER_UNAVAILABLE } from '../checkout/checkout-service';
import { DATABASE_FILE } from '../db/database';
import { API_MESSAGES } from '../lib/api-support';

/**
 * Per attempt; the SDK makes two attempts. Long enough that an answer the fake sends at once arrives in
 * time however loaded the host is; a delayed answer (LATE_MS) never does, so which attempts time out does
 * not depend on the host's speed.
 */
const TIMEOUT_MS = 1_000;
const LATE_MS = 60_000;
/** The browser gives up on a checkout after 15 s (docs/product/numbers.md §4.6): the shop must answer before. */
const BROWSER_GIVES_UP_MS = 15_000;
/** The database's wait for another connection's lock in these tests (the shop's own is 5 s). */
const LOCK_WAIT_MS = 300;

let stripe: FakeStripe;
let smtp: SmtpSink;
let data: ReturnType<typeof tempDataDir>;
const apps: FastifyInstance[] = [];

beforeEach(async () => {
  stripe = await startFakeStripe();
  smtp = await startSmtpSink();
  data = tempDataDir();
});

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await smtp.stop();
  await stripe.close();
  data.remove();
});

async function stripeApp(): Promise<FastifyInstance> {
  const app = await buildTestApp({
    DATA_DIR: data.dir,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_URL: stripe.url,
    STRIPE_TIMEOUT_MS: String(TIMEOUT_MS),
    SMTP_URL: smtp.url,
    OWNER_EMAIL: 'owner@solas.test',
    RATE_LIMITS: 'off',
  });
  apps.push(app);
  return app;
}

async function defaultApp(tuning: { readonly databaseWaitMs?: number } = {}): Promise<FastifyInstance> {
  const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off' }, tuning);
  apps.push(app);
  return app;
}

const CART = { email: 'faults@example.ie', items: [{ id: '4', quantity: 2 }], zone: 'IE' };

async function checkout(app: FastifyInstance) {
  const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: CART });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

async function confirm(app: FastifyInstance, sessionId: string) {
  const res = await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function createRequests() {
  return stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
}

describe('payment provider errors and timeouts', () => {
  it('create: a timeout is retried with the same idempotency key and gives one session', async () => {
    const app = await stripeApp();
    stripe.delayNext(1, LATE_MS);
    const res = await checkout(app);
    expect(res.status).toBe(200);
    const keys = createRequests().map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(stripe.sessions.size).toBe(1);
    expect(res.body.sessionId).toBe([...stripe.sessions.keys()][0]);
    expect((await orderRows(app))[0]).toMatchObject({ status: 'pending', session_id: res.body.sessionId });
  });

  it('create: timeouts on both attempts give a clear 502 quickly, and the shopper can try again', async () => {
    const app = await stripeApp();
    stripe.delayNext(2, LATE_MS);
    const started = Date.now();
    const res = await checkout(app);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: PROVIDER_UNAVAILABLE });
    // Two attempts and the SDK's back-off: the shop gave up by itself, before the browser does.
    expect(elapsed).toBeLessThan(BROWSER_GIVES_UP_MS);
    expect(new Set(createRequests().map((r) => r.idempotencyKey)).size).toBe(1);
    const [failed] = await orderRows(app);
    expect(failed).toMatchObject({ status: 'failed', session_id: null });

    const again = await checkout(app);
    expect(again.status).toBe(200);
    // A new order, so a new key: the old one can never be paid (its URL never reached anyone).
    expect(new Set(createRequests().map((r) => r.idempotencyKey)).size).toBe(2);
    const rows = await orderRows(app);
    expect(rows.filter((r) => r.session_id !== null)).toHaveLength(1);
  });

  it('create: Stripe refusing the request (4xx) is a 502 without retrying', async () => {
    const app = await stripeApp();
    stripe.failNext(1, 400);
    const res = await checkout(app);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: PROVIDER_UNAVAILABLE });
    expect(createRequests()).toHaveLength(1);
    expect(stripe.sessions.size).toBe(0);
  });

  it('retrieve: errors and timeouts give a clear 502, change nothing, and confirming later works once', async () => {
    const app = await stripeApp();
    const sessionId = String((await checkout(app)).body.sessionId);
    stripe.pay(sessionId);

    stripe.failNext(2);
    expect(await confirm(app, sessionId)).toEqual({
      status: 502,
      body: { ok: false, error: CONFIRM_UNAVAILABLE },
    });
    stripe.delayNext(2, LATE_MS);
    const started = Date.now();
    expect((await confirm(app, sessionId)).status).toBe(502);
    expect(Date.now() - started).toBeLessThan(BROWSER_GIVES_UP_MS);
    expect((await orderRows(app))[0]?.status).toBe('pending');
    expect(await outboxRows(app)).toHaveLength(0);

    // One slow answer is absorbed by the retry.
    stripe.delayNext(1, LATE_MS);
    const ok = await confirm(app, sessionId);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'paid' });
    expect(await outboxRows(app)).toHaveLength(2);
    await smtp.waitFor(2);
    await outboxSettled(app);
    expect(smtp.messages).toHaveLength(2);
    expect((await outboxRows(app)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('database locked or full', () => {
  it('locked by another connection: 503 with Retry-After and a clear message, no order; works after', async () => {
    // The writer's wait for the lock (5 s in the shop) cut short: the test is what happens once it runs out.
    const app = await defaultApp({ databaseWaitMs: LOCK_WAIT_MS });
    const other = new DatabaseSync(`${data.dir}/${DATABASE_FILE}`);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const res = await checkout(app);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ ok: false, error: API_MESSAGES.busy });
      expect(res.headers['retry-after']).toBe('5');
      // WAL: readers still read while the writer holds its lock.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect(await orderRows(app)).toHaveLength(0);
    expect((await checkout(app)).status).toBe(200);
  }, 20_000);

  it('full while taking orders: 503, and no order is left without its lines or payable', async () => {
    const app = await defaultApp();
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(app.platform.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]?.page_count ?? 1}`).execute(app.platform.db);
    const statuses: number[] = [];
    for (let i = 0; i < 200 && !statuses.includes(503); i += 1) {
      const res = await checkout(app);
      statuses.push(res.status);
      if (res.status === 503) expect(res.body).toEqual({ ok: false, error: API_MESSAGES.busy });
    }
    expect(statuses.at(-1)).toBe(503);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);

    const orders = await orderRows(app);
    const lines = await app.platform.db.selectFrom('order_lines').selectAll().execute();
    const sessions = await app.platform.db.selectFrom('test_checkout_sessions').selectAll().execute();
    for (const order of orders) {
      const own = lines.filter((l) => l.order_id === order.id);
      expect(own.length).toBeGreaterThan(0);
      expect(own.reduce((s, l) => s + l.line_total, 0)).toBe(order.subtotal);
      expect(order.status).not.toBe('paid');
      // An order whose session could not be stored has no session: nobody can ever be sent to pay it.
      if (order.session_id) expect(sessions.some((s) => s.id === order.session_id)).toBe(true);
    }
    const completed = statuses.filter((s) => s === 200).length;
    expect(orders.filter((o) => o.session_id !== null)).toHaveLength(completed);

    await sql.raw('pragma max_page_count = 1073741823').execute(app.platform.db);
    expect((await checkout(app)).status).toBe(200);
  });

  it('full while confirming: 503, the order stays unpaid with no e-mail, then confirms once', async () => {
    const app = await stripeApp();
    const sessionId = String((await checkout(app)).body.sessionId);
    stripe.pay(sessionId);
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(app.platform.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]?.page_count ?? 1}`).execute(app.platform.db);

    const full = await confirm(app, sessionId);
    expect(full).toEqual({ status: 503, body: { ok: false, error: API_MESSAGES.busy } });
    expect((await orderRows(app))[0]?.status).toBe('pending');
    expect(await outboxRows(app)).toHaveLength(0);

    await sql.raw('pragma max_page_count = 1073741823').execute(app.platform.db);
    expect((await confirm(app, sessionId)).body).toMatchObject({ status: 'paid' });
    expect(await outboxRows(app)).toHaveLength(2);
    await smtp.waitFor(2);
    await outboxSettled(app);
    expect(smtp.messages).toHaveLength(2);
  });

  it('GET /api/health is 503 when the database cannot answer', async () => {
    const app = await defaultApp();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      ok: true,
      status: 'ready',
      database: 'ok',
      dialect: 'sqlite',
      reachable: true,
      pendingMigrations: 0,
    });
    await app.platform.db.destroy();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      ok: false,
      status: 'unavailable',
      database: 'unavailable',
      dialect: 'sqlite',
      reachable: false,
      pendingMigrations: null,
    });
    expect(res.headers['retry-after']).toBe('5');
  });
});
