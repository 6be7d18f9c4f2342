/**
 * The catalogue the journeys run against: a fresh install's seed. The storefront's domain functions take
 * the catalogue as an argument; these are the seeded values the specs compare the pages with.
 */
import { indexCatalogue } from '../../domain/catalogue/catalogue-index';
import { defaultQuery, queryBounds } from '../../domain/catalogue/catalogue-query';
import { seedSnapshot } from '../../domain/catalogue/seed';

export const SEED_CATALOGUE = indexCatalogue(seedSnapshot());
/** The listed products (all active in the seed), in their featured order. */
export const SEED_PRODUCTS = SEED_CATALOGUE.listable;
export const SEED_DEFAULT_QUERY = defaultQuery(queryBounds(SEED_CATALOGUE));

/** A seeded product by id; throws for an id the seed does not have (a broken fixture). */
export function seeded(id: string) {
  const product = SEED_CATALOGUE.getProduct(id);
  if (!product) throw new Error(`no seeded product ${id}`);
  return product;
}
