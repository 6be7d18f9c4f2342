import { describe, expect, it } from 'vitest';
import { getProduct } from './catalogue';
import { resolvePath } from './routes';
import { pageMeta } from './seo';

const URL = 'https://solas.example';

function metaFor(path: string) {
  const r = resolvePath(path);
  if (r.kind !== 'route') throw new Error('expected a route');
  return pageMeta(r.match, URL);
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
});
