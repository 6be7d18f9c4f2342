/**
 * What the order page, the confirmation e-mail and the desk say about money and the law after the desk
 * acts (docs/product/order-flow.md §6.10): the VAT included (only with a VAT number), a refunded or cancelled order
 * said so with its time, the right to cancel kept after a partial refund, the carrier by its name.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfirmResponse } from '../../domain/checkout/checkout';
import type { OrderDetail } from '../../domain/orders/admin-api';
import type { OrderPage } from '../../domain/orders/order-page';
import { buildTestApp, GALWAY_CARD_FORM, outboxRows, tempDataDir } from '../../tests/support/test-app';
import { ORDERS_MAIL_KINDS } from './mail-kinds';

const TOKEN = 'desk-token-for-the-order-page-service';
const LINK = /#\/order\/(SOL-[A-Z0-9_-]+)\?key=([A-Za-z0-9_-]+)/;

let data: ReturnType<typeof tempDataDir> | null = null;
let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  data?.remove();
  app = null;
  data = null;
});

async function start(env: Record<string, string> = {}): Promise<FastifyInstance> {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN: TOKEN, RATE_LIMITS: 'off', ...env });
  return app;
}

/** One First Light (€40.00, free delivery in Ireland), paid on the test checkout. */
async function paidOrder(shop: FastifyInstance) {
  const checkout = await shop.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: GALWAY_CARD_FORM.email, items: [{ id: '1', quantity: 1 }], zone: 'IE' },
  });
  const { sessionId } = checkout.json() as { sessionId: string };
  await shop.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(GALWAY_CARD_FORM).toString(),
  });
  const confirmed = await shop.inject({
    method: 'POST',
    url: `/api/orders/${sessionId}/confirm`,
    payload: {},
  });
  const confirmation = (await outboxRows(shop)).find((r) => r.kind === ORDERS_MAIL_KINDS.customer);
  const match = confirmation ? LINK.exec(confirmation.text_body) : null;
  if (!match?.[1] || !match[2] || !confirmation) throw new Error('no order page link in the confirmation');
  const reference = match[1];
  const key = match[2];
  const desk = async (action: string, payload: object) => {
    const res = await shop.inject({
      method: 'POST',
      url: `/api/admin/orders/${reference}/${action}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { order: OrderDetail }).order;
  };
  const page = async () => {
    const res = await shop.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } });
    return (res.json() as { order: OrderPage }).order;
  };
  return {
    reference,
    key,
    sessionId,
    confirmed: confirmed.json() as ConfirmResponse,
    confirmation,
    desk,
    page,
  };
}

describe('the order page, the confirmation and the desk', () => {
  it('the confirmation page is answered a link to the order page, with a key of its own that opens it, and again later', async () => {
    const shop = await start();
    const order = await paidOrder(shop);
    const opens = async (path: string | null | undefined) => {
      const match = new RegExp(`^/#/order/${order.reference}\\?key=([A-Za-z0-9_-]{22,})$`).exec(path ?? '');
      expect(match).not.toBeNull();
      const res = await shop.inject({
        method: 'POST',
        url: '/api/order-page',
        payload: { reference: order.reference, key: match?.[1] },
      });
      expect(res.statusCode).toBe(200);
    };
    // The confirmation e-mail's link keeps working beside the answer's.
    expect(order.confirmation.text_body).toContain(`/#/order/${order.reference}?key=${order.key}`);
    await opens(order.confirmed.orderPagePath);
    const again = await shop.inject({
      method: 'POST',
      url: `/api/orders/${order.sessionId}/confirm`,
      payload: {},
    });
    await opens((again.json() as ConfirmResponse).orderPagePath);
    expect((await order.page()).reference).toBe(order.reference);
  });

  it('say "€7.48 VAT included" on a €40.00 order with a VAT number, the same figure everywhere', async () => {
    const shop = await start({ SELLER_VAT_NUMBER: 'IE1234567T' });
    const order = await paidOrder(shop);
    expect(order.confirmation.text_body).toContain('€7.48 VAT included');
    expect(order.confirmation.html_body).toContain('€7.48 VAT included');
    expect((await order.page()).vatIncluded).toBe(748);
    expect((await order.desk('notes', { text: 'Blue ribbon' })).vatIncluded).toBe(748);
  });

  it('say nothing of VAT included without a VAT number', async () => {
    const shop = await start();
    const order = await paidOrder(shop);
    expect(order.confirmation.text_body).not.toMatch(/VAT included|include VAT/i);
    expect(order.confirmation.html_body).not.toMatch(/VAT included|include VAT/i);
    expect((await order.page()).vatIncluded).toBeNull();
    expect((await order.desk('notes', { text: 'Blue ribbon' })).vatIncluded).toBeNull();
  });

  it('names the carrier, keeps the right to cancel after a partial refund and says when it was refunded', async () => {
    const shop = await start();
    const order = await paidOrder(shop);
    await order.desk('dispatch', { carrier: 'an_post', trackingNumber: 'RX123456789IE' });
    await order.desk('status', { status: 'delivered' });
    let page = await order.page();
    expect(page.tracking?.carrier).toBe('An Post');

    await order.desk('refund', { amount: 500 });
    page = await order.page();
    expect(page.refunded).toBe(500);
    expect(page.withdrawal).toMatchObject({ open: true, ended: null });

    const refunded = await order.desk('refund', {});
    page = await order.page();
    expect(page.refunded).toBe(4000);
    expect(page.withdrawal.open).toBe(false);
    expect(page.withdrawal.ended).toEqual({
      kind: 'refunded',
      at: refunded.timeline.filter((t) => t.kind === 'refund').at(-1)?.at,
    });
  });

  it('promises neither a dispatch nor a delivery for an order refunded in full before it left', async () => {
    const shop = await start();
    const order = await paidOrder(shop);
    expect((await order.page()).deliveryEstimate).not.toBeNull();
    await order.desk('refund', {});
    const page = await order.page();
    expect(page.dispatchDate).toBeNull();
    expect(page.deliveryEstimate).toBeNull();
    expect(page.timeline.map((t) => t.step)).toEqual(['paid', 'refunded']);
    expect(page.withdrawal.ended?.kind).toBe('refunded');
  });

  it('says a cancelled order is cancelled, with its time, and promises no dispatch for it', async () => {
    const shop = await start();
    const order = await paidOrder(shop);
    expect((await order.page()).dispatchDate).not.toBeNull();
    const cancelled = await order.desk('cancel', { reason: 'Out of stock' });
    const page = await order.page();
    expect(page.dispatchDate).toBeNull();
    expect(page.deliveryEstimate).toBeNull();
    expect(page.withdrawal.open).toBe(false);
    expect(page.withdrawal.ended).toEqual({
      kind: 'cancelled',
      at: cancelled.timeline.find((t) => t.kind === 'cancelled')?.at,
    });
  });
});
