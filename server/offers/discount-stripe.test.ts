/**
 * Discounts in Stripe mode through the official SDK and the fake Stripe: the Checkout Session carries a
 * once-only coupon of the shop's exact discount (made with coupons.create, passed in `discounts`), so its
 * amount_total equals the shop's total; payment confirms with the code; the `checkout.session.expired`
 * webhook releases the checkout's use so the next shopper can take it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { codeRefusalMessage } from '../../domain/offers/discounts';
import { formField } from '../../tests/support/fake-stripe';
import { stripeAppSuite } from '../../tests/support/shop-suite';
import { orderRows } from '../../tests/support/test-app';

const ADMIN_TOKEN = 'discount-stripe-admin-token';
const WEBHOOK_SECRET = 'whsec_test_solas_discount_secret';

const shop = stripeAppSuite(WEBHOOK_SECRET, () => ({ ADMIN_TOKEN }));

beforeEach(async () => {
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { code: 'XMAS15', percentOff: 15, minSubtotal: 6000, maxUses: 1 },
  });
  expect(created.statusCode).toBe(201);
});

function checkout(email: string) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: {
      email,
      items: [
        { id: '1', quantity: 1 },
        { id: '5', quantity: 1 },
      ],
      giftWrap: true,
      zone: 'EU',
      discountCode: 'xmas15',
    },
  });
}

describe('a discount code with Stripe', () => {
  it('opens a session with a once-only coupon of the exact discount; amount_total is the shop total', async () => {
    const res = await checkout('aoife@example.ie');
    expect(res.statusCode).toBe(200);
    const sessionId = String(res.json().sessionId);
    const [order] = await orderRows(shop.app);
    const coupon = shop.stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/coupons');
    // 15% of €70.00, off the items only: the gift wrap and the delivery are charged in full.
    expect(coupon?.params).toMatchObject({ amount_off: '1050', currency: 'eur', duration: 'once' });
    expect(coupon?.idempotencyKey).toBe(`checkout-coupon-${order?.id}`);
    const params = shop.stripe.paramsOf(sessionId);
    expect(formField(params, 'discounts', 0, 'coupon')).toMatch(/^co_/);
    expect(order).toMatchObject({ discount: 1050, discount_code: 'XMAS15' });
    expect(order?.total).toBe(7000 - 1050 + Number(order?.shipping) + Number(order?.gift_wrap));
    expect(shop.stripe.sessions.get(sessionId)?.amount_total).toBe(order?.total);

    shop.stripe.pay(sessionId);
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({
      status: 'paid',
      subtotal: 7000,
      discount: 1050,
      discountCode: 'XMAS15',
      total: order?.total,
    });
  });

  it('the checkout.session.expired webhook releases the use, and the next shopper takes it', async () => {
    const first = await checkout('aoife@example.ie');
    const sessionId = String(first.json().sessionId);
    const refused = await checkout('niamh@example.ie');
    expect(refused.json()).toEqual({ ok: false, error: codeRefusalMessage('used-up', 'XMAS15') });

    const session = shop.stripe.sessions.get(sessionId);
    if (!session) throw new Error('no session');
    session.status = 'expired';
    const delivered = await shop.deliver('checkout.session.expired', session);
    expect(delivered.statusCode).toBe(200);
    expect((await checkout('niamh@example.ie')).statusCode).toBe(200);
  });
});
