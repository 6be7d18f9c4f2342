import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapPaths, sitemapXml } from './seo-files';

describe('sitemap and robots', () => {
  it('lists every product and content page in path form, and no tool or transient page', () => {
    const paths = sitemapPaths();
    expect(paths).toContain('/');
    expect(paths).toContain('/shop');
    expect(paths).toContain('/about');
    expect(paths).toContain('/product/1');
    expect(paths).toContain('/product/27');
    expect(paths.filter((p) => p.startsWith('/product/'))).toHaveLength(27);
    for (const hidden of ['/diagnostics', '/cart', '/order-confirmation', '/error-test']) {
      expect(paths).not.toContain(hidden);
    }
    const xml = sitemapXml('https://solas.example');
    expect(xml).toContain('<loc>https://solas.example/product/26</loc>');
    expect(xml).not.toContain('#');
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
