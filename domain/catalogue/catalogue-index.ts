/**
 * Look-ups over one catalogue snapshot: what every storefront module asks of the catalogue (a product by
 * id or handle, the listing, best sellers, the filters' bounds). Built once per snapshot object and
 * memoised, so every component of a render shares one index and a new snapshot (after an owner's edit)
 * gets a new one.
 *
 * Which products a listing shows (docs/product/catalogue.md): only active ones. A paused product
 * keeps its page, and stays in the shopper's cart, wishlist, comparison and recently viewed (marked
 * there), but it is out of the shop, search, best sellers, new arrivals, filters and counts; a retired one
 * too, and its page says it is no longer made.
 */

import { LIMITS } from '../config';
import { memoPerObject } from '../shared/memo-per-object';
import { type Cents, cents } from '../shared/money';
import type { CatalogueProduct, CatalogueSnapshot } from './snapshot';
import { CATEGORIES, MATERIALS } from './types';

export interface CatalogueIndex {
  readonly snapshot: CatalogueSnapshot;
  /** Every product, all statuses, in position order. */
  readonly all: readonly CatalogueProduct[];
  /** What listings show: the active products in position order. */
  readonly listable: readonly CatalogueProduct[];
  /** The first LIMITS.bestSellers listable products. */
  readonly bestSellers: readonly CatalogueProduct[];
  /** The next LIMITS.newArrivals listable products after the best sellers. */
  readonly newArrivals: readonly CatalogueProduct[];
  /** Lowest and highest price of the listable products (0 when there are none): the price filter's bounds. */
  readonly minPrice: Cents;
  readonly maxPrice: Cents;
  /** Materials of the listable products: the known ones in MATERIALS order, then new ones alphabetically. */
  readonly usedMaterials: readonly string[];
  /** Categories of the listable products, in the same order rule as the materials. */
  readonly categories: readonly string[];
  getProduct(id: string): CatalogueProduct | undefined;
  /** By current handle, or by a former handle of a product whose handle changed. */
  getByHandle(handle: string): CatalogueProduct | undefined;
  /** The products of these ids, in their order; an id no longer in the catalogue is left out. */
  productsOf(ids: readonly string[]): readonly CatalogueProduct[];
  isProductId(id: string): boolean;
}

/** Known names first in their canonical order, then any the owner added, alphabetically. */
function inCanonicalOrder(names: ReadonlySet<string>, canonical: readonly string[]): readonly string[] {
  const known = canonical.filter((n) => names.has(n));
  const added = [...names].filter((n) => !canonical.includes(n)).sort((a, b) => a.localeCompare(b));
  return [...known, ...added];
}

function buildIndex(snapshot: CatalogueSnapshot): CatalogueIndex {
  const all = [...snapshot.products].sort((a, b) => a.position - b.position);
  // Maps, so that ids like '__proto__' or 'constructor' never hit Object.prototype.
  const byId = new Map(all.map((p) => [p.id, p]));
  const byHandle = new Map(all.map((p) => [p.handle, p]));
  for (const [handle, id] of Object.entries(snapshot.formerHandles)) {
    const product = byId.get(id);
    if (product && !byHandle.has(handle)) byHandle.set(handle, product);
  }
  const listable = all.filter((p) => p.status === 'active');
  const prices = listable.map((p) => p.price);
  return {
    snapshot,
    all,
    listable,
    bestSellers: listable.slice(0, LIMITS.bestSellers),
    newArrivals: listable.slice(LIMITS.bestSellers, LIMITS.bestSellers + LIMITS.newArrivals),
    minPrice: cents(prices.length > 0 ? Math.min(...prices) : 0),
    maxPrice: cents(prices.length > 0 ? Math.max(...prices) : 0),
    usedMaterials: inCanonicalOrder(new Set(listable.flatMap((p) => p.materials)), MATERIALS),
    categories: inCanonicalOrder(new Set(listable.map((p) => p.category)), CATEGORIES),
    getProduct: (id) => byId.get(id),
    getByHandle: (handle) => byHandle.get(handle),
    productsOf: (ids) => ids.map((id) => byId.get(id)).filter((p): p is CatalogueProduct => p !== undefined),
    isProductId: (id) => byId.has(id),
  };
}

/** The index of a snapshot, built once per snapshot object. */
export const indexCatalogue: (snapshot: CatalogueSnapshot) => CatalogueIndex = memoPerObject(buildIndex);
