import { describe, expect, it } from 'vitest';
import { NOINDEX_ROUTES, normalizePath, productPath, ROUTE_IDS, resolvePath, STATIC_PATHS } from './routes';

describe('resolvePath', () => {
  it.each([
    ['/', 'home'],
    ['', 'home'],
    ['/shop', 'shop'],
    ['/shop/', 'shop'],
    ['/collections/best-sellers', 'best-sellers'],
    ['/cart', 'cart'],
    ['/about', 'about'],
    ['/bespoke-corporate', 'bespoke-corporate'],
    ['/coming-soon', 'coming-soon'],
    ['/order-confirmation?session_id=cs_test_1', 'order-confirmation'],
    ['/payment-canceled', 'payment-canceled'],
    ['/privacy-policy', 'privacy-policy'],
    ['/terms-conditions', 'terms-conditions'],
    ['/returns-refunds', 'returns-refunds'],
    ['/cookie-policy', 'cookie-policy'],
    ['/image-editor', 'image-editor'],
    ['/diagnostics', 'diagnostics'],
    ['/checkout-test-plan', 'checkout-test-plan'],
    ['/checkout-health', 'checkout-health'],
    ['/error-test', 'error-test'],
    ['/nope', 'not-found'],
    ['/constructor', 'not-found'],
    ['/__proto__', 'not-found'],
  ])('%s -> %s', (path, id) => {
    const r = resolvePath(path);
    expect(r.kind).toBe('route');
    if (r.kind === 'route') expect(r.match.id).toBe(id);
  });

  it('matches product pages and decodes the id', () => {
    const r = resolvePath('/product/26');
    expect(r).toEqual({ kind: 'route', match: { id: 'product', path: '/product/26', params: { id: '26' } } });
    const bad = resolvePath('/product/%E0%A4%A');
    expect(bad.kind === 'route' && bad.match.id).toBe('product');
  });

  it.each([
    '/collections/summer',
    '/collections',
    '/blog/x',
    '/posts/1/2',
    '/articles/a',
    '/wishlist',
    '/blog',
  ])('redirects %s to /shop', (path) => {
    expect(resolvePath(path)).toEqual({ kind: 'redirect', to: '/shop' });
  });

  it('keeps /collections/best-sellers as the exception (docs/product/settled-choices.md §8.9)', () => {
    expect(resolvePath('/collections/best-sellers').kind).toBe('route');
  });
});

describe('normalizePath', () => {
  it.each([
    ['', '/'],
    ['shop', '/shop'],
    ['/shop/', '/shop'],
    ['//shop///', '/shop'],
    ['/shop?q=pearl', '/shop'],
    ['/shop#top', '/shop'],
    ['/product/26?from=home', '/product/26'],
    ['/', '/'],
  ])('%j -> %s', (raw, path) => {
    expect(normalizePath(raw)).toBe(path);
  });
});

describe('resolvePath: paths, params and queries', () => {
  it('matches a route whatever its query string, and reports the path without it', () => {
    expect(resolvePath('/shop?q=pearl&sort=price-asc')).toEqual({
      kind: 'route',
      match: { id: 'shop', path: '/shop', params: {} },
    });
    expect(resolvePath('/nope?x=1')).toEqual({
      kind: 'route',
      match: { id: 'not-found', path: '/nope', params: {} },
    });
  });

  it('gives the product id as a decoded parameter, query and trailing slash aside', () => {
    expect(resolvePath('/product/a%20b/?ref=x')).toEqual({
      kind: 'route',
      match: { id: 'product', path: '/product/a%20b', params: { id: 'a b' } },
    });
    const bad = resolvePath('/product/%E0%A4%A');
    expect(bad).toEqual({
      kind: 'route',
      match: { id: 'product', path: '/product/%E0%A4%A', params: { id: '%E0%A4%A' } },
    });
  });

  it('reports a path under a fixed page, or a product path with more segments, as not found', () => {
    for (const path of ['/shop/extra', '/product', '/product/', '/product/1/reviews', '/cart/1']) {
      const r = resolvePath(path);
      expect(r.kind === 'route' && r.match.id, path).toBe('not-found');
    }
  });

  it('round-trips product ids through productPath', () => {
    for (const id of ['1', '27', 'a b', 'ä/ö?#', '%41']) {
      const r = resolvePath(productPath(id));
      expect(r.kind === 'route' && r.match.params, id).toEqual({ id });
    }
  });

  it('has a fixed path for every route except the product, order, quote and not-found pages', () => {
    const fixed = new Set(Object.values(STATIC_PATHS));
    expect(ROUTE_IDS.filter((id) => !fixed.has(id))).toEqual(['product', 'order', 'quote', 'not-found']);
  });

  it('matches one quote page by its reference, never indexed', () => {
    expect(resolvePath('/quote/Q-ABCD2345?key=abc')).toEqual({
      kind: 'route',
      match: { id: 'quote', path: '/quote/Q-ABCD2345', params: { reference: 'Q-ABCD2345' } },
    });
    expect(NOINDEX_ROUTES).toContain('quote');
  });

  it('matches one order page by its reference, and /order as "Find your order"', () => {
    const order = resolvePath('/order/SOL-AB12CD34?key=abc');
    expect(order).toEqual({
      kind: 'route',
      match: { id: 'order', path: '/order/SOL-AB12CD34', params: { reference: 'SOL-AB12CD34' } },
    });
    const lookup = resolvePath('/order');
    expect(lookup.kind === 'route' && lookup.match.id).toBe('order-lookup');
    expect(NOINDEX_ROUTES).toEqual(expect.arrayContaining(['order', 'order-lookup']));
  });

  it('redirects with the query dropped and matches redirect prefixes on whole segments only', () => {
    expect(resolvePath('/blog/post-1?utm=x')).toEqual({ kind: 'redirect', to: '/shop' });
    expect(resolvePath('/collections/')).toEqual({ kind: 'redirect', to: '/shop' });
    const lookalike = resolvePath('/blogroll');
    expect(lookalike.kind === 'route' && lookalike.match.id).toBe('not-found');
  });
});
