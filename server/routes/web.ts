/**
 * Serves the shop's front end: prerendered HTML for every route in path form (/shop, /product/3) and at
 * '/', hashed assets with immutable caching, and pre-compressed brotli/gzip variants made at build time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getProduct } from '../../domain/catalogue';
import { resolvePath } from '../../domain/routes';
import type { SellerIdentity } from '../../domain/seller';
import { isHttps } from '../config';
import { type HtmlPage, loadDeskPage, loadHtmlPages } from '../html-pages';
import { sendNotFound } from '../lib/api-support';
import { deskPolicy, setPageScripts } from '../security/csp';

export interface WebRoutesOptions {
  readonly webDistDir: string;
  readonly publicUrl: string;
  /** The legal pages and the footer name the seller as configured (SELLER_*). */
  readonly seller?: SellerIdentity;
}

/** Where the owner's order desk lives (docs/product.md §10.10); its routes are in the hash. */
export const DESK_PATH = '/admin';

/** Which pre-compressed body a request gets: brotli if the client takes it, else gzip, else none. */
function pickEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/** Short-lived and revalidated: a release changes the HTML, and the ETag makes revalidation cheap. */
const PAGE_CACHE = 'public, max-age=0, must-revalidate';

/**
 * The order pages (docs/product.md §6.8): the path form carries the order's key in its query, so the page
 * never sends it on as a Referer, is never indexed and is kept by no cache.
 */
export const ORDER_PAGE_HEADERS: readonly (readonly [string, string])[] = [
  ['Referrer-Policy', 'no-referrer'],
  ['X-Robots-Tag', 'noindex, nofollow'],
];
const ORDER_LOOKUP_PATH = '/order';

function isOrderPath(route: string): boolean {
  return route === ORDER_LOOKUP_PATH || route.startsWith(`${ORDER_LOOKUP_PATH}/`);
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: HtmlPage,
  status = 200,
  cacheControl = PAGE_CACHE,
): FastifyReply {
  setPageScripts(reply, page.scriptHashes);
  const orderPage = isOrderPath(request.url.split('?')[0] ?? '');
  if (orderPage) for (const [name, value] of ORDER_PAGE_HEADERS) reply.header(name, value);
  reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', orderPage ? 'no-store' : cacheControl)
    .header('ETag', page.etag)
    .header('Vary', 'Accept-Encoding');
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = pickEncoding(request);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw);
}

export async function webRoutes(app: FastifyInstance, opts: WebRoutesOptions): Promise<void> {
  const root = opts.webDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(
      `The front end is not built: ${path.join(root, 'index.html')} is missing. Run \`npm run build\`.`,
    );
  }
  const pages = loadHtmlPages(root, opts.publicUrl, opts.seller);
  const home = pages.get('/');
  if (!home) throw new Error('index.html could not be loaded');
  const notFoundPage = pages.get('/404') ?? home;

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    index: false,
    cacheControl: false,
    // Prerendered pages are served from memory by the handlers below, never as files; the build
    // manifest stays private.
    allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.startsWith('/.vite/'),
    setHeaders(res, filePath) {
      const rel = path.relative(root, filePath);
      if (rel.startsWith(`assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (rel.startsWith(`img${path.sep}`)) {
        // Image names carry no hash (the owner may replace a photo), so revalidate after a day.
        res.header('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
      } else {
        res.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });

  // The order desk: one page, its own build (vite.admin.config.ts). Never indexed, never cached by a
  // shared cache, never framed (deskPolicy); what it shows comes from the API after sign-in, so the page
  // itself holds nothing private.
  const desk = loadDeskPage(root, opts.publicUrl);
  if (desk) {
    const policy = deskPolicy({ scriptHashes: desk.scriptHashes, https: isHttps(opts) });
    app.get(DESK_PATH, (request, reply) => {
      reply
        .header('Content-Security-Policy', policy)
        .header('X-Robots-Tag', 'noindex, nofollow')
        .header('Referrer-Policy', 'same-origin');
      return sendPage(request, reply, desk, 200, 'private, no-cache');
    });
    app.get(`${DESK_PATH}/`, (_request, reply) => reply.redirect(DESK_PATH, 301));
  }

  app.get('/', (request, reply) => sendPage(request, reply, home));
  app.get('/index.html', (request, reply) => sendPage(request, reply, home));
  // Each prerendered page gets its own route, matched before the static plugin's wildcard: through the
  // wildcard every page request first cost a directory read and several stat calls (bench:api: ~10x
  // fewer requests/s). Other paths (trailing slash, redirects, 404) still reach the handler below.
  for (const [route, page] of pages) {
    if (route !== '/' && route !== '/404') {
      app.get(route, (request, reply) => sendPage(request, reply, page));
    }
  }

  // One shopper's order page in path form: the find-your-order page's HTML, which boots the app on the hash
  // route /#/order/{reference}?key=... (web/src/boot/start-app.ts); the key never leaves the browser again.
  const orderShell = pages.get(ORDER_LOOKUP_PATH) ?? home;
  app.get(`${ORDER_LOOKUP_PATH}/:reference`, (request, reply) => sendPage(request, reply, orderShell));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/api/')) {
      return sendNotFound(request, reply);
    }
    const resolution = resolvePath(url);
    if (resolution.kind === 'redirect') return reply.redirect(resolution.to, 301);
    const { match } = resolution;
    const known =
      match.id !== 'not-found' && (match.id !== 'product' || getProduct(match.params.id ?? '') !== undefined);
    const page = known ? pages.get(match.path) : undefined;
    if (page) return sendPage(request, reply, page);
    if (known) return sendPage(request, reply, home); // built without prerendering: the SPA shell still works
    return sendPage(request, reply, notFoundPage, 404);
  });
}
