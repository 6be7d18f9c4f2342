/**
 * The checkout's steps in their declared order (pricing.ts, domain/checkout/adjustments.ts): the
 * discounts never stack, the tax changes no price, a payment (after the tax) lowers what is left to pay and
 * not the total, and a list out of stage order is refused when it is declared.
 */
import { describe, expect, it } from 'vitest';
import { type Adjustment, type CheckoutCart, checkDeclaredOrder } from '../../domain/checkout/adjustments';
import { cents } from '../../domain/shared/money';
import { priceCheckout } from './pricing';

const CART: CheckoutCart = {
  email: 'shopper@example.ie',
  lines: [{ id: '1', name: 'First Light', size: 'S', unitPrice: cents(4000), quantity: 2 }],
  code: null,
  zone: 'IE',
  giftWrap: false,
  now: new Date('2026-03-02T10:00:00Z'),
};

function discount(name: string, amount: number, source: 'code' | 'tier' = 'code'): Adjustment {
  return {
    kind: 'discount',
    name,
    offer: async () => ({
      ok: true,
      applied:
        source === 'code'
          ? { source, code: name.toUpperCase(), amount: cents(amount) }
          : { source, percent: 10, amount: cents(amount) },
    }),
  };
}

const giftCard = (balance: number): Adjustment => ({
  kind: 'payment',
  name: 'gift-card',
  pay: async () => ({ ok: true, amount: cents(balance) }),
});

const vat: Adjustment = {
  kind: 'tax',
  name: 'vat',
  rules: async (cart) => ({
    mode: 'ireland',
    gb: 'no_sale',
    country: cart.destination?.country ?? 'IE',
    business: null,
    day: '2026-03-02',
  }),
};

describe('the checkout adjustments', () => {
  it('prices at full price without any entry', async () => {
    const priced = await priceCheckout({ adjustments: [], shipping: undefined }, CART);
    expect(priced.ok && priced.applied).toBeNull();
    expect(priced.ok && priced.totals.discount).toBe(0);
    expect(priced.ok && priced.order.due).toBe(priced.ok ? priced.totals.total : -1);
  });

  it('applies the larger discount, never both; a later entry wins a tie', async () => {
    const larger = await priceCheckout(
      { adjustments: [discount('tier', 1200, 'tier'), discount('xmas', 800)], shipping: undefined },
      CART,
    );
    expect(larger.ok && larger.applied).toEqual({ source: 'tier', percent: 10, amount: 1200 });
    expect(larger.ok && larger.totals.discount).toBe(1200);
    const tie = await priceCheckout(
      { adjustments: [discount('tier', 800, 'tier'), discount('xmas', 800)], shipping: undefined },
      CART,
    );
    expect(tie.ok && tie.applied).toEqual({ source: 'code', code: 'XMAS', amount: 800 });
  });

  it('stops at a refused discount with its message', async () => {
    const refused: Adjustment = {
      kind: 'discount',
      name: 'code',
      offer: async () => ({ ok: false, error: 'This code has expired' }),
    };
    expect(await priceCheckout({ adjustments: [refused], shipping: undefined }, CART)).toEqual({
      ok: false,
      error: 'This code has expired',
    });
  });

  it('takes a payment off what is left to pay, not off the total, and never below zero', async () => {
    const priced = await priceCheckout(
      { adjustments: [discount('xmas', 1000), giftCard(2500)], shipping: undefined },
      CART,
    );
    if (!priced.ok) throw new Error(priced.error);
    expect(priced.totals.discount).toBe(1000);
    expect(priced.order.payments).toEqual([
      { method: 'gift-card', amount: 2500 },
      { method: 'card', amount: priced.totals.total - 2500 },
    ]);
    expect(priced.order.due).toBe(priced.totals.total - 2500);
    const more = await priceCheckout({ adjustments: [giftCard(1_000_000)], shipping: undefined }, CART);
    if (!more.ok) throw new Error(more.error);
    expect(more.order.due).toBe(0);
    expect(more.order.payments).toEqual([{ method: 'gift-card', amount: more.totals.total }]);
  });

  it('records the tax inside each line without changing a price', async () => {
    const without = await priceCheckout({ adjustments: [], shipping: undefined }, CART);
    const priced = await priceCheckout({ adjustments: [vat], shipping: undefined }, CART);
    if (!priced.ok || !without.ok) throw new Error('refused');
    expect(priced.totals).toEqual(without.totals);
    // Rounded on the line: 23% inside €80.00 is €14.96.
    expect(priced.order.lines.map((l) => [l.kind, l.vatRate, l.vat, l.net + l.vat])).toEqual([
      ['piece', 2300, 1496, 8000],
    ]);
  });

  it('refuses a list out of stage order or naming an entry twice', () => {
    expect(() => checkDeclaredOrder([giftCard(1), discount('xmas', 1)])).toThrow(/after a later stage/);
    expect(() => checkDeclaredOrder([giftCard(1), vat])).toThrow(/after a later stage/);
    expect(() => checkDeclaredOrder([discount('xmas', 1), discount('xmas', 2)])).toThrow(/declared twice/);
    expect(() =>
      checkDeclaredOrder([discount('tier', 1, 'tier'), discount('xmas', 1), vat, giftCard(1)]),
    ).not.toThrow();
  });
});
