import { describe, expect, it } from 'vitest';
import { cents } from '../shared/money';
import {
  type BulkTier,
  chooseDiscount,
  codeRefusalMessage,
  type DiscountCodeRule,
  discountOn,
  normalizeDiscountCode,
  priceDiscountedOrder,
  refuseCode,
} from './discounts';

const line = (unit: number, quantity: number) => ({
  id: '3',
  name: 'Test',
  unitPrice: cents(unit),
  quantity,
});

const XMAS15: DiscountCodeRule = {
  code: 'XMAS15',
  value: { kind: 'percent', percent: 15 },
  minSubtotal: cents(6000),
  startsAt: Date.parse('2026-11-01T00:00:00Z'),
  endsAt: Date.parse('2026-12-24T00:00:00Z'),
  maxUses: 2,
  oncePerEmail: true,
  active: true,
};
const NOW = Date.parse('2026-11-25T10:00:00Z');
const FREE = { taken: 0, usedByEmail: false };

describe('normalizeDiscountCode', () => {
  it('is case-insensitive and trims', () => {
    expect(normalizeDiscountCode('  xmas15 ')).toBe('XMAS15');
    expect(normalizeDiscountCode('early-bird-2026')).toBe('EARLY-BIRD-2026');
  });
  it.each(['ab', 'a'.repeat(33), 'XMAS 15', 'XMAS_15', 'ÉIRE', ''])('refuses %j', (raw) => {
    expect(normalizeDiscountCode(raw)).toBeNull();
  });
});

describe('refuseCode', () => {
  it('accepts a valid code', () => {
    expect(refuseCode(XMAS15, cents(8000), FREE, NOW)).toBeNull();
  });
  it('gives each reason its own refusal', () => {
    expect(refuseCode({ ...XMAS15, active: false }, cents(8000), FREE, NOW)).toBe('inactive');
    expect(refuseCode(XMAS15, cents(8000), FREE, Date.parse('2026-10-31T23:59:59Z'))).toBe('not-started');
    expect(refuseCode(XMAS15, cents(8000), FREE, Date.parse('2026-12-24T00:00:00Z'))).toBe('expired');
    expect(refuseCode(XMAS15, cents(8000), { taken: 2, usedByEmail: false }, NOW)).toBe('used-up');
    expect(refuseCode(XMAS15, cents(8000), { taken: 1, usedByEmail: true }, NOW)).toBe('already-used');
    expect(refuseCode(XMAS15, cents(5999), FREE, NOW)).toBe('minimum-not-met');
  });
  it('lets a code without limits be used again by the same address', () => {
    const open = { ...XMAS15, maxUses: null, oncePerEmail: false };
    expect(refuseCode(open, cents(8000), { taken: 500, usedByEmail: true }, NOW)).toBeNull();
  });
  it('words every refusal differently and names the code', () => {
    const reasons = [
      'unknown',
      'inactive',
      'not-started',
      'expired',
      'used-up',
      'minimum-not-met',
      'already-used',
    ] as const;
    const messages = reasons.map((r) => codeRefusalMessage(r, 'XMAS15', XMAS15));
    expect(new Set(messages).size).toBe(reasons.length);
    for (const m of messages) expect(m).toContain('XMAS15');
    expect(codeRefusalMessage('minimum-not-met', 'XMAS15', XMAS15)).toContain('€60');
  });
});

describe('discountOn', () => {
  it("rounds a percentage up to the cent, in the shopper's favour", () => {
    // 15% of €35.00 is €5.25 exactly; 15% of €34.99 is 524.85 cents -> 525.
    expect(discountOn({ kind: 'percent', percent: 15 }, cents(3500))).toBe(525);
    expect(discountOn({ kind: 'percent', percent: 15 }, cents(3499))).toBe(525);
    expect(discountOn({ kind: 'percent', percent: 33 }, cents(1001))).toBe(331);
  });
  it('never takes more than the items', () => {
    expect(discountOn({ kind: 'amount', amount: cents(5000) }, cents(3000))).toBe(3000);
    expect(discountOn({ kind: 'percent', percent: 90 }, cents(0))).toBe(0);
  });
});

describe('chooseDiscount', () => {
  const tier: BulkTier = { percent: 15, minPieces: 20, until: Date.parse('2026-12-01T00:00:00Z') };
  const tenOff = { code: 'TENOFF', value: { kind: 'percent', percent: 10 } as const };
  it('applies the tier from 20 pieces, without a code', () => {
    expect(chooseDiscount(cents(70000), 20, NOW, null, tier)).toEqual({
      source: 'tier',
      percent: 15,
      amount: 10500,
    });
    expect(chooseDiscount(cents(66500), 19, NOW, null, tier)).toEqual({ source: 'none', amount: 0 });
  });
  it('ends the tier at its date', () => {
    expect(chooseDiscount(cents(70000), 20, tier.until, null, tier).source).toBe('none');
  });
  it('never stacks: the better one for the shopper applies', () => {
    expect(chooseDiscount(cents(70000), 20, NOW, tenOff, tier)).toMatchObject({
      source: 'tier',
      amount: 10500,
    });
    const twenty = { code: 'TWENTY', value: { kind: 'percent', percent: 20 } as const };
    expect(chooseDiscount(cents(70000), 20, NOW, twenty, tier)).toMatchObject({
      source: 'code',
      amount: 14000,
    });
    expect(chooseDiscount(cents(7000), 2, NOW, tenOff, tier)).toMatchObject({ source: 'code', amount: 700 });
  });
  it('gives the code on a tie', () => {
    const same = { code: 'SAME', value: { kind: 'percent', percent: 15 } as const };
    expect(chooseDiscount(cents(70000), 20, NOW, same, tier)).toMatchObject({ source: 'code', code: 'SAME' });
  });
});

describe('priceDiscountedOrder', () => {
  it('takes the discount off the items, not gift wrap or shipping', () => {
    const t = priceDiscountedOrder([line(3000, 1)], 'EU', true, cents(300));
    expect(t).toMatchObject({
      subtotal: 3000,
      discount: 300,
      shipping: 995,
      total: 3000 - 300 + 995 + t.giftWrap,
    });
    expect(t.giftWrap).toBeGreaterThan(0);
  });
  it('compares the free-shipping threshold with the items after the discount', () => {
    // €45.00 of items less €6.75 is €38.25: under the €40 threshold, so Irish shipping is charged.
    const under = priceDiscountedOrder([line(4500, 1)], 'IE', false, cents(675));
    expect(under).toMatchObject({
      discount: 675,
      shipping: 495,
      freeShipping: false,
      total: 4500 - 675 + 495,
    });
    const over = priceDiscountedOrder([line(4000, 2)], 'IE', false, cents(1200));
    expect(over).toMatchObject({ shipping: 0, freeShipping: true, total: 6800 });
  });
  it('is priceOrder without a discount', () => {
    expect(priceDiscountedOrder([line(3500, 2)], 'IE', false, cents(0))).toMatchObject({
      discount: 0,
      shipping: 0,
      total: 7000,
    });
  });
});
