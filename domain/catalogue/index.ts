import { LIMITS } from '../config';
import { type Cents, cents } from '../shared/money';
import { PRODUCTS } from './products';
import { MATERIALS, type Material, type Product } from './types';

export { PRODUCTS } from './products';
// The sample content (testimonials.ts, product-samples.ts, brooches.ts) is imported from its own module by
// the one page that shows it: re-exported here, it would ship in the shell with this module.
export { CATEGORIES, type Category, MATERIALS, type Material, type Product } from './types';

/** Built once; a Map so that ids like '__proto__' or 'constructor' never hit Object.prototype. */
const BY_ID: ReadonlyMap<string, Product> = new Map(PRODUCTS.map((p) => [p.id, p]));
const BY_HANDLE: ReadonlyMap<string, Product> = new Map(PRODUCTS.map((p) => [p.handle, p]));

export function getProduct(id: string): Product | undefined {
  return BY_ID.get(id);
}

/** The products of these ids, in their order; an id no longer in the catalogue is left out. */
export function productsOf(ids: readonly string[]): readonly Product[] {
  return ids.map(getProduct).filter((p): p is Product => p !== undefined);
}

export function getProductByHandle(handle: string): Product | undefined {
  return BY_HANDLE.get(handle);
}

export function isProductId(id: string): boolean {
  return BY_ID.has(id);
}

/** The first LIMITS.bestSellers products (ids 1-6). */
export const BEST_SELLERS: readonly Product[] = PRODUCTS.slice(0, LIMITS.bestSellers);

/** The next LIMITS.newArrivals products after the best sellers (ids 7-12). */
export const NEW_ARRIVALS: readonly Product[] = PRODUCTS.slice(
  LIMITS.bestSellers,
  LIMITS.bestSellers + LIMITS.newArrivals,
);

/** The highest price in the catalogue, e.g. for the upper bound of the price filter. */
export const MAX_PRICE: Cents = cents(PRODUCTS.reduce((max, p) => Math.max(max, p.price), 0));

const USED_MATERIALS: readonly Material[] = MATERIALS.filter((m) =>
  PRODUCTS.some((p) => p.materials.includes(m)),
);

/** The materials at least one product uses, in MATERIALS order. */
export function usedMaterials(): readonly Material[] {
  return USED_MATERIALS;
}

export { productImageAlt } from './image-alt';
