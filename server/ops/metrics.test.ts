/**
 * GET /metrics on the real app, on one database (ROUTE_DIALECTS; the scrape after a checkout, which
 * reads PostgreSQL's pool, on both): 404 without METRICS_TOKEN, 401 without or with
 * a wrong token, 200 in Prometheus's text format with it; after some requests and a paid checkout (its
 * e-mails through a real SMTP server) the scrape shows them, by route pattern and never by raw URL. Two
 * apps in one process count separately (each has its own registry).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import { buildTestApp, payAndConfirm, tempDataDir } from '../../tests/support/test-app';
import {
  createTestDatabase,
  ROUTE_DIALECTS,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../tests/support/test-database';
import { loadConfig } from '../config';

const METRICS_TOKEN = 'metrics-token-0123456789';
const SHOPPER = 'ciara@example.ie';

let data: ReturnType<typeof tempDataDir>;
let database: TestDatabase;
let smtp: SmtpSink;
const apps: FastifyInstance[] = [];

async function start(extra: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildTestApp({
    DATA_DIR: data.dir,
    SMTP_URL: smtp.url,
    OWNER_EMAIL: 'owner@solas.test',
    MAIL_FROM: 'orders@solas.test',
    RATE_LIMITS: 'off',
    ...database.env,
    ...extra,
  });
  apps.push(app);
  return app;
}

function scrape(app: FastifyInstance, token: string | null = METRICS_TOKEN) {
  return app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has no such line. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function paidCheckout(app: FastifyInstance): Promise<void> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: SHOPPER, items: [{ id: '2', quantity: 1 }], zone: 'IE' },
  });
  expect(checkout.statusCode).toBe(200);
  const { sessionId } = checkout.json() as { sessionId: string };
  await payAndConfirm(app, sessionId, SHOPPER);
}

describe('METRICS_TOKEN', () => {
  it('is optional, and refused at start when too short to be a secret', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });
});

describe.each(TEST_DIALECTS)('GET /metrics on %s', (dialect) => {
  beforeEach(async () => {
    data = tempDataDir();
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
    smtp = await startSmtpSink();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await smtp.stop();
    await database.remove();
    data.remove();
  });

  // On one database (ROUTE_DIALECTS): these rules do not depend on it. The scrape after a checkout, below,
  // reads PostgreSQL's connection pool, which SQLite has not: on both.
  if (ROUTE_DIALECTS.includes(dialect)) {
    it('is not there without METRICS_TOKEN', async () => {
      const app = await start();
      expect((await scrape(app)).statusCode).toBe(404);
      expect((await scrape(app, null)).statusCode).toBe(404);
    });

    it('refuses a missing or wrong token, and answers the right one in the text format', async () => {
      const app = await start({ METRICS_TOKEN });
      const missing = await scrape(app, null);
      expect(missing.statusCode).toBe(401);
      expect(missing.headers['www-authenticate']).toContain('Bearer');
      expect((await scrape(app, 'metrics-token-0123456780')).statusCode).toBe(401);
      const basic = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
      });
      expect(basic.statusCode).toBe(401);
      const ok = await scrape(app);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers['x-request-id']).toBeTruthy();
      // Node's own metrics (prom-client's defaults) are there.
      expect(ok.body).toContain('process_cpu_user_seconds_total');
      expect(ok.body).toContain('nodejs_eventloop_lag_seconds');
    });

    it('counts a burst of concurrent requests and checkouts exactly (a small load test)', async () => {
      const app = await start({ METRICS_TOKEN });
      const pages = Array.from({ length: 60 }, () => app.inject({ method: 'GET', url: '/api/health' }));
      const checkouts = Array.from({ length: 8 }, () => paidCheckout(app));
      // A scrape in the middle of it answers too.
      const during = scrape(app);
      await Promise.all([...pages, ...checkouts]);
      expect((await during).statusCode).toBe(200);
      const text = (await scrape(app)).body;
      expect(
        sample(text, 'http_request_duration_seconds_count', { route: '/api/health', status: '200' }),
      ).toBe(60);
      expect(
        sample(text, 'http_request_duration_seconds_count', { route: '/api/checkout', status: '200' }),
      ).toBe(8);
      expect(sample(text, 'solas_checkouts_created_total')).toBe(8);
      expect(sample(text, 'solas_orders_paid_total')).toBe(8);
      const paid = await app.platform.db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'paid')
        .execute();
      expect(paid).toHaveLength(8);
    });

    it('reads the outbox backlog and its oldest age at scrape time', async () => {
      const app = await start({ METRICS_TOKEN });
      await app.platform.outbox.stop();
      const queuedAt = new Date(Date.now() - 600_000).toISOString();
      const row = {
        order_id: null,
        reference: 'newsletter',
        kind: 'newsletter-confirmation',
        recipient: 'reader@example.ie',
        subject: 'Confirm',
        text_body: 'x',
        html_body: '<p>x</p>',
        attempts: 0,
        next_attempt_ms: Date.now() + 3_600_000,
        locked_until_ms: null,
        last_error: null,
        created_at: queuedAt,
        sent_at: null,
        list_unsubscribe: null,
      };
      await app.platform.db
        .insertInto('outbox')
        .values([
          { ...row, message_id: '<a@solas.test>', status: 'pending' },
          { ...row, message_id: '<b@solas.test>', status: 'pending', created_at: new Date().toISOString() },
          { ...row, message_id: '<c@solas.test>', status: 'failed' },
        ])
        .execute();
      const text = (await scrape(app)).body;
      expect(sample(text, 'solas_outbox_waiting')).toBe(2);
      expect(sample(text, 'solas_outbox_failed')).toBe(1);
      const age = sample(text, 'solas_outbox_oldest_waiting_seconds') ?? 0;
      expect(age).toBeGreaterThanOrEqual(600);
      expect(age).toBeLessThan(700);
    });

    it('counts per app: two apps in one process keep their own numbers', async () => {
      const first = await start({ METRICS_TOKEN });
      await first.inject({ method: 'GET', url: '/api/health' });
      await first.inject({ method: 'GET', url: '/api/health' });
      const second = await start({ METRICS_TOKEN, DATA_DIR: `${data.dir}/second` });
      await second.inject({ method: 'GET', url: '/api/health' });
      const count = async (app: FastifyInstance) =>
        sample((await scrape(app)).body, 'http_request_duration_seconds_count', { route: '/api/health' });
      expect(await count(first)).toBe(2);
      expect(await count(second)).toBe(1);
    });
  }

  it('shows the requests, a paid checkout, its e-mails and the outbox after them', async () => {
    const app = await start({ METRICS_TOKEN });
    const before = (await scrape(app)).body;
    expect(sample(before, 'solas_checkouts_created_total')).toBe(0);
    expect(sample(before, 'solas_orders_paid_total')).toBe(0);

    for (const n of [1, 2, 3]) {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // Scanners' paths: counted, but as one unmatched route, never one series per URL.
      await app.inject({ method: 'GET', url: `/wp-admin/setup-${n}.php` });
    }
    await paidCheckout(app);
    // The order's two e-mails (shopper and owner) reach the SMTP server.
    await smtp.waitFor(2);
    await expect
      .poll(async () => sample((await scrape(app)).body, 'solas_emails_total', { result: 'sent' }), {
        timeout: 10_000,
      })
      .toBe(2);

    // A webhook delivery this shop cannot take (the test checkout has no webhooks): counted as such.
    const hook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(400);
    const text = (await scrape(app)).body;
    expect(sample(text, 'solas_webhook_events_total', { type: 'unknown', result: 'not-configured' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/health', status: '200' })).toBe(
      3,
    );
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(
      3,
    );
    expect(text).not.toContain('wp-admin');
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/orders/:sessionId/confirm',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'solas_checkouts_created_total')).toBe(1);
    expect(sample(text, 'solas_orders_paid_total')).toBe(1);
    expect(sample(text, 'solas_outbox_waiting')).toBe(0);
    expect(sample(text, 'solas_outbox_failed')).toBe(0);
    expect(sample(text, 'solas_outbox_oldest_waiting_seconds')).toBe(0);
    if (dialect === 'postgres') {
      expect(sample(text, 'solas_db_pool_connections')).toBeGreaterThanOrEqual(1);
      // The outbox sender may hold connections at the scrape: some queries may be waiting, never a negative.
      expect(sample(text, 'solas_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'solas_db_pool_idle')).toBeGreaterThanOrEqual(0);
    } else {
      expect(sample(text, 'solas_db_pool_connections')).toBeUndefined();
    }
  });
});
