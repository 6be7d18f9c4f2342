/**
 * A quote paid through Stripe (the fake Stripe API, tests/support/fake-stripe.ts), on both databases: ten
 * concurrent Pay clicks open one Stripe session (its page is known only after the order is stored, so the
 * other clicks wait for it), in the quote's zone and with its discount; the paid session makes the order
 * once, and the quote then refuses Pay.
 */
import { describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '../../domain/quotes/quotes';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import { formField } from '../../tests/support/fake-stripe';
import { shopSuite } from '../../tests/support/shop-suite';
import { orderRows } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startStripeTestShop } from '../../tests/support/test-shop';

const ADMIN_TOKEN = 'quotes-stripe-admin-token';

describe.each(TEST_DIALECTS)('a quote paid with Stripe on %s', (dialect) => {
  const shop = shopSuite(() => startStripeTestShop(dialect, { ADMIN_TOKEN }));

  it('opens one session for ten concurrent clicks, in the quote’s zone, and is paid once', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {
        email: 'team@acme.example',
        lines: [
          { productId: '3', size: 'M', quantity: 30 },
          { name: 'Engraved gift box', unitPrice: 500, quantity: 30 },
        ],
        discountPercent: 15,
        zone: 'EU',
        validUntil: addDays(irishDate(new Date()), 7),
      },
    });
    expect(created.statusCode).toBe(201);
    const { reference, url, total } = created.json().quote as {
      reference: string;
      url: string;
      total: number;
    };
    // (105000 + 15000) - 18000 + the EU fee of 995.
    expect(total).toBe(120000 - 18000 + 995);
    const key = new URL(url.replace('/#/', '/')).searchParams.get('key') ?? '';

    const pay = () =>
      shop.app.inject({ method: 'POST', url: `/api/quotes/${reference}/checkout`, payload: { key } });
    const clicks = await Promise.all(Array.from({ length: 10 }, pay));
    expect(clicks.map((c) => c.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(clicks.map((c) => c.json().sessionId)).size).toBe(1);
    expect(new Set(clicks.map((c) => c.json().url)).size).toBe(1);
    expect(shop.stripe.sessions.size).toBe(1);
    const sessionId = String(clicks[0]?.json().sessionId);
    const params = shop.stripe.paramsOf(sessionId);
    // The client cannot pick a cheaper zone on Stripe's page: only the quote's countries.
    expect(formField(params, 'shipping_address_collection', 'allowed_countries')).not.toContain('IE');
    expect(formField(params, 'shipping_address_collection', 'allowed_countries')).toContain('FR');
    expect(shop.stripe.sessions.get(sessionId)?.amount_total).toBe(total);

    shop.stripe.pay(sessionId, { name: 'Aoife Byrne', country: 'FR' });
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({ status: 'paid', total });
    const orders = (await orderRows(shop.app)).filter((o) => o.quote_reference === reference);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', total, zone: 'EU' });

    const again = await pay();
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(QUOTE_MESSAGES.paid);
    expect(shop.stripe.sessions.size).toBe(1);
  });
});
