/**
 * Serves the shop's front end: the pages, rendered at run time from the current catalogue snapshot and the
 * published reviews (server/pages/), for every route in path form (/shop, /product/3) and at '/', both as
 * an immutable `/catalogue/{hash}.json`, hashed assets with immutable caching, and pre-compressed
 * brotli/gzip variants made at build time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOGUE_PATH, CURRENT_CATALOGUE_URL } from '../../domain/catalogue/catalogue-url';
import { seedSnapshot } from '../../domain/catalogue/seed';
import { onlineStoreJsonLd } from '../../domain/pages/shop-json-ld';
import { productPath, resolvePath, STATIC_PATHS } from '../../domain/routes';
import { DEFAULT_SELLER, type SellerIdentity } from '../../domain/settings/seller';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  type StorefrontSettings,
} from '../../domain/settings/storefront-settings';
import type { CatalogueSource } from '../catalogue';
import { staticCatalogueSource } from '../catalogue';
import { isHttps } from '../config';
import { sendNotFound } from '../lib/api-support';
import { QUIET_LOG } from '../ops/logging';
import { type ReviewsSource, staticReviewsSource } from '../reviews';
import { deskPolicy, setPageScripts } from '../security/csp';
import {
  type HtmlPage,
  htmlPage,
  htmlPageFiles,
  loadDeskPage,
  PUBLIC_URL_TOKEN,
  SHOP_JSON_LD_TOKEN,
  scriptJson,
  sellerReplacements,
} from './html-pages';
import { loadPageRenderer, type PageRenderer } from './page-renderer';
import {
  buildPageSet,
  type CatalogueResource,
  type LivePageSet,
  livePageSet,
  type PageSet,
} from './page-set';

export interface WebRoutesOptions {
  readonly webDistDir: string;
  readonly publicUrl: string;
  /**
   * What the owner set that the pages show, read again for each page set rendered: the seller the legal
   * pages and the footer name, and the zones, away state and announcement (added to the snapshot).
   */
  readonly settings?: () => Promise<{
    readonly seller: SellerIdentity;
    readonly shop: StorefrontSettings | undefined;
  }>;
  /** Where the pages' products come from; default: the seed catalogue, unchanging. */
  readonly catalogue?: CatalogueSource;
  /** The published reviews the pages show; default: none, unchanging. */
  readonly reviews?: ReviewsSource;
  /** The SSR build; default: dist/ssr/entry-server.js next to webDistDir. */
  readonly ssrEntry?: string;
  /**
   * Handed a wait for this instance's rendering in progress, at most CATCH_UP_MS: for a save answered
   * once the pages show it.
   */
  readonly renderingWait?: (wait: () => Promise<void>) => void;
  /** What renders the pages; default: the SSR build (or the build's HTML files without one). */
  readonly renderer?: PageRenderer;
}

/** Where the owner's order desk lives (docs/product/desk.md §10.10); its routes are in the hash. */
export const DESK_PATH = '/admin';

/** Which pre-compressed body a request gets: brotli if the client takes it, else gzip, else none. */
export function pickEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/** Short-lived and revalidated: a release changes the HTML, and the ETag makes revalidation cheap. */
const PAGE_CACHE = 'public, max-age=0, must-revalidate';

/**
 * The order pages (docs/product/order-flow.md §6.8): the path form carries the order's key in its query, so the page
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
  // Names in lower case, as Fastify keeps them: it lowercases each name it is given, and only a name that
  // changes becomes a new string to look up again on every request (bench:api --instructions).
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', orderPage ? 'no-store' : cacheControl)
    .header('etag', page.etag)
    .header('vary', 'Accept-Encoding');
  return sendBody(request, reply, page);
}

/** A precompressed body: 304 when the client has it, else the encoding it takes. */
function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { readonly raw: Buffer; readonly br: Buffer; readonly gzip: Buffer; readonly etag: string },
): FastifyReply {
  if (reply.statusCode === 200 && request.headers['if-none-match'] === body.etag) {
    return reply.code(304).send();
  }
  const encoding = pickEncoding(request);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.raw);
}

