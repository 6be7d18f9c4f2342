/**
 * Where a checkout's commits are, on both dialects: with the test checkout (sessions in the shop's own
 * database) the order, its lines and its session are one transaction, so a failure anywhere leaves none
 * of them; with a remote provider (no prepareLocalSession, as Stripe) the order is stored before the
 * provider hears of it and the session id attached after, as before.
 */
import { describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import type { ValidCheckout } from '../../domain/checkout/checkout-request';
import { deliveryPromise } from '../../domain/making/dispatch';
import { cents } from '../../domain/shared/money';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { OrderStore } from '../orders/order-store';
import type { PaymentProvider } from '../payments/provider';
import { createTestCheckoutProvider, type TestCheckoutProvider } from '../payments/test-checkout';
import { CheckoutService } from './checkout-service';
import { MarkPaid } from './mark-paid';

const CART: ValidCheckout = {
  email: 'shopper@example.ie',
  lines: [
    { id: '1', name: 'First Light', size: 'S', unitPrice: cents(4000), quantity: 2 },
    { id: '5', name: 'Sea Glass', unitPrice: cents(3500), quantity: 1 },
  ],
  zone: 'IE',
  giftWrap: true,
  giftMessage: 'Happy birthday',
};

const silentLog = { info() {}, warn() {}, error() {} };

describe.each(TEST_DIALECTS)('a checkout on %s', (dialect) => {
  const suite = storeSuite(dialect, (database) => new OrderStore(database.db));

  function service(provider: PaymentProvider, now?: () => number): CheckoutService {
    const seller = async () => ({
      name: 'Solas',
      address: 'Galway',
      email: 'hello@solas.test',
      orderEmail: 'owner@solas.test',
      vatNumber: null,
      vatRate: 23,
    });
    const markPaid = new MarkPaid({
      ...(now ? { now } : {}),
      store: suite.store,
      publicUrl: 'http://shop.test',
      mailFrom: 'orders@solas.test',
      seller,
      zoneName: async (zone) => zone,
      vatBefore: { vatRate: 23, vatNumber: null },
      pageUrl: (reference, key) => `http://shop.test/order/${reference}/${key}`,
      log: silentLog,
      onMailQueued: () => {},
    });
    return new CheckoutService({
      ...(now ? { now } : {}),
      store: suite.store,
      provider,
      markPaid,
      publicUrl: 'http://shop.test',
      seller,
      log: silentLog,
    });
  }

  function testProvider(): TestCheckoutProvider {
    return createTestCheckoutProvider({ db: suite.database.db, publicUrl: 'http://shop.test' });
  }

  /** Every row a checkout writes, in all three tables. */
  async function rows() {
    const db = suite.database.db;
    return {
      orders: await db.selectFrom('orders').selectAll().execute(),
      lines: await db.selectFrom('order_lines').selectAll().orderBy('position').execute(),
      sessions: await db.selectFrom('test_checkout_sessions').selectAll().execute(),
    };
  }

  it('stores the order with its session id and reference, its lines and the session together', async () => {
    const outcome = await service(testProvider()).createCheckout(CART);
    if (!outcome.ok) throw new Error('the checkout failed');
    const { orders, lines, sessions } = await rows();
    expect(orders).toHaveLength(1);
    const order = orders[0];
    expect(order).toMatchObject({
      session_id: outcome.sessionId,
      reference: orderReference(outcome.sessionId),
      status: 'pending',
      desk_status: 'pending',
      provider: 'test-checkout',
      email: CART.email,
      gift_message: 'Happy birthday',
      item_count: 3,
      // 2 x 40.00 + 35.00; shipping and gift wrap come on top (the total's check below).
      subtotal: 11500,
    });
    expect(order?.total).toBe((order?.subtotal ?? 0) + (order?.shipping ?? 0) + (order?.gift_wrap ?? 0));
    expect(
      lines.map((l) => [l.order_id, l.position, l.product_id, l.size, l.quantity, l.line_total]),
    ).toEqual([
      [order?.id, 0, '1', 'S', 2, 8000],
      [order?.id, 1, '5', 'M', 1, 3500],
    ]);
    expect(sessions.map((s) => [s.id, s.order_id, s.amount_total, s.status])).toEqual([
      [outcome.sessionId, order?.id, order?.total, 'open'],
    ]);
    expect(outcome.url).toBe(`http://shop.test/test-checkout/${outcome.sessionId}`);
    // The confirmation step finds it by its session, as before.
    expect((await suite.store.findBySession(outcome.sessionId))?.lines).toHaveLength(2);
  });

  it('leaves nothing behind when the session cannot be written (a session id already taken)', async () => {
    const provider = testProvider();
    const first = await service(provider).createCheckout(CART);
    if (!first.ok) throw new Error('the first checkout failed');
    // The next checkout's session row takes the first one's id: its insert fails on the primary key,
    // after the order and its lines were written in the same transaction (SQLite) or statement (PostgreSQL).
    const colliding: TestCheckoutProvider = {
      ...provider,
      prepareLocalSession: (input) => ({
        ...provider.prepareLocalSession(input),
        inserts: (db) => [
          db
            .insertInto('test_checkout_sessions')
            .values({
              id: first.sessionId,
              order_id: input.orderId,
              status: 'open',
              payment_status: 'unpaid',
              customer_email: input.email,
              zone: input.zone,
              currency: 'eur',
              amount_total: input.total,
              summary: '{}',
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              declines: 0,
              created_at: new Date().toISOString(),
              expires_at_ms: Date.now() + 60_000,
            })
            .compile(),
        ],
      }),
    };
    const before = await rows();
    await expect(service(colliding).createCheckout(CART)).rejects.toThrow();
    expect(await rows()).toEqual(before);
  });

  it('leaves nothing behind when a write fails after the session row was written', async () => {
    const provider = testProvider();
    const failing: TestCheckoutProvider = {
      ...provider,
      prepareLocalSession: (input) => {
        const session = provider.prepareLocalSession(input);
        // The session's insert twice: the second fails on the primary key, after every other row.
        return { ...session, inserts: (db) => [...session.inserts(db), ...session.inserts(db)] };
      },
    };
    await expect(service(failing).createCheckout(CART)).rejects.toThrow();
    expect(await rows()).toEqual({ orders: [], lines: [], sessions: [] });
  });

  it('a remote provider still finds the order stored before it is asked, and its session attached after', async () => {
    const seen: { order: unknown; sessionId: string | null | undefined }[] = [];
    const remote: PaymentProvider = {
      id: 'stripe',
      label: 'Stripe',
      parseWebhook: null,
      async createSession(input) {
        const order = await suite.store.findById(input.orderId);
        seen.push({ order: order?.id, sessionId: order?.sessionId });
        return { id: 'cs_test_remote0123456789', url: 'https://pay.example/cs_test_remote0123456789' };
      },
      retrieveSession: async () => null,
      paidSessionsSince: async () => new Set(),
      expireSession: async () => {},
      refund: async () => ({ id: 're_1', amount: 0 }),
    };
    const outcome = await service(remote).createCheckout(CART);
    expect(outcome).toEqual({
      ok: true,
      url: 'https://pay.example/cs_test_remote0123456789',
      sessionId: 'cs_test_remote0123456789',
      orderId: expect.stringMatching(/^ord_/),
      total: expect.any(Number),
      vatNotice: null,
      logged: { orderId: expect.stringMatching(/^ord_/), total: expect.any(Number), items: 3, zone: 'IE' },
    });
    expect(seen).toEqual([{ order: expect.stringMatching(/.+/), sessionId: null }]);
    const { orders, lines, sessions } = await rows();
    expect(orders.map((o) => [o.session_id, o.reference])).toEqual([
      ['cs_test_remote0123456789', orderReference('cs_test_remote0123456789')],
    ]);
    expect(lines).toHaveLength(2);
    expect(sessions).toEqual([]);
  });

  it('promises the delivery of the minute the checkout is made in, across the cut-off too', async () => {
    const provider = testProvider();
    let at = Date.parse('2026-11-23T13:59:05Z'); // a Monday; Irish time is UTC in November
    const orders = service(provider, () => at);
    const promised = async () => {
      const outcome = await orders.createCheckout(CART);
      if (!outcome.ok) throw new Error('the checkout failed');
      return (await provider.getSession(outcome.sessionId))?.summary.delivery;
    };
    const first = await promised();
    expect(first).toEqual(deliveryPromise(new Date(at), 'IE'));
    at = Date.parse('2026-11-23T13:59:55Z');
    expect(await promised()).toEqual(first);
    // 14:00 is the cut-off: production starts a business day later.
    at = Date.parse('2026-11-23T14:00:01Z');
    const after = await promised();
    expect(after).toEqual(deliveryPromise(new Date(at), 'IE'));
    expect(after?.dispatch).not.toBe(first?.dispatch);
  });
});
