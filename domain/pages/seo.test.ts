import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../catalogue/catalogue-index';
import { seedSnapshot } from '../catalogue/seed';
import type { CatalogueProduct } from '../catalogue/snapshot';
import { resolvePath } from '../routes';
import { pageMeta } from './seo';

const URL = 'https://solas.example';

const SEED = indexCatalogue(seedSnapshot());
const getProduct = SEED.getProduct;

function metaFor(path: string, lookup: (id: string) => CatalogueProduct | undefined = getProduct) {
  const r = resolvePath(path);
  if (r.kind !== 'route') throw new Error('expected a route');
  return pageMeta(r.match, URL, lookup);
}

/** Product 26 of the seed with another status. */
function withStatus(status: CatalogueProduct['status']) {
  return (id: string) => {
    const p = getProduct(id);
    return p ? { ...p, status } : undefined;
  };
}

describe('pageMeta', () => {
  it('gives every route a title, a description within 155 characters and a canonical path', () => {
    for (const path of [
      '/',
      '/shop',
      '/about',
      '/cart',
      '/privacy-policy',
      '/product/1',
      '/product/999',
      '/x',
    ]) {
      const m = metaFor(path);
      expect(m.title.length).toBeGreaterThan(3);
      expect(m.description.length).toBeLessThanOrEqual(155);
      expect(m.canonicalPath.startsWith('/')).toBe(true);
    }
  });

  it('describes products truthfully, with an Offer and shipping details but no invented ratings', () => {
    const m = metaFor('/product/26');
    const product = getProduct('26');
    expect(m.title).toBe(`${product?.name} | Solas`);
    expect(m.ogType).toBe('product');
    expect(m.canonicalPath).toBe('/product/26');
    const json = JSON.stringify(m.jsonLd);
    expect(json).toContain('"@type":"Offer"');
    expect(json).toContain('"priceCurrency":"EUR"');
    expect(json).toContain('OfferShippingDetails');
    expect(json).not.toMatch(/aggregateRating|reviewCount|"review"/);
  });

  it('marks tools, order pages and unknown products noindex; the cart page stays indexable', () => {
    expect(metaFor('/diagnostics').noindex).toBe(true);
    expect(metaFor('/order-confirmation').noindex).toBe(true);
    expect(metaFor('/cart').noindex).toBe(false);
    expect(metaFor('/product/999').noindex).toBe(true);
    expect(metaFor('/shop').noindex).toBe(false);
  });

  it('tells search engines what a paused or retired product is: out of stock, or discontinued and not indexed', () => {
    expect(JSON.stringify(metaFor('/product/26').jsonLd)).toContain('https://schema.org/MadeToOrder');
    const paused = metaFor('/product/26', withStatus('paused'));
    expect(paused.noindex).toBe(false);
    expect(JSON.stringify(paused.jsonLd)).toContain('https://schema.org/OutOfStock');
    const retired = metaFor('/product/26', withStatus('retired'));
    expect(retired.noindex).toBe(true);
    expect(JSON.stringify(retired.jsonLd)).toContain('https://schema.org/Discontinued');
  });

  it("takes the social card from the product's first picture and its alt text", () => {
    const m = metaFor('/product/26');
    expect(m.image).toBe('/img/product-26-1-1080.webp');
    expect(m.imageAlt).toBe(getProduct('26')?.images[0]?.alt);
  });
});
