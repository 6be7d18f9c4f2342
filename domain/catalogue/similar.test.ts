import { describe, expect, it } from 'vitest';
import { LIMITS } from '../config';
import { cents } from '../shared/money';
import { indexCatalogue } from './catalogue-index';
import { seedSnapshot } from './seed';
import { similarityScore, similarProducts } from './similar';
import type { CatalogueProduct as Product } from './snapshot';

/** The seeded catalogue: the 27 products in their featured order. */
const SEED = indexCatalogue(seedSnapshot());
const PRODUCTS = SEED.listable;

function product(id: string): Product {
  const p = SEED.getProduct(id);
  if (!p) throw new Error(`test fixture: no product ${id}`);
  return p;
}

describe('similarityScore', () => {
  // 1 First Light: Soft Romance, €40, Rose Quartz / Freshwater Pearl / Gold-Plated Brass.
  it.each([
    // base, other, score, why
    ['1', '2', 8, 'other category, 1 shared material (3), same price (5)'],
    ['1', '11', 21, 'same category (10), 2 shared (6), €35 within 20% of €40 (5)'],
    ['1', '6', 13, 'same category (10), 1 shared (3), €30 is 25% below €40 (0)'],
    ['1', '5', 0, 'nothing in common, €30'],
    ['6', '1', 13, 'from €30, €40 is 33% above: not close'],
    ['4', '1', 8, 'from €35, €40 is within 20% (5), 1 shared (3)'],
    ['26', '27', 21, 'same category, 2 shared, same price'],
    ['1', '1', 24, 'a product scored against itself (never listed)'],
  ])('%s vs %s = %i (%s)', (base, other, score) => {
    expect(similarityScore(product(base), product(other))).toBe(score);
  });

  it.each([
    [5000, 4000, 5, 'exactly 20% below counts'],
    [5000, 6000, 5, 'exactly 20% above counts'],
    [5000, 3999, 0, 'just over 20% below does not'],
    [5000, 6001, 0, 'just over 20% above does not'],
  ])('price bound: base %i, other %i -> %i (%s)', (basePrice, otherPrice, expected) => {
    const base: Product = {
      ...product('5'),
      id: 'a',
      price: cents(basePrice),
      materials: [],
      category: 'Burgundy',
    };
    const other: Product = {
      ...product('5'),
      id: 'b',
      price: cents(otherPrice),
      materials: [],
      category: 'Warm Tones',
    };
    expect(similarityScore(base, other)).toBe(expected);
  });
});

describe('similarProducts', () => {
  it.each([
    ['1', ['11', '16', '22', '6']],
    ['3', ['14', '20', '8', '26']],
    ['26', ['20', '27', '3', '14']],
    ['27', ['20', '26', '3', '14']],
  ])('for %s: %j (score, then catalogue order)', (id, expected) => {
    expect(similarProducts(product(id), PRODUCTS).map((p) => p.id)).toEqual(expected);
  });

  it('gives 4 products, never the product itself, highest score first, for every product', () => {
    for (const base of PRODUCTS) {
      const list = similarProducts(base, PRODUCTS);
      expect(list).toHaveLength(LIMITS.similarProducts);
      expect(list.map((p) => p.id)).not.toContain(base.id);
      expect(new Set(list.map((p) => p.id)).size).toBe(list.length);
      const scores = list.map((p) => similarityScore(base, p));
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      // Nothing left out scores higher than the last one kept.
      const last = scores[scores.length - 1] ?? 0;
      const rest = PRODUCTS.filter((p) => p.id !== base.id && !list.includes(p));
      for (const p of rest) expect(similarityScore(base, p)).toBeLessThanOrEqual(last);
    }
  });

  it('respects a smaller catalogue and count', () => {
    const small = PRODUCTS.slice(0, 3);
    expect(similarProducts(product('1'), small).map((p) => p.id)).toEqual(['2', '3']);
    expect(similarProducts(product('1'), PRODUCTS, 2)).toHaveLength(2);
    expect(similarProducts(product('1'), PRODUCTS, 0)).toEqual([]);
  });
});
