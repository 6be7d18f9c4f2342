/**
 * sitemap.xml and robots.txt, generated from the shared route table and the current catalogue so that
 * they can never list a page that does not exist; absolute URLs use PUBLIC_URL. The sitemap lists the
 * active and paused products (a paused one keeps its page), never a retired one; it is built again for
 * each new catalogue version, robots.txt once per process.
 */
import type { FastifyInstance } from 'fastify';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { NOINDEX_ROUTES, productPath, SITEMAP_EXCLUDED, STATIC_PATHS } from '../../domain/routes';
import type { CatalogueSource } from '../catalogue';

export function sitemapPaths(catalogue: CatalogueSnapshot): string[] {
  const pages = Object.entries(STATIC_PATHS)
    .filter(([, id]) => !NOINDEX_ROUTES.includes(id) && !SITEMAP_EXCLUDED.includes(id))
    .map(([path]) => path);
  const products = catalogue.products.filter((p) => p.status !== 'retired');
  return [...pages, ...products.map((p) => productPath(p.id))];
}

export function sitemapXml(publicUrl: string, catalogue: CatalogueSnapshot): string {
  const urls = sitemapPaths(catalogue)
    .map((p) => `  <url><loc>${publicUrl}${p === '/' ? '/' : p}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  const disallowed = Object.entries(STATIC_PATHS)
    .filter(([, id]) => NOINDEX_ROUTES.includes(id))
    .map(([path]) => `Disallow: ${path}`);
  return [
    'User-agent: *',
    ...disallowed,
    'Disallow: /api/',
    // The owner's order desk (docs/product/desk.md §10.10): nothing to index, and crawlers need not knock.
    'Disallow: /admin',
    'Disallow: /test-checkout/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function seoFileRoutes(
  app: FastifyInstance,
  opts: { publicUrl: string; catalogue: CatalogueSource },
): Promise<void> {
  let sitemap: { version: string; xml: string } | null = null;
  const robots = robotsTxt(opts.publicUrl);
  app.get('/sitemap.xml', (_req, reply) => {
    const catalogue = opts.catalogue.current();
    if (sitemap?.version !== catalogue.version) {
      sitemap = { version: catalogue.version, xml: sitemapXml(opts.publicUrl, catalogue) };
    }
    // Short-lived: a product added or retired shows within minutes in what crawlers fetch.
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(sitemap.xml);
  });
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );
}
