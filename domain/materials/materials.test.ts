import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildable,
  DEFAULT_COST_SETTINGS,
  divideHalfUp,
  type MaterialStock,
  pieceCost,
  shortagesOf,
  weightedUnitCost,
} from './materials';

const SEED = { seed: 7423, numRuns: 300 };

const stockArb = fc.record({ onHand: fc.nat(10_000), reserved: fc.nat(10_000) }).map((s) => ({
  onHand: Math.max(s.onHand, s.reserved),
  reserved: s.reserved,
}));

describe('buildable', () => {
  it('is the least over the materials of free stock divided by what one piece uses', () => {
    const stock = new Map<string, MaterialStock>([
      ['clasp', { onHand: 5, reserved: 0 }],
      ['bead', { onHand: 100, reserved: 10 }],
    ]);
    expect(
      buildable(
        [
          { materialId: 'clasp', quantity: 1 },
          { materialId: 'bead', quantity: 20 },
        ],
        stock,
      ),
    ).toBe(4);
    expect(buildable([], stock)).toBeNull();
    expect(buildable([{ materialId: 'gone', quantity: 1 }], stock)).toBe(0);
  });

  it('never promises more than any one material covers, and one more piece would exceed one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(stockArb, fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 6 }),
        (parts) => {
          const stock = new Map(parts.map(([s], i) => [`m${i}`, s]));
          const lines = parts.map(([, q], i) => ({ materialId: `m${i}`, quantity: q }));
          const n = buildable(lines, stock) ?? -1;
          expect(n).toBeGreaterThanOrEqual(0);
          for (const [s, q] of parts) expect(n * q).toBeLessThanOrEqual(s.onHand - s.reserved);
          expect(parts.some(([s, q]) => (n + 1) * q > s.onHand - s.reserved)).toBe(true);
        },
      ),
      SEED,
    );
  });
});

describe('weighted unit cost', () => {
  it('rounds half up: 3 at 10c and 1 bought for 12c is 10.5 -> 11', () => {
    expect(weightedUnitCost({ onHand: 3, unitCost: 10 }, { quantity: 1, cost: 12 })).toBe(11);
    expect(weightedUnitCost({ onHand: 0, unitCost: null }, { quantity: 3, cost: 100 })).toBe(33);
    expect(weightedUnitCost({ onHand: 7, unitCost: null }, { quantity: 2, cost: 5 })).toBe(3);
  });

  it('lies between the old cost and the purchase unit cost, within half a cent of the exact average', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.nat(10_000),
        fc.integer({ min: 1, max: 100_000 }),
        fc.nat(10_000_000),
        (onHand, unitCost, quantity, cost) => {
          const avg = weightedUnitCost({ onHand, unitCost }, { quantity, cost });
          expect(Number.isInteger(avg)).toBe(true);
          const exact = (onHand * unitCost + cost) / (onHand + quantity);
          expect(Math.abs(avg - exact)).toBeLessThanOrEqual(0.5);
          expect(avg).toBeGreaterThanOrEqual(Math.floor(Math.min(unitCost, cost / quantity)));
          expect(avg).toBeLessThanOrEqual(Math.ceil(Math.max(unitCost, cost / quantity)));
        },
      ),
      SEED,
    );
  });

  it('divideHalfUp matches rounding half up of the exact quotient', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000_000), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        const q = divideHalfUp(a, b);
        expect(2 * a >= (2 * q - 1) * b && 2 * a < (2 * q + 1) * b).toBe(true);
      }),
      SEED,
    );
  });
});

describe('piece cost', () => {
  it('adds materials at cost, minutes at the hourly rate and packaging; the multiplier suggests a price', () => {
    const cost = pieceCost(
      [
        { quantity: 20, unitCost: 15 },
        { quantity: 1, unitCost: 120 },
        { quantity: 2, unitCost: null },
      ],
      25,
      { hourlyRate: 2000, packaging: 150, multiplier: 250 },
    );
    // 300 + 120 materials; 25 min of €20/h = 833.33 -> 833; + 150 packaging = 1403; x 2.5 = 3507.5 -> 3508.
    expect(cost).toEqual({ materials: 420, labour: 833, packaging: 150, total: 1403, suggestedPrice: 3508 });
    expect(pieceCost([], 0, DEFAULT_COST_SETTINGS).total).toBe(0);
  });

  it('is whole cents and never less than its parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.nat(1000), unitCost: fc.option(fc.nat(10_000)) })),
        fc.nat(600),
        fc.record({
          hourlyRate: fc.nat(10_000),
          packaging: fc.nat(1000),
          multiplier: fc.integer({ min: 100, max: 1000 }),
        }),
        (lines, minutes, settings) => {
          const c = pieceCost(lines, minutes, settings);
          expect(c.total).toBe(c.materials + c.labour + c.packaging);
          expect(Number.isInteger(c.suggestedPrice)).toBe(true);
          expect(c.suggestedPrice).toBeGreaterThanOrEqual(c.total);
        },
      ),
      SEED,
    );
  });
});

describe('shortages', () => {
  it('names what the queue needs beyond what is on hand, and the first order it blocks', () => {
    const materials = new Map([
      ['clasp', { name: 'Gold clasp', onHand: 2 }],
      ['bead', { name: '6 mm garnet', onHand: 100 }],
    ]);
    const result = shortagesOf(
      [
        {
          reference: 'SOL-1',
          needs: new Map([
            ['clasp', 1],
            ['bead', 20],
          ]),
        },
        {
          reference: 'SOL-2',
          needs: new Map([
            ['clasp', 1],
            ['bead', 20],
          ]),
        },
        {
          reference: 'SOL-3',
          needs: new Map([
            ['clasp', 1],
            ['bead', 20],
          ]),
        },
      ],
      materials,
    );
    expect(result.firstBlocked).toBe('SOL-3');
    expect(result.shortages).toEqual([
      { materialId: 'clasp', name: 'Gold clasp', needed: 3, onHand: 2, shortBy: 1 },
    ]);
  });
});
