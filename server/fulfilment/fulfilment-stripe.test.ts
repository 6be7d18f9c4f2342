/**
 * The desk against Stripe (the fake Stripe of tests/support/, through the official SDK): refunds through
 * refunds.create on the payment intent with an idempotency key, a refund made in Stripe's dashboard
 * arriving by charge.refunded, a dispute flagging the order and e-mailing the owner, an expired checkout
 * becoming abandoned, and a paid session that does not match its order landing in "needs review".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import type { OrderDetail, OrdersListResponse } from '../../domain/orders/admin-api';
import { stripeAppSuite } from '../../tests/support/shop-suite';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';

const TOKEN = 'desk-owner-token-0123';
const WEBHOOK_SECRET = 'whsec_test_solas_desk';
const OWNER = 'owner@solas.test';
const AUTH = { authorization: `Bearer ${TOKEN}` };

let smtp: SmtpSink;

beforeEach(async () => {
  smtp = await startSmtpSink();
});

afterEach(async () => {
  await smtp.stop();
});

const shop = stripeAppSuite(WEBHOOK_SECRET, () => ({
  ADMIN_TOKEN: TOKEN,
  SMTP_URL: smtp.url,
  OWNER_EMAIL: OWNER,
  MAIL_FROM: 'orders@solas.test',
  RATE_LIMITS: 'off',
}));

async function openCheckout(): Promise<string> {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: 'aoife@example.ie', items: [{ id: '1', quantity: 1 }], zone: 'IE' },
  });
  return (res.json() as { sessionId: string }).sessionId;
}

async function paidOrder(): Promise<{ reference: string; paymentIntent: string }> {
  const sessionId = await openCheckout();
  const session = shop.stripe.pay(sessionId);
  await shop.app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return { reference: orderReference(sessionId), paymentIntent: session.payment_intent ?? '' };
}

async function detail(reference: string): Promise<OrderDetail> {
  const res = await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${reference}`, headers: AUTH });
  return res.json() as OrderDetail;
}

describe('the desk with Stripe', () => {
  it('refunds through refunds.create on the payment intent with an idempotency key; the webhook echo counts once', async () => {
    const { reference, paymentIntent } = await paidOrder();
    expect((await detail(reference)).paymentId).toBe(paymentIntent);
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${reference}/refund`,
      headers: AUTH,
      payload: { amount: 500, reason: 'Late' },
    });
    expect(res.json()).toMatchObject({
      changed: true,
      order: { status: 'paid', refunded: 500 },
    });
    const call = shop.stripe.requests.find((r) => r.path === '/v1/refunds');
    expect(call?.params).toMatchObject({ payment_intent: paymentIntent, amount: '500' });
    expect(call?.idempotencyKey).toMatch(/^refund-ord_[A-Za-z0-9]+-0-500$/);

    // Stripe then reports the same refund by charge.refunded: recorded once, not twice.
    expect((await shop.deliver('charge.refunded', shop.stripe.chargeOf(paymentIntent))).statusCode).toBe(200);
    expect(await detail(reference)).toMatchObject({ refunded: 500, status: 'paid' });

    // Stripe refuses more than is left: the desk refuses it first, with the message.
    const over = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${reference}/refund`,
      headers: AUTH,
      payload: { amount: 10_000_000 },
    });
    expect(over.statusCode).toBe(400);
    expect(shop.stripe.refunds).toHaveLength(1);
  });

  it('takes a refund made in the dashboard from charge.refunded, once, and tells the shopper', async () => {
    const { reference, paymentIntent } = await paidOrder();
    await smtp.waitFor(2);
    const total = (await detail(reference)).total;
    shop.stripe.refundInDashboard(paymentIntent, total);
    const charge = shop.stripe.chargeOf(paymentIntent);
    expect((await shop.deliver('charge.refunded', charge)).statusCode).toBe(200);
    expect((await shop.deliver('charge.refunded', charge)).statusCode).toBe(200); // Stripe retries deliveries
    const order = await detail(reference);
    expect(order).toMatchObject({ status: 'refunded', refunded: total, refundable: 0 });
    expect(order.timeline.filter((t) => t.kind === 'refund')).toMatchObject([
      { actor: 'provider', amount: total },
    ]);
    const mails = await smtp.waitFor(3);
    expect(mails[2]?.parsed.subject).toMatch(
      new RegExp(`^Refund of €[\\d.]+ for your Solas order ${reference}$`),
    );
  });

  it('a full refund made in the dashboard before making gives the order its materials back', async () => {
    const clasp = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/admin/materials',
        headers: AUTH,
        payload: { name: 'Silver clasp', unit: 'piece', onHand: 3, lowStock: 0 },
      })
    ).json().material as { id: string };
    const bill = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/products/1/materials',
      headers: AUTH,
      payload: {
        sizes: Object.fromEntries(
          ['S', 'M', 'L'].map((size) => [size, [{ materialId: clasp.id, quantity: 1 }]]),
        ),
      },
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const materials = async () =>
      (await shop.app.inject({ method: 'GET', url: '/api/admin/materials', headers: AUTH })).json()
        .materials[0] as { onHand: number; reserved: number };
    const { reference, paymentIntent } = await paidOrder();
    expect(await materials()).toMatchObject({ onHand: 3, reserved: 1 });
    shop.stripe.refundInDashboard(paymentIntent, (await detail(reference)).total);
    expect((await shop.deliver('charge.refunded', shop.stripe.chargeOf(paymentIntent))).statusCode).toBe(200);
    expect((await detail(reference)).status).toBe('refunded');
    expect(await materials()).toMatchObject({ onHand: 3, reserved: 0 });
  });

  it('flags a disputed order and e-mails the owner the respond-by date', async () => {
    const { reference, paymentIntent } = await paidOrder();
    await smtp.waitFor(2);
    const dueBy = new Date('2026-12-04T23:59:59Z');
    const dispute = shop.stripe.disputeOf(paymentIntent, 'product_not_received', dueBy);
    expect((await shop.deliver('charge.dispute.created', dispute)).statusCode).toBe(200);
    expect((await shop.deliver('charge.dispute.created', dispute)).statusCode).toBe(200);
    const order = await detail(reference);
    expect(order).toMatchObject({
      status: 'disputed',
      dispute: { reason: 'product_not_received', respondBy: dueBy.toISOString() },
    });
    const mails = await smtp.waitFor(3);
    const alert = mails[2]?.parsed;
    expect(alert?.subject).toBe(`Dispute opened on order ${reference}`);
    expect(alert?.to && 'text' in alert.to ? alert.to.text : '').toBe(OWNER);
    expect(alert?.text).toContain(dueBy.toUTCString());
    const rows = await shop.app.platform.db.selectFrom('outbox').select('kind').execute();
    expect(rows.filter((r) => r.kind.startsWith('owner-dispute:'))).toHaveLength(1);
  });

  it('marks an expired checkout abandoned, shown only when asked for', async () => {
    const sessionId = await openCheckout();
    const session = shop.stripe.sessions.get(sessionId);
    expect(
      (await shop.deliver('checkout.session.expired', { ...session, status: 'expired' })).statusCode,
    ).toBe(200);
    const work = await shop.app.inject({ method: 'GET', url: '/api/admin/orders', headers: AUTH });
    expect((work.json() as OrdersListResponse).total).toBe(0);
    const abandoned = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/orders?status=abandoned',
      headers: AUTH,
    });
    expect((abandoned.json() as OrdersListResponse).orders.map((o) => o.reference)).toEqual([
      orderReference(sessionId),
    ]);
  });

  it('puts a paid session whose amount does not match its order in "needs review" with the reason', async () => {
    const sessionId = await openCheckout();
    const session = shop.stripe.pay(sessionId);
    session.amount_total -= 100;
    await shop.app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
    const list = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/orders?status=needs_review',
      headers: AUTH,
    });
    expect((list.json() as OrdersListResponse).orders.map((o) => o.reference)).toEqual([
      orderReference(sessionId),
    ]);
    const order = await detail(orderReference(sessionId));
    expect(order.reviewReason).toMatch(/^Paid \d+ eur \(cents\), but the order is \d+ eur$/);
    expect(order.allowedActions).toEqual(['start', 'cancel']);
  });
});
