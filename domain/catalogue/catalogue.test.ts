import { describe, expect, it } from 'vitest';
import { LIMITS, SIZES } from '../config';
import { SITE_IMAGES } from '../media/images';
import { BROOCHES } from './brooches';
import { fullDescription } from './full-descriptions';
import {
  BEST_SELLERS,
  CATEGORIES,
  getProduct,
  getProductByHandle,
  isProductId,
  MATERIALS,
  MAX_PRICE,
  NEW_ARRIVALS,
  PRODUCTS,
  productImageAlt,
  usedMaterials,
} from './index';
import { CARE_INSTRUCTIONS } from './product-samples';
import { seedSnapshot } from './seed';

const HEX = /^#[0-9a-f]{6}$/i;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * These pin the seed a fresh database starts with (migration 0011), not the catalogue: the owner may add
 * a 28th bracelet or charge €45 from the desk.
 */
describe('the seed (PRODUCTS and seedSnapshot)', () => {
  it('seeds the 27 products as snapshot products: same ids, order, handles, names, prices and texts', () => {
    const seed = seedSnapshot();
    expect(seed.formerHandles).toEqual({});
    expect(seed.products).toHaveLength(27);
    seed.products.forEach((p, i) => {
      const source = PRODUCTS[i];
      expect(source).toBeDefined();
      if (!source) return;
      expect(p).toMatchObject({
        id: source.id,
        handle: source.handle,
        name: source.name,
        price: source.price,
        category: source.category,
        materials: source.materials,
        description: source.description,
        fullDescription: fullDescription(source),
        palette: source.palette,
        status: 'active',
        note: '',
        position: i,
        sizes: SIZES.map((s) => s.code),
      });
      expect(p.images.map((img) => img.id)).toEqual(source.images);
      p.images.forEach((img, view) => {
        expect(img).toEqual({
          id: `product-${p.id}-${view + 1}`,
          base: `/img/product-${p.id}-${view + 1}`,
          widths: [320, 480, 720, 1080],
          width: 1080,
          height: 1080,
          alt: productImageAlt(source, view),
        });
      });
    });
  });

  it('has 27 products with ids 1..27 in order', () => {
    expect(PRODUCTS).toHaveLength(27);
    expect(PRODUCTS.map((p) => p.id)).toEqual(Array.from({ length: 27 }, (_, i) => String(i + 1)));
  });

  it('has unique ids, handles and names', () => {
    for (const key of ['id', 'handle', 'name'] as const) {
      const values = PRODUCTS.map((p) => p[key]);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('has kebab-case handles', () => {
    for (const p of PRODUCTS) expect(p.handle).toMatch(HANDLE);
  });

  it('prices are 3000, 3500 or 4000 cents and all three are used', () => {
    const prices = new Set<number>(PRODUCTS.map((p) => p.price));
    for (const p of PRODUCTS) expect([3000, 3500, 4000]).toContain(p.price);
    expect([...prices].sort()).toEqual([3000, 3500, 4000]);
  });

  it('uses only known categories and every category', () => {
    for (const p of PRODUCTS) expect(CATEGORIES).toContain(p.category);
    for (const c of CATEGORIES) expect(PRODUCTS.some((p) => p.category === c)).toBe(true);
  });

  it('has 2-4 valid, distinct materials per product and uses every material', () => {
    for (const p of PRODUCTS) {
      expect(p.materials.length).toBeGreaterThanOrEqual(2);
      expect(p.materials.length).toBeLessThanOrEqual(4);
      expect(new Set(p.materials).size).toBe(p.materials.length);
      for (const m of p.materials) expect(MATERIALS).toContain(m);
    }
    for (const m of MATERIALS) {
      expect(PRODUCTS.filter((p) => p.materials.includes(m)).length, m).toBeGreaterThanOrEqual(2);
    }
    expect(usedMaterials()).toEqual([...MATERIALS]);
  });

  it('has Burgundy Safari as 26 and Safari Pearl as 27', () => {
    expect(PRODUCTS[25]).toMatchObject({ id: '26', name: 'Burgundy Safari', handle: 'burgundy-safari' });
    expect(PRODUCTS[26]).toMatchObject({ id: '27', name: 'Safari Pearl', handle: 'safari-pearl' });
  });

  it('has consistent image ids', () => {
    for (const p of PRODUCTS) {
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.image).toBe(p.images[0]);
      p.images.forEach((img, i) => {
        expect(img).toBe(`product-${p.id}-${i + 1}`);
      });
    }
  });

  it('has a palette of 2-5 valid hex colours', () => {
    for (const p of PRODUCTS) {
      expect(p.palette.length).toBeGreaterThanOrEqual(2);
      expect(p.palette.length).toBeLessThanOrEqual(5);
      for (const c of p.palette) expect(c).toMatch(HEX);
    }
  });

  it('has non-empty descriptions and multi-paragraph full descriptions', () => {
    for (const p of PRODUCTS) {
      expect(p.description.trim()).not.toBe('');
      expect(fullDescription(p).trim()).not.toBe('');
      const paragraphs = fullDescription(p).split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      for (const para of paragraphs) expect(para.trim()).not.toBe('');
    }
  });

  it('ends every full description with the sizes the size picker offers, never a reply by e-mail', () => {
    const sizeNames = SIZES.map((s) => s.name);
    const last = sizeNames.pop();
    for (const p of PRODUCTS) {
      const text = fullDescription(p);
      expect(text).not.toMatch(/reply to your order confirmation/i);
      expect(text).not.toMatch(/standard Medium/);
      expect(text.endsWith(`${sizeNames.join(', ')} or ${last} (see the size guide).`)).toBe(true);
    }
  });

  it('has descriptions on both sides of the card truncation limit', () => {
    const lengths = PRODUCTS.map((p) => p.description.length);
    expect(lengths.some((n) => n > LIMITS.productDescriptionMax)).toBe(true);
    expect(lengths.some((n) => n <= LIMITS.productDescriptionMax)).toBe(true);
  });
});

describe('lookups', () => {
  it('finds products by id and handle', () => {
    expect(getProduct('26')?.handle).toBe('burgundy-safari');
    expect(getProduct('27')?.name).toBe('Safari Pearl');
    expect(getProductByHandle('safari-pearl')?.id).toBe('27');
    for (const p of PRODUCTS) {
      expect(getProduct(p.id)).toBe(p);
      expect(getProductByHandle(p.handle)).toBe(p);
    }
  });

  it('returns undefined for unknown ids and handles', () => {
    expect(getProduct('0')).toBeUndefined();
    expect(getProduct('28')).toBeUndefined();
    expect(getProduct('__proto__')).toBeUndefined();
    expect(getProductByHandle('nope')).toBeUndefined();
    expect(getProductByHandle('constructor')).toBeUndefined();
  });

  it('recognises only real product ids', () => {
    expect(isProductId('1')).toBe(true);
    expect(isProductId('27')).toBe(true);
    expect(isProductId('0')).toBe(false);
    expect(isProductId('28')).toBe(false);
    expect(isProductId('01')).toBe(false);
    expect(isProductId('')).toBe(false);
    expect(isProductId('__proto__')).toBe(false);
    expect(isProductId('constructor')).toBe(false);
  });
});

describe('collections', () => {
  it('BEST_SELLERS are products 1-6', () => {
    expect(BEST_SELLERS.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(BEST_SELLERS).toHaveLength(LIMITS.bestSellers);
  });

  it('NEW_ARRIVALS are products 7-12', () => {
    expect(NEW_ARRIVALS.map((p) => p.id)).toEqual(['7', '8', '9', '10', '11', '12']);
    expect(NEW_ARRIVALS).toHaveLength(LIMITS.newArrivals);
  });

  it('MAX_PRICE is the highest price', () => {
    expect(MAX_PRICE).toBe(4000);
  });
});

describe('productImageAlt', () => {
  it('describes each view with the product name', () => {
    const p = getProduct('26');
    expect(p).toBeDefined();
    if (!p) return;
    expect(productImageAlt(p, 0)).toBe('Burgundy Safari bracelet, studio view');
    expect(productImageAlt(p, 1)).toBe('Burgundy Safari bracelet, worn on the wrist');
    expect(productImageAlt(p, 2)).toContain('Burgundy Safari');
  });
});

describe('samples', () => {
  it('has exactly 3 brooches', () => {
    expect(BROOCHES).toHaveLength(3);
  });

  it('brooches are the three coming-soon collections with site images', () => {
    expect(BROOCHES.map((b) => b.id)).toEqual(['velvet-pearl', 'festive-charm', 'celestial']);
    const siteImageIds: string[] = Object.values(SITE_IMAGES).map((img) => img.id);
    for (const b of BROOCHES) {
      expect(b.imageId).toBe(`brooch-${b.id}`);
      expect(siteImageIds).toContain(b.imageId);
    }
  });

  it('has 5-6 care instructions', () => {
    expect(CARE_INSTRUCTIONS.length).toBeGreaterThanOrEqual(5);
    expect(CARE_INSTRUCTIONS.length).toBeLessThanOrEqual(6);
  });
});
