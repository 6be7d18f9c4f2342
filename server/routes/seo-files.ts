/**
 * sitemap.xml and robots.txt, generated from the shared route table and catalogue so that they can never
 * list a page that does not exist; absolute URLs use PUBLIC_URL. Built once per process.
 */
import type { FastifyInstance } from 'fastify';
import { PRODUCTS } from '../../domain/catalogue';
import { NOINDEX_ROUTES, productPath, SITEMAP_EXCLUDED, STATIC_PATHS } from '../../domain/routes';

export function sitemapPaths(): string[] {
  const pages = Object.entries(STATIC_PATHS)
    .filter(([, id]) => !NOINDEX_ROUTES.includes(id) && !SITEMAP_EXCLUDED.includes(id))
    .map(([path]) => path);
  return [...pages, ...PRODUCTS.map((p) => productPath(p.id))];
}

export function sitemapXml(publicUrl: string): string {
  const urls = sitemapPaths()
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
    // The owner's order desk (docs/product.md §10.10): nothing to index, and crawlers need not knock.
    'Disallow: /admin',
    'Disallow: /test-checkout/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function seoFileRoutes(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const sitemap = sitemapXml(opts.publicUrl);
  const robots = robotsTxt(opts.publicUrl);
  app.get('/sitemap.xml', (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemap),
  );
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );
}
