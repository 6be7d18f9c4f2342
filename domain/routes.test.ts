import { describe, expect, it } from 'vitest';
import { resolvePath } from './routes';

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

  it('keeps /collections/best-sellers as the exception (docs/product.md §8.9)', () => {
    expect(resolvePath('/collections/best-sellers').kind).toBe('route');
  });
});
