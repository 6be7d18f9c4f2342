/**
 * The one step every payment goes through (mark-paid.ts), on both dialects: once whatever the number of
 * callers, its participants inside the payment's transaction (a failing one leaves the order unpaid and
 * no e-mail queued), and the list closed once the shop serves requests.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ValidCheckout } from '../../domain/checkout/checkout-request';
import { cents } from '../../domain/shared/money';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { OrderStore } from '../orders/order-store';
import { createTestCheckoutProvider } from '../payments/test-checkout';
import { CheckoutService } from './checkout-service';
import { MarkPaid, type PaymentWay } from './mark-paid';

const CART: ValidCheckout = {
  email: 'shopper@example.ie',
  lines: [{ id: '1', name: 'First Light', size: 'S', unitPrice: cents(4000), quantity: 2 }],
  zone: 'IE',
  giftWrap: false,
  giftMessage: null,
};

const silentLog = { info() {}, warn() {}, error() {} };
const seller = async () => ({
  name: 'Solas',
  address: 'Galway',
  email: 'hello@solas.test',
  orderEmail: 'owner@solas.test',
  vatNumber: null,
  vatRate: 23,
});

describe.each(TEST_DIALECTS)('marking an order paid on %s', (dialect) => {
  const suite = storeSuite(dialect, (database) => new OrderStore(database.db));
  let paid: MarkPaid;
  let paidEvents: string[];

  beforeEach(() => {
    paidEvents = [];
    paid = new MarkPaid({
      store: suite.store,
      publicUrl: 'http://shop.test',
      mailFrom: 'orders@solas.test',
      seller,
      zoneName: async (zone) => zone,
      vatBefore: { vatRate: 23, vatNumber: null },
      pageUrl: (reference, key) => `http://shop.test/order/${reference}/${key}`,
      log: silentLog,
      onMailQueued: () => {},
      onPaid: (order) => paidEvents.push(order.orderId),
    });
  });

  /** A pending order with its test checkout session, as a shopper's checkout stores it. */
  async function pendingOrder(): Promise<{ orderId: string; way: PaymentWay }> {
    const provider = createTestCheckoutProvider({ db: suite.database.db, publicUrl: 'http://shop.test' });
    const service = new CheckoutService({
      store: suite.store,
      provider,
      markPaid: paid,
      publicUrl: 'http://shop.test',
      seller,
      log: silentLog,
    });
    const outcome = await service.createCheckout(CART);
    return {
      orderId: outcome.orderId,
      way: { by: 'provider', sessionId: outcome.sessionId, shipping: null, paymentId: null },
    };
  }

  const mailsOf = (orderId: string) =>
    suite.database.db.selectFrom('outbox').select('kind').where('order_id', '=', orderId).execute();

  it('pays an order once for any number of callers; each participant runs once, in the payment', async () => {
    const seen: { name: string; status: string }[] = [];
    paid.join({
      name: 'first',
      onPaid: async (trx, order) => {
        // Inside the payment's transaction: the row is already paid there.
        const row = await trx
          .selectFrom('orders')
          .select('status')
          .where('id', '=', order.id)
          .executeTakeFirst();
        seen.push({ name: 'first', status: row?.status ?? 'none' });
      },
    });
    paid.join({ name: 'second', onPaid: async () => void seen.push({ name: 'second', status: 'paid' }) });
    expect(paid.declared).toEqual(['first', 'second']);
    const { orderId, way } = await pendingOrder();

    const outcomes = await Promise.all(Array.from({ length: 5 }, () => paid.markPaid(orderId, way)));

    expect(outcomes.filter((o) => o?.first)).toHaveLength(1);
    expect(outcomes.every((o) => o?.order.status === 'paid')).toBe(true);
    expect(seen).toEqual([
      { name: 'first', status: 'paid' },
      { name: 'second', status: 'paid' },
    ]);
    expect((await mailsOf(orderId)).map((m) => m.kind).sort()).toEqual([
      'order-confirmation',
      'owner-notification',
    ]);
    expect(paidEvents).toEqual([orderId]);
    // A later call answers the same order and changes nothing.
    const again = await paid.markPaid(orderId, way);
    expect(again).toEqual({ first: false, order: outcomes[0]?.order });
    expect(await mailsOf(orderId)).toHaveLength(2);
  });

  it('rolls the payment back when a participant fails: unpaid, no e-mail, paid on the next call', async () => {
    let fail = true;
    paid.join({
      name: 'flaky',
      onPaid: async () => {
        if (fail) throw new Error('participant down');
      },
    });
    const { orderId, way } = await pendingOrder();

    await expect(paid.markPaid(orderId, way)).rejects.toThrow('participant down');
    expect((await suite.store.findById(orderId))?.status).toBe('pending');
    expect(await mailsOf(orderId)).toHaveLength(0);
    expect(paidEvents).toEqual([]);

    fail = false;
    expect((await paid.markPaid(orderId, way))?.first).toBe(true);
    expect((await suite.store.findById(orderId))?.status).toBe('paid');
  });

  it('stores and pays a card-paid order in one transaction: a failure keeps nothing, and the owner never pays it', async () => {
    let fail = true;
    paid.join({
      name: 'flaky',
      onPaid: async () => {
        if (fail) throw new Error('invoice sequence locked');
      },
    });
    const lines = [{ ...CART.lines[0], lineTotal: cents(8000) }] as const;
    const totals = { lines, subtotal: 8000, shipping: 0, giftWrap: 0, total: 8000, itemCount: 2, zone: 'IE' };
    const order = {
      id: 'ord_cardpaid',
      provider: 'test',
      email: CART.email,
      totals: totals as never,
      vat: { vatRate: 23, vatNumber: null },
      reference: 'SOL-CARDPAID',
      paidBy: 'gift_card' as const,
      requestKey: 'checkout:attempt-1',
    };
    const draft = { ...order, zone: 'IE' as const, total: 8000, itemCount: 2, dispatchDate: null, lines };
    const way = { by: 'gift_card' as const, shipping: null };
    const storeIt = (trx: Parameters<OrderStore['createPendingIn']>[0]) =>
      suite.store.createPendingIn(trx, order);

    await expect(paid.storeAndMarkPaid(draft, storeIt, way)).rejects.toThrow('invoice sequence locked');
    // Nothing kept: no order for the owner's pass to find (and pay as hers), no e-mail.
    expect(await suite.store.findById(order.id)).toBeNull();
    expect(await mailsOf(order.id)).toHaveLength(0);

    fail = false;
    expect(await paid.storeAndMarkPaid(draft, storeIt, way)).toBe(true);
    expect((await suite.store.findById(order.id))?.status).toBe('paid');
    expect((await suite.store.findByRequestKey('checkout:attempt-1'))?.id).toBe(order.id);
    expect(await mailsOf(order.id)).toHaveLength(2);
  });

  it("never counts a shopper's pending order among the owner's stranded ones", async () => {
    // A card-paid order an older release stored and never paid: pending, a payment method, no session.
    await suite.store.createPending({
      id: 'ord_left',
      provider: 'test',
      email: CART.email,
      totals: {
        lines: [{ ...CART.lines[0], lineTotal: cents(8000) }],
        subtotal: 8000,
        shipping: 0,
        giftWrap: 0,
        total: 8000,
        itemCount: 2,
        zone: 'IE',
      } as never,
      vat: { vatRate: 23, vatNumber: null },
      reference: 'SOL-LEFTOVER',
      paidBy: 'gift_card',
    });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await suite.store.strandedMarkedPaid(later, 10)).toEqual([]);
  });

  it('answers null for an order the shop does not have, and takes no participant once sealed', async () => {
    expect(await paid.markPaid('ord_missing', { by: 'owner', emailCustomer: false })).toBeNull();
    paid.seal();
    expect(() => paid.join({ name: 'late', onPaid: async () => undefined })).toThrow(
      /after the shop started/,
    );
  });
});