/** The snapshot never changes under its name: cached for a year, never revalidated. */
const CATALOGUE_CACHE = 'public, max-age=31536000, immutable';

function sendCatalogue(request: FastifyRequest, reply: FastifyReply, resource: CatalogueResource) {
  reply
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', CATALOGUE_CACHE)
    .header('ETag', resource.etag)
    .header('Vary', 'Accept-Encoding');
  return sendBody(request, reply, resource);
}

const catalogueParams = z.object({ file: z.string() });

/** The page a path shows in this set: its own, or the shell (home) for a page that was not rendered. */
const pageOf = (set: PageSet, route: string): HtmlPage | undefined =>
  set.pages.get(route) ?? set.pages.get('/');

/**
 * A product's page: 200 while it is sold or paused, 410 once retired (the page says it is no longer
 * made); an old link by handle moves to its page; an unknown id gets the not-found page.
 */
function sendProduct(request: FastifyRequest, reply: FastifyReply, set: PageSet, id: string): FastifyReply {
  const product = set.products.get(id);
  if (!product) {
    const byHandle = set.handles.get(id);
    if (byHandle !== undefined) return reply.redirect(productPath(byHandle), 301);
    return sendNotFoundPage(request, reply, set);
  }
  const page = pageOf(set, `/product/${product.id}`);
  if (!page) return sendNotFound(request, reply);
  return sendPage(request, reply, page, product.status === 'retired' ? 410 : 200);
}

/** The longest a snapshot request waits for this instance's rendering in progress. */
const CATCH_UP_MS = 5_000;

/**
 * A snapshot this instance does not have, looked up again once the rendering in progress (if any) is
 * done: behind nginx, the instance that rendered an edit first serves pages naming the new snapshot while
 * this one is still rendering it, and the browser's request for it may land here. Nothing rendering: at
 * once, so an unknown name costs nothing.
 */
async function catchingUp(live: LivePageSet, url: string): Promise<CatalogueResource | undefined> {
  await settledWithin(live);
  return live.catalogue(url);
}

/** The rendering in progress done, or CATCH_UP_MS passed: a wait that never holds a request long. */
async function settledWithin(live: LivePageSet): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    live.settled(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CATCH_UP_MS);
    }),
  ]);
  clearTimeout(timer);
}

function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, set: PageSet): FastifyReply {
  const page = set.pages.get('/404') ?? set.pages.get('/');
  if (!page) return sendNotFound(request, reply);
  return sendPage(request, reply, page, 404);
}

/** Renders the source's snapshots into page sets, swapping each in once ready. */
export async function livePages(
  app: FastifyInstance,
  opts: WebRoutesOptions,
  source: CatalogueSource,
  reviews: ReviewsSource = staticReviewsSource(),
): Promise<LivePageSet> {
  const renderer = opts.renderer ?? (await loadPageRenderer(opts.webDistDir, opts.ssrEntry));
  const settings = opts.settings;
  return livePageSet({
    source,
    reviews,
    build: async (snapshot, superseded, published) => {
      const now = settings ? await settings() : null;
      const fillSeller = now ? sellerReplacements(now.seller) : (html: string) => html;
      const shopJson = scriptJson(
        onlineStoreJsonLd(
          opts.publicUrl,
          now?.seller ?? DEFAULT_SELLER,
          now?.shop ?? snapshot.shop ?? DEFAULT_STOREFRONT_SETTINGS,
        ),
      );
      const fill = (html: string) =>
        fillSeller(html.replaceAll(PUBLIC_URL_TOKEN, opts.publicUrl)).replace(
          SHOP_JSON_LD_TOKEN,
          () => shopJson,
        );
      const rendered = now?.shop ? { ...snapshot, shop: now.shop } : snapshot;
      return buildPageSet(renderer, rendered, fill, superseded, published);
    },
    onError: (err, snapshot) =>
      app.log.error({ err, version: snapshot.version }, 'pages: rendering a catalogue snapshot failed'),
    onSwap: (set, ms) =>
      app.log.info(
        {
          version: set.snapshot.version,
          reviewsVersion: set.reviews.version,
          pages: set.pages.size,
          ms: Math.round(ms),
          live: renderer.live,
        },
        'pages: rendered',
      ),
  });
}

