import { describe, expect, it } from 'vitest';
import { LIMITS, SIZE_CODES } from '../config';
import { IMAGE_KINDS } from '../media/images';
import { cents } from '../shared/money';
import { indexCatalogue } from './catalogue-index';
import { fullDescription } from './full-descriptions';
import { PRODUCTS } from './products';
import { SEED_UPDATED_AT, seedSnapshot } from './seed';
import type { CatalogueProduct, CatalogueSnapshot } from './snapshot';

function edited(changes: Readonly<Record<string, Partial<CatalogueProduct>>>): CatalogueSnapshot {
  const seed = seedSnapshot();
  return {
    ...seed,
    version: 'edited',
    products: seed.products.map((p) => ({ ...p, ...changes[p.id] })),
  };
}

describe('seedSnapshot', () => {
  it("is today's 27 products, active, in their order, with full descriptions and every size", () => {
    const seed = seedSnapshot();
    expect(seed.version).toBe('seed');
    expect(seed.products.map((p) => p.id)).toEqual(PRODUCTS.map((p) => p.id));
    seed.products.forEach((p, i) => {
      const source = PRODUCTS[i];
      expect(p).toMatchObject({
        handle: source?.handle,
        name: source?.name,
        price: source?.price,
        status: 'active',
        note: '',
        position: i,
        sizes: SIZE_CODES,
        palette: source?.palette,
        updatedAt: SEED_UPDATED_AT,
      });
      expect(p.fullDescription).toBe(fullDescription(p));
      expect(p.fullDescription.length).toBeGreaterThan(100);
    });
    expect(seed.formerHandles).toEqual({});
  });

  it('describes the drawn pictures as ProductImages with alt text', () => {
    const first = seedSnapshot().products[0];
    expect(first?.images).toEqual([
      {
        id: 'product-1-1',
        base: '/img/product-1-1',
        widths: IMAGE_KINDS.product.widths,
        width: 1080,
        height: 1080,
        alt: 'First Light bracelet, studio view',
      },
      {
        id: 'product-1-2',
        base: '/img/product-1-2',
        widths: IMAGE_KINDS.product.widths,
        width: 1080,
        height: 1080,
        alt: 'First Light bracelet, worn on the wrist',
      },
    ]);
  });

  it('is one object, so its index is built once', () => {
    expect(seedSnapshot()).toBe(seedSnapshot());
    expect(indexCatalogue(seedSnapshot())).toBe(indexCatalogue(seedSnapshot()));
    expect(indexCatalogue(edited({}))).not.toBe(indexCatalogue(seedSnapshot()));
  });
});

describe('indexCatalogue', () => {
  const seed = indexCatalogue(seedSnapshot());

  it('looks products up by id and handle, never through Object.prototype', () => {
    expect(seed.getProduct('26')?.name).toBe('Burgundy Safari');
    expect(seed.getByHandle('first-light')?.id).toBe('1');
    for (const id of ['0', '28', '', '__proto__', 'constructor']) {
      expect(seed.getProduct(id)).toBeUndefined();
      expect(seed.isProductId(id)).toBe(false);
    }
    expect(seed.productsOf(['3', '999', '1']).map((p) => p.id)).toEqual(['3', '1']);
  });

  it('finds a product by a handle it had before', () => {
    const snapshot = {
      ...edited({ '1': { handle: 'first-light-2' } }),
      formerHandles: { 'first-light': '1' },
    };
    const index = indexCatalogue(snapshot);
    expect(index.getByHandle('first-light')?.handle).toBe('first-light-2');
    expect(index.getByHandle('first-light-2')?.id).toBe('1');
  });

  it('has the seeded collections: best sellers 1-6, new arrivals 7-12, prices 30-40 euro', () => {
    expect(seed.bestSellers.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(seed.newArrivals.map((p) => p.id)).toEqual(['7', '8', '9', '10', '11', '12']);
    expect(seed.listable).toHaveLength(27);
    expect([seed.minPrice, seed.maxPrice]).toEqual([3000, 4000]);
    expect(seed.categories).toEqual([
      'Burgundy',
      'Leopardskin',
      'Vibrant Colors',
      'Warm Tones',
      'Soft Romance',
    ]);
    expect(seed.usedMaterials).toHaveLength(13);
  });

  it('lists active products only: paused and retired ones leave listings, collections and bounds', () => {
    const index = indexCatalogue(
      edited({
        '1': { status: 'paused', note: 'Back in January' },
        '2': { status: 'retired' },
        '9': { price: cents(4500) },
      }),
    );
    expect(index.listable.map((p) => p.id)).not.toContain('1');
    expect(index.listable.map((p) => p.id)).not.toContain('2');
    expect(index.listable).toHaveLength(25);
    expect(index.bestSellers.map((p) => p.id)).toEqual(['3', '4', '5', '6', '7', '8']);
    expect(index.bestSellers).toHaveLength(LIMITS.bestSellers);
    expect(index.maxPrice).toBe(4500);
    // Still there for their pages, carts and lists.
    expect(index.getProduct('1')?.note).toBe('Back in January');
    expect(index.getProduct('2')?.status).toBe('retired');
  });

  it('follows the owner’s order (position), whatever the order of the snapshot', () => {
    const seedProducts = seedSnapshot().products;
    const reordered = seedProducts.map((p) => (p.id === '27' ? { ...p, position: -1 } : p)).reverse();
    const index = indexCatalogue({ ...seedSnapshot(), version: 'reordered', products: reordered });
    expect(index.bestSellers[0]?.id).toBe('27');
    expect(index.all.map((p) => p.id).slice(1, 3)).toEqual(['1', '2']);
  });

  it('has no bounds to speak of when nothing is listable', () => {
    const index = indexCatalogue({ ...seedSnapshot(), version: 'empty', products: [] });
    expect([index.minPrice, index.maxPrice, index.bestSellers.length, index.usedMaterials.length]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});
