import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptNet, marginOf, netOfOlderLine } from './margins';

const line = fc.record({
  net: fc.integer({ min: 0, max: 1_000_000 }),
  refundedNet: fc.integer({ min: 0, max: 1_000_000 }),
});
const costs = fc.record({
  materials: fc.integer({ min: 0, max: 1_000_000 }),
  labour: fc.integer({ min: 0, max: 1_000_000 }),
  packaging: fc.integer({ min: 0, max: 100_000 }),
});

describe('margins', () => {
  it('margin is revenue less the costs, and revenue never exceeds the net sold', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), costs, (lines, cost) => {
        const figures = marginOf(lines, cost);
        const sold = lines.reduce((sum, l) => sum + l.net, 0);
        expect(figures.margin).toBe(figures.revenue - cost.materials - cost.labour - cost.packaging);
        expect(figures.revenue).toBeLessThanOrEqual(sold);
        expect(figures.revenue).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(figures.revenue)).toBe(true);
      }),
    );
  });

  it('a line keeps its net less what was refunded on it, and nothing once refunded in full', () => {
    expect(keptNet({ net: 4065, refundedNet: 813 })).toBe(3252);
    expect(keptNet({ net: 4065, refundedNet: 4065 })).toBe(0);
    expect(keptNet({ net: 4065, refundedNet: 0 })).toBe(4065);
  });

  it('an older line is its gross less the VAT inside at its stored rate, or its gross without one', () => {
    // 50.00 at 23%: VAT inside 50.00 x 23 / 123 = 9.349.. = 9.35; net 40.65.
    expect(netOfOlderLine(5000, 2300)).toBe(4065);
    expect(netOfOlderLine(5000, null)).toBe(5000);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 2700 }),
        (gross, rate) => {
          const net = netOfOlderLine(gross, rate);
          expect(net).toBeLessThanOrEqual(gross);
          expect(net).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
