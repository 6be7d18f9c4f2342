/**
 * A shopper who paid but never came back to the confirmation page (connection lost, tab closed) still
 * gets an order and its e-mails: the reconcile pass confirms recent pending orders whose session is paid.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../tests/support/fake-stripe';
import {
  buildTestApp,
  orderRows,
  outboxRows,
  TEST_PUBLIC_URL,
  tempDataDir,
} from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { TestCheckoutProvider } from '../payments/test-checkout';
import { DEFAULT_RECONCILE_TIMINGS, reconcileOnce } from './reconcile';

let data: ReturnType<typeof tempDataDir>;
const apps: FastifyInstance[] = [];
beforeEach(() => {
  data = tempDataDir();
});
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  data.remove();
});

const CART = { email: 'gone@example.ie', items: [{ id: '8', quantity: 1 }] };

async function open(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: CART });
  return (res.json() as { sessionId: string }).sessionId;
}

const SHIPPING = {
  name: 'Gone Away',
  address: {
    line1: '1 Quiet Road',
    line2: null,
    city: 'Ennis',
    state: null,
    postalCode: 'V95 X1Y2',
    country: 'IE',
  },
};

describe('reconcileOnce', () => {
  it('confirms a paid session nobody confirmed, once; leaves open ones alone', async () => {
    const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off' });
    apps.push(app);
    const paidId = await open(app);
    const openId = await open(app);
    // The payment went through on the hosted page; the browser never made it back.
    expect(await (app.payments.provider as TestCheckoutProvider).pay(paidId, SHIPPING)).toBe(true);

    expect(await reconcileOnce(app)).toEqual({ checked: 2, paid: 1, stoppedEarly: false });
    const rows = await orderRows(app);
    expect(rows.find((r) => r.session_id === paidId)?.status).toBe('paid');
    expect(rows.find((r) => r.session_id === openId)?.status).toBe('pending');
    expect((await outboxRows(app)).map((r) => r.kind).sort()).toEqual([
      'order-confirmation',
      'owner-notification',
    ]);

    expect(await reconcileOnce(app)).toEqual({ checked: 1, paid: 0, stoppedEarly: false });
    expect(await outboxRows(app)).toHaveLength(2);
  });

  it('takes the longest unchecked first: behind 149 abandoned checkouts, the newest paid order is confirmed', async () => {
    const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off' });
    apps.push(app);
    const sessions: string[] = [];
    for (let i = 0; i < 150; i += 1) sessions.push(await open(app));
    const newest = sessions.at(-1) ?? '';
    expect(await (app.payments.provider as TestCheckoutProvider).pay(newest, SHIPPING)).toBe(true);
    const timings = { maxAgeMs: DEFAULT_RECONCILE_TIMINGS.maxAgeMs, batch: 100 };

    // The oldest 100, all still open.
    expect(await reconcileOnce(app, timings)).toEqual({ checked: 100, paid: 0, stoppedEarly: false });
    const afterFirst = await orderRows(app);
    expect(afterFirst.filter((r) => r.checked_at !== null)).toHaveLength(100);
    expect(afterFirst.find((r) => r.session_id === newest)?.checked_at).toBeNull();

    // The 50 never checked come before any checked again; the newest is among them.
    expect(await reconcileOnce(app, timings)).toEqual({ checked: 100, paid: 1, stoppedEarly: false });
    const afterSecond = await orderRows(app);
    expect(afterSecond.find((r) => r.session_id === newest)?.status).toBe('paid');
    expect(afterSecond.every((r) => r.checked_at !== null)).toBe(true);
    expect(afterSecond.filter((r) => r.status === 'pending')).toHaveLength(149);
  }, 60_000);

  it('ignores orders older than the sessions can live, and stops at the first provider failure', async () => {
    const stripe: FakeStripe = await startFakeStripe();
    try {
      const app = await buildTestApp({
        DATA_DIR: data.dir,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_API_URL: stripe.url,
        STRIPE_TIMEOUT_MS: '300',
        RATE_LIMITS: 'off',
      });
      apps.push(app);
      const a = await open(app);
      const b = await open(app);
      stripe.pay(a);
      stripe.pay(b);
      stripe.failNext(10);
      expect(await reconcileOnce(app)).toEqual({ checked: 1, paid: 0, stoppedEarly: true });
      stripe.failNext(0);
      expect(await reconcileOnce(app, { maxAgeMs: 1, batch: 100 })).toEqual({
        checked: 0,
        paid: 0,
        stoppedEarly: false,
      });
      expect(await reconcileOnce(app)).toEqual({ checked: 2, paid: 2, stoppedEarly: false });
    } finally {
      await stripe.close();
    }
  });
});

describe('the scheduled passes', () => {
  it('run after start without anyone asking, and stop when the app closes', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: data.dir });
    const app = await buildApp({
      config,
      serveWeb: false,
      reconcile: { initialDelayMs: 100, intervalMs: 100 },
    });
    apps.push(app);
    await app.ready();
    const id = await open(app);
    await (app.payments.provider as TestCheckoutProvider).pay(id, SHIPPING);
    // The pass runs on its timer: waited for, however long this host takes.
    await expect.poll(async () => (await orderRows(app))[0]?.status, { timeout: 15_000 }).toBe('paid');
  });
});
