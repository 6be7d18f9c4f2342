import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customsDescription,
  customsItems,
  customsTotals,
  isOutsideEu,
  MissingCustomsDataError,
  missingCustomsData,
} from './customs-items';
import type { ProductCustoms } from './product-customs';
import { normaliseCustoms, productCustomsSchema } from './product-customs';

const silver: ProductCustoms = {
  hsCode: '711311',
  originCountry: 'IE',
  materials: 'Glass and sterling silver',
  weightGrams: { S: 10, M: 12, L: 14 },
};
const glass: ProductCustoms = {
  hsCode: '711719',
  originCountry: 'IE',
  materials: 'glass beads and elastic cord',
  weightGrams: { S: 8, M: 9, L: 11 },
};
const lookup = (id: string) => ({ '1': silver, '2': glass })[id];

describe('isOutsideEu', () => {
  it('says which destinations leave the EU', () => {
    expect(['IE', 'DE', 'fr', 'MT'].map(isOutsideEu)).toEqual([false, false, false, false]);
    expect(['GB', 'US', 'CH', 'NO', 'ch'].map(isOutsideEu)).toEqual([true, true, true, true, true]);
  });
});

describe('customsItems', () => {
  it('makes one English item per line with the size’s weight and the value paid', () => {
    const items = customsItems(
      {
        currency: 'eur',
        discount: 1000,
        lines: [
          { productId: '1', name: 'Burgundy Safari', size: 'L', quantity: 2, lineTotal: 7000 },
          { productId: '2', name: 'Safari Pearl', size: 'S', quantity: 1, lineTotal: 3000 },
        ],
      },
      lookup,
    );
    expect(items).toEqual([
      {
        description: 'Beaded bracelet, glass and sterling silver',
        quantity: 2,
        valueCents: 6300,
        unitValueCents: 3150,
        currency: 'EUR',
        hsCode: '711311',
        originCountry: 'IE',
        weightGrams: 28,
        unitWeightGrams: 14,
      },
      {
        description: 'Beaded bracelet, glass beads and elastic cord',
        quantity: 1,
        valueCents: 2700,
        unitValueCents: 2700,
        currency: 'EUR',
        hsCode: '711719',
        originCountry: 'IE',
        weightGrams: 8,
        unitWeightGrams: 8,
      },
    ]);
    expect(customsTotals(items)).toEqual({ valueCents: 9000, weightGrams: 36 });
  });

  it('refuses naming each product without customs data, and a bespoke line', () => {
    const order = {
      currency: 'EUR',
      lines: [
        { productId: '1', name: 'Burgundy Safari', size: 'M' as const, quantity: 1, lineTotal: 3500 },
        { productId: '9', name: 'Sea Glass', size: 'M' as const, quantity: 1, lineTotal: 3500 },
        { productId: '9', name: 'Sea Glass', size: 'S' as const, quantity: 1, lineTotal: 3500 },
        { productId: 'custom:Q-1:0', name: 'Wedding set', size: 'M' as const, quantity: 1, lineTotal: 9000 },
      ],
    };
    expect(missingCustomsData(order, lookup).map((m) => m.name)).toEqual(['Sea Glass', 'Wedding set']);
    expect(() => customsItems(order, lookup)).toThrow(MissingCustomsDataError);
    expect(() => customsItems(order, lookup)).toThrow(/Sea Glass has no customs data/);
  });

  it('writes the description in English from the materials', () => {
    expect(customsDescription('')).toBe('Beaded bracelet');
    expect(customsDescription(' Lava stone ')).toBe('Beaded bracelet, lava stone');
  });
});

describe('the discount in the declared values', () => {
  it('the items declare what was paid: their values add up to the lines less the discount (property, seeded)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 900_000 }),
        (totals, discount) => {
          const order = {
            currency: 'EUR',
            discount,
            lines: totals.map((lineTotal) => ({
              productId: '1',
              name: 'Burgundy Safari',
              size: 'M' as const,
              quantity: 1,
              lineTotal,
            })),
          };
          const items = customsItems(order, lookup);
          const sum = totals.reduce((a, b) => a + b, 0);
          expect(customsTotals(items).valueCents).toBe(sum - Math.min(discount, sum));
          items.forEach((item, i) => {
            expect(Number.isInteger(item.valueCents)).toBe(true);
            expect(item.valueCents).toBeGreaterThanOrEqual(0);
            expect(item.valueCents).toBeLessThanOrEqual(totals[i] ?? 0);
          });
        },
      ),
      { seed: 2126, numRuns: 300 },
    );
  });
});

describe('productCustomsSchema', () => {
  it('names the field that is wrong and defaults the origin to Ireland', () => {
    const bad = productCustomsSchema.safeParse({
      hsCode: '71',
      materials: 'glass',
      weightGrams: { S: 10, M: 0, L: 12 },
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['hsCode', 'weightGrams.M']);
    const good = productCustomsSchema.parse({
      hsCode: '7117.19',
      materials: 'glass ',
      weightGrams: { S: 10, M: 11, L: 12 },
    });
    expect(normaliseCustoms(good)).toEqual({
      hsCode: '711719',
      originCountry: 'IE',
      materials: 'glass',
      weightGrams: { S: 10, M: 11, L: 12 },
    });
  });
});
