/**
 * The owner's order paid by link through Stripe (the fake Stripe API, tests/support/fake-stripe.ts), on
 * one database (ROUTE_DIALECTS): one Stripe session for the order at the owner's prices, in its zone; a repeated
 * submission answers the same link without a second session; sales paused do not stop it; the paid
 * session confirms the order once, with the customer's and the owner's e-mails.
 */
import { describe, expect, it } from 'vitest';
import { formField } from '../../tests/support/fake-stripe';
import { shopSuite } from '../../tests/support/shop-suite';
import { orderRows, outboxRows } from '../../tests/support/test-app';
import { ROUTE_DIALECTS } from '../../tests/support/test-database';
import { startStripeTestShop } from '../../tests/support/test-shop';

const ADMIN_TOKEN = 'manual-orders-stripe-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(ROUTE_DIALECTS)('an owner’s order paid by link with Stripe on %s', (dialect) => {
  const shop = shopSuite(() => startStripeTestShop(dialect, { ADMIN_TOKEN }));

  it('opens one session at the owner’s prices in the order’s zone, and is confirmed once paid', async () => {
    const paused = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { away: { mode: 'pause-sales', until: '2099-01-10', message: 'At a fair' } },
    });
    expect(paused.statusCode).toBe(200);
    const order = {
      items: [{ id: '3', quantity: 2, unitPrice: 3000, reason: 'Two for a friend' }],
      customer: {
        name: 'Marie Dubois',
        email: 'marie@example.fr',
        address: { line1: '3 rue des Lilas', city: 'Lyon', country: 'FR' },
      },
      zone: 'EU',
      payment: 'link',
    };
    const post = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/admin/orders',
        headers: { ...auth, 'idempotency-key': 'stripe-link-0001' },
        payload: order,
      });
    const res = await post();
    expect(res.statusCode).toBe(201);
    // 2 x €30 (her price) + the EU fee of €9.95.
    const { reference, total } = res.json().order as { reference: string; total: number };
    expect(total).toBe(6000 + 995);
    expect(shop.stripe.sessions.size).toBe(1);
    const [sessionId] = [...shop.stripe.sessions.keys()];
    const session = shop.stripe.sessions.get(sessionId ?? '');
    expect(res.json().paymentUrl).toBe(session?.url);
    expect(session?.amount_total).toBe(total);
    const params = shop.stripe.paramsOf(sessionId ?? '');
    expect(formField(params, 'shipping_address_collection', 'allowed_countries')).toContain('FR');
    expect(formField(params, 'shipping_address_collection', 'allowed_countries')).not.toContain('IE');

    const again = await post();
    expect(again.json()).toMatchObject({ order: { reference }, paymentUrl: session?.url });
    expect(shop.stripe.sessions.size).toBe(1);

    shop.stripe.pay(sessionId ?? '', { name: 'Marie Dubois', country: 'FR' });
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({ status: 'paid', reference, total });
    const rows = (await orderRows(shop.app)).filter((o) => o.reference === reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', channel: 'manual', zone: 'EU', payment_method: null });
    const mails = (await outboxRows(shop.app)).filter((m) => m.reference === reference).map((m) => m.kind);
    expect(mails.sort()).toEqual(['order-confirmation', 'owner-notification']);
  });
});
