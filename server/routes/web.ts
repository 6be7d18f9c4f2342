/**
 * Serves the built SPA: hashed assets with immutable caching and pre-compressed brotli/gzip variants
 * (made at build time), HTML always revalidated.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolvePath } from '../../domain/routes';

export async function webRoutes(app: FastifyInstance, opts: { webDistDir: string }): Promise<void> {
  const root = opts.webDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The front end is not built: ${path.join(root, 'index.html')} is missing. Run \`npm run build\`.`);
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(root, filePath);
      if (rel.startsWith(`assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (rel.startsWith(`img${path.sep}`)) {
        // Image names carry no hash (an owner may replace a photo), so revalidate after a day.
        res.header('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
      } else if (filePath.endsWith('.html')) {
        res.header('Cache-Control', 'no-cache');
      } else {
        res.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });

  // Path-form URLs (/shop, /product/3) of spec routes open the app on the matching hash route.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ ok: false, error: 'Not found' });
    }
    if (url.startsWith('/api/')) return reply.code(404).send({ ok: false, error: 'Not found' });
    const resolution = resolvePath(url);
    if (resolution.kind === 'redirect') return reply.redirect(`/#${resolution.to}`, 302);
    if (resolution.match.id === 'not-found') {
      return reply.code(404).header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    return reply.redirect(`/#${resolution.match.path}${query}`, 302);
  });
}
