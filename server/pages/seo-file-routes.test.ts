import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../../domain/catalogue/seed';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { robotsTxt, sitemapPaths, sitemapXml } from './seo-file-routes';

describe('sitemap and robots', () => {
  it('lists every product and content page in path form, and no tool or transient page', () => {
    const paths = sitemapPaths(seedSnapshot());
    expect(paths).toContain('/');
    expect(paths).toContain('/shop');
    expect(paths).toContain('/about');
    expect(paths).toContain('/product/1');
    expect(paths).toContain('/product/27');
    expect(paths.filter((p) => p.startsWith('/product/'))).toHaveLength(27);
    for (const hidden of ['/diagnostics', '/cart', '/order-confirmation', '/error-test']) {
      expect(paths).not.toContain(hidden);
    }
    const xml = sitemapXml('https://solas.example', seedSnapshot());
    expect(xml).toContain('<loc>https://solas.example/product/26</loc>');
    expect(xml).not.toContain('#');
  });

  it('lists active and paused products, never a retired one', () => {
    const seed = seedSnapshot();
    const catalogue: CatalogueSnapshot = {
      ...seed,
      products: seed.products.map((p) =>
        p.id === '3' ? { ...p, status: 'paused' } : p.id === '4' ? { ...p, status: 'retired' } : p,
      ),
    };
    const paths = sitemapPaths(catalogue);
    expect(paths).toContain('/product/3');
    expect(paths).not.toContain('/product/4');
    expect(paths.filter((p) => p.startsWith('/product/'))).toHaveLength(26);
  });

  it('disallows the tool pages and points at the sitemap', () => {
    const robots = robotsTxt('https://solas.example');
    for (const tool of [
      '/image-editor',
      '/diagnostics',
      '/checkout-test-plan',
      '/checkout-health',
      '/error-test',
    ]) {
      expect(robots).toContain(`Disallow: ${tool}`);
    }
    expect(robots).toContain('Sitemap: https://solas.example/sitemap.xml');
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });
});
