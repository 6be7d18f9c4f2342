/**
 * The catalogue a fresh install starts with: today's 27 bracelets (./products.ts) and their Full Details
 * texts (./full-descriptions.ts) as snapshot products. The database migration seeds its rows from this,
 * the tests render the shop from it, and the prerenderer uses it until the server renders pages from the
 * database. No storefront module imports ./products.ts any more: the catalogue is data, not code.
 */

import { SIZE_CODES } from '../config';
import { IMAGE_KINDS } from '../media/images';
import { fullDescription } from './full-descriptions';
import { productImageAlt } from './image-alt';
import { PRODUCTS } from './products';
import { SEED_COLOURS } from './seed-colours';
import type { CatalogueProduct, CatalogueSnapshot, ProductImage } from './snapshot';
import type { Product } from './types';

/** One fixed time, so that the seed (and every test rendered from it) is the same on every run. */
export const SEED_UPDATED_AT = '2026-11-01T00:00:00.000Z';

/** The drawn pictures of a seeded product, as the generator writes them under /img. */
function drawnImages(product: Product): readonly ProductImage[] {
  const spec = IMAGE_KINDS.product;
  return product.images.map((id, index) => ({
    id,
    base: `/img/${id}`,
    widths: spec.widths,
    width: spec.width,
    height: spec.height,
    alt: productImageAlt(product, index),
  }));
}

function seedProduct(product: Product, position: number): CatalogueProduct {
  return {
    id: product.id,
    handle: product.handle,
    name: product.name,
    price: product.price,
    category: product.category,
    materials: product.materials,
    description: product.description,
    fullDescription: fullDescription(product),
    sizes: SIZE_CODES,
    status: 'active',
    note: '',
    position,
    images: drawnImages(product),
    palette: product.palette,
    updatedAt: SEED_UPDATED_AT,
    ...(SEED_COLOURS[product.id] ? { colour: SEED_COLOURS[product.id] } : {}),
  };
}

let seed: CatalogueSnapshot | undefined;

/** The seeded catalogue; one object per process, so memoised indexes of it are shared. */
export function seedSnapshot(): CatalogueSnapshot {
  seed ??= {
    version: 'seed',
    products: PRODUCTS.map(seedProduct),
    formerHandles: {},
  };
  return seed;
}
