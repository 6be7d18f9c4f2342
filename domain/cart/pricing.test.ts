import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD, GIFT_WRAP_PRICE, SHIPPING_ZONES } from '../config';
import { cents } from '../shared/money';
import { freeShippingProgress, freeShippingRemaining, priceOrder, shippingFee } from './pricing';

const line = (unit: number, quantity: number) => ({
  id: '1',
  name: 'Test',
  unitPrice: cents(unit),
  quantity,
});

describe('priceOrder', () => {
  it('charges the Irish fee below the threshold and nothing from it', () => {
    const below = priceOrder([line(3500, 1)], 'IE', false);
    expect(below).toMatchObject({
      subtotal: 3500,
      shipping: 495,
      giftWrap: 0,
      total: 3995,
      freeShipping: false,
    });
    const at = priceOrder([line(4000, 1)], 'IE', false);
    expect(at).toMatchObject({ subtotal: 4000, shipping: 0, total: 4000, freeShipping: true });
  });

  it('charges EU and rest-of-world fees regardless of subtotal', () => {
    expect(priceOrder([line(4000, 3)], 'EU', false)).toMatchObject({ shipping: 995, total: 12995 });
    expect(priceOrder([line(3000, 1)], 'WORLD', true)).toMatchObject({
      shipping: 1495,
      giftWrap: 350,
      total: 4845,
    });
  });

  it('adds gift wrap once per order', () => {
    const t = priceOrder([line(3000, 2), { ...line(3500, 1), id: '2' }], 'IE', true);
    expect(t).toMatchObject({
      subtotal: 9500,
      shipping: 0,
      giftWrap: GIFT_WRAP_PRICE,
      total: 9850,
      itemCount: 3,
    });
    expect(t.lines.map((l) => l.lineTotal)).toEqual([6000, 3500]);
  });

  it('charges nothing for an empty order', () => {
    expect(priceOrder([], 'WORLD', true)).toMatchObject({ subtotal: 0, shipping: 0, giftWrap: 0, total: 0 });
  });

  it('reads every fee from config', () => {
    expect(shippingFee('IE', cents(100))).toBe(SHIPPING_ZONES.IE.fee);
    expect(shippingFee('IE', FREE_SHIPPING_THRESHOLD)).toBe(0);
  });
});

describe('free shipping progress', () => {
  it('reports what is left and the share reached', () => {
    expect(freeShippingRemaining(cents(3500))).toBe(500);
    expect(freeShippingRemaining(cents(4500))).toBe(0);
    expect(freeShippingProgress(cents(2000))).toBe(0.5);
    expect(freeShippingProgress(cents(9000))).toBe(1);
  });
});
