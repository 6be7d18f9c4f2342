import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exchangeRequestSchema, exchangeSizes, priceDifference, signedDifference } from './exchanges';

const SEED = { seed: 5151, numRuns: 300 };

describe('priceDifference', () => {
  it('charges, refunds or settles nothing by the sign of new less paid', () => {
    expect(priceDifference(3900, 4500)).toEqual({ kind: 'charge', amount: 600 });
    expect(priceDifference(4500, 3900)).toEqual({ kind: 'refund', amount: 600 });
    expect(priceDifference(3900, 3900)).toEqual({ kind: 'none', amount: 0 });
  });

  it('paid plus the signed difference is the new price, in whole cents, never a negative amount', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (paid, price) => {
        const d = priceDifference(paid, price);
        expect(Number.isInteger(d.amount)).toBe(true);
        expect(d.amount).toBeGreaterThanOrEqual(0);
        expect(paid + signedDifference(d)).toBe(price);
        expect(d.kind === 'none').toBe(paid === price);
        // Swapping back settles the opposite way, for the same amount.
        const back = priceDifference(price, paid);
        expect(back.amount).toBe(d.amount);
        expect(signedDifference(back)).toBe(-signedDifference(d));
      }),
      SEED,
    );
  });

  it('refuses cents that are not whole', () => {
    expect(() => priceDifference(10.5, 20)).toThrow(RangeError);
    expect(() => priceDifference(-1, 20)).toThrow(RangeError);
  });
});

describe('exchangeSizes', () => {
  it('offers the makeable sizes other than the one she has', () => {
    expect(exchangeSizes(['S', 'M', 'L'], (s) => s !== 'S', 'M')).toEqual(['L']);
    expect(exchangeSizes(['M', 'L'], () => true, 'L')).toEqual(['M']);
  });
});

describe('exchangeRequestSchema', () => {
  it('names the field that is wrong', () => {
    const bad = (body: unknown) => exchangeRequestSchema.safeParse(body).error?.issues[0]?.message ?? '';
    expect(bad({ key: 'k'.repeat(20), lineId: 0, size: 'XL' })).toMatch(/^size/);
    expect(bad({ key: 'k'.repeat(20), lineId: -1, size: 'L' })).toMatch(/^lineId/);
    expect(bad({ key: '', lineId: 0, size: 'L' })).toMatch(/^key/);
    expect(exchangeRequestSchema.safeParse({ key: 'k'.repeat(20), lineId: 0, size: 'L' }).success).toBe(true);
  });
});
