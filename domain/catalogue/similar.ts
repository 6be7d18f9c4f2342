/**
 * 'You Might Also Like' (docs/product/numbers.md §4.5): 10 points for the same category, 3 per shared material and 5 when
 * the price is within 20 percent. Highest score first, ties in catalogue order, never the product itself.
 */

import { LIMITS, SIMILARITY_SCORE } from '../config';
import type { CatalogueProduct as Product } from './snapshot';

/** Within X percent of the viewed product's price, measured in integer cents (no float surprises). */
function priceClose(base: Product, other: Product): boolean {
  return Math.abs(other.price - base.price) * 100 <= base.price * SIMILARITY_SCORE.priceWithinPercent;
}

export function similarityScore(base: Product, other: Product): number {
  let score = 0;
  if (other.category === base.category) score += SIMILARITY_SCORE.sameCategory;
  const shared = other.materials.filter((m) => base.materials.includes(m)).length;
  score += shared * SIMILARITY_SCORE.perSharedMaterial;
  if (priceClose(base, other)) score += SIMILARITY_SCORE.priceClose;
  return score;
}

export function similarProducts(
  base: Product,
  /** The candidates, in catalogue order: the listable products of the current catalogue. */
  catalogue: readonly Product[],
  count: number = LIMITS.similarProducts,
): Product[] {
  return catalogue
    .map((product, index) => ({ product, index, score: similarityScore(base, product) }))
    .filter(({ product }) => product.id !== base.id)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, count))
    .map(({ product }) => product);
}