export async function webRoutes(app: FastifyInstance, opts: WebRoutesOptions): Promise<void> {
  const root = opts.webDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(
      `The front end is not built: ${path.join(root, 'index.html')} is missing. Run \`npm run build\`.`,
    );
  }
  const source = opts.catalogue ?? staticCatalogueSource(seedSnapshot());
  const live = await livePages(app, opts, source, opts.reviews);
  app.addHook('onClose', async () => live.close());
  opts.renderingWait?.(() => settledWithin(live));
  // Each request reads the current set once: it is answered wholly from the old set or the new one.
  const current = () => live.current();

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    index: false,
    cacheControl: false,
    // Pages are served from memory by the handlers below, never as files; the build manifest stays
    // private.
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
  const desk = await loadDeskPage(root, opts.publicUrl);
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

  // The prerendered pages: logged at debug when answered as they should be.
  const PAGE_ROUTE = QUIET_LOG;
  const staticPage = (route: string) => (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageOf(current(), route);
    return page ? sendPage(request, reply, page) : sendNotFound(request, reply);
  };
  app.get('/index.html', PAGE_ROUTE, staticPage('/'));
  // Hand-written pages shipped as files (web/public/pages/, e.g. the printable measuring strip): served
  // as they are, beside the rendered ones. Paths the renderer answers are left to it.
  const rendered = new Set([...Object.keys(STATIC_PATHS), '/', '/404']);
  for (const [route, html] of htmlPageFiles(root)) {
    if (rendered.has(route) || route.startsWith('/product/')) continue;
    const page = await htmlPage(html.replaceAll(PUBLIC_URL_TOKEN, opts.publicUrl));
    app.get(route, PAGE_ROUTE, (request, reply) => sendPage(request, reply, page));
  }
  // Each fixed page and the product pages have a route, matched before the static plugin's wildcard:
  // through the wildcard every page request first cost a directory read and several stat calls
  // (bench:api: ~10x fewer requests/s). One parametric route serves every product, so a product the
  // owner adds needs no new route. Other paths (trailing slash, redirects, 404) reach the handler below.
  for (const route of Object.keys(STATIC_PATHS)) app.get(route, PAGE_ROUTE, staticPage(route));
  // The id is only looked up in the page set (a Map), so it needs no schema: any string is safe there.
  app.get<{ Params: { id: string } }>('/product/:id', PAGE_ROUTE, (request, reply) =>
    sendProduct(request, reply, current(), request.params.id),
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${CATALOGUE_PATH}/:file`,
    { ...QUIET_LOG, schema: { params: catalogueParams } },
    async (request, reply) => {
      const url = `${CATALOGUE_PATH}/${request.params.file}`;
      // For a page whose own snapshot is gone: never cached, since the target changes with every edit.
      if (url === CURRENT_CATALOGUE_URL) {
        return reply.header('Cache-Control', 'no-store').redirect(current().catalogue.url, 302);
      }
      const resource = live.catalogue(url) ?? (await catchingUp(live, url));
      return resource ? sendCatalogue(request, reply, resource) : sendNotFound(request, reply);
    },
  );

  // One shopper's order page in path form: the find-your-order page's HTML, which boots the app on the hash
  // route /#/order/{reference}?key=... (web/src/boot/start-app.ts); the key never leaves the browser again.
  app.get(`${ORDER_LOOKUP_PATH}/:reference`, PAGE_ROUTE, staticPage(ORDER_LOOKUP_PATH));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/api/')) {
      return sendNotFound(request, reply);
    }
    const resolution = resolvePath(url);
    if (resolution.kind === 'redirect') return reply.redirect(resolution.to, 301);
    const { match } = resolution;
    const set = current();
    if (match.id === 'product') return sendProduct(request, reply, set, match.params.id ?? '');
    if (match.id === 'not-found') return sendNotFoundPage(request, reply, set);
    const page = pageOf(set, match.path);
    return page ? sendPage(request, reply, page) : sendNotFound(request, reply);
  });
}
