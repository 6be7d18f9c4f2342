/**
 * The pages the shop serves at one moment, all rendered from one catalogue snapshot and one reviews
 * snapshot, and both as the browser fetches them (`/catalogue/{hash}.json`: the catalogue with the
 * published reviews folded in, so hydration matches the HTML with no second request). A new snapshot of
 * either makes a new set, swapped in whole once it is ready: a request reads the current set once, so it
 * sees the old set or the new one, never a mix. docs/decisions/0015-pages-at-run-time.md.
 */
import { createHash } from 'node:crypto';
import { type CatalogueResourceBody, catalogueUrl } from '../../domain/catalogue/catalogue-url';
import type { CatalogueProduct, CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { EMPTY_REVIEWS, type ReviewsSnapshot } from '../../domain/reviews/reviews';
import type { CatalogueSource } from '../catalogue';
import { publishedReviewsFor, type ReviewsSource } from '../reviews';
import { compressed, type HtmlPage, htmlPage } from './html-pages';
import type { PageRenderer } from './page-renderer';

/** A precompressed, content-addressed file served from memory. */
export interface CatalogueResource {
  /** '/catalogue/{hash}.json' */
  readonly url: string;
  readonly raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
  /** The reviewers' display names it holds: a resource naming someone the current one no longer does is dropped. */
  readonly reviewerNames: ReadonlySet<string>;
}

export interface PageSet {
  readonly snapshot: CatalogueSnapshot;
  /** The published reviews the pages show (of this catalogue's products only). */
  readonly reviews: ReviewsSnapshot;
  readonly catalogue: CatalogueResource;
  /** Keyed by path: '/', '/shop', '/product/3', '/404'. */
  readonly pages: ReadonlyMap<string, HtmlPage>;
  readonly products: ReadonlyMap<string, CatalogueProduct>;
  /** A product's current and former handles -> its id (an old link to a handle redirects). */
  readonly handles: ReadonlyMap<string, string>;
}

/**
 * The snapshot as the browser receives it, with the reviews the pages were rendered with
 * (CatalogueResourceBody). Served immutable for a year, so its name is its content's hash; brotli at its
 * best quality, since it is compressed once per snapshot (on libuv's threads) and fetched by every first
 * visit.
 */
export async function catalogueResource(
  snapshot: CatalogueSnapshot,
  reviews: ReviewsSnapshot = EMPTY_REVIEWS,
): Promise<CatalogueResource> {
  const body: CatalogueResourceBody = { ...snapshot, reviews };
  const raw = Buffer.from(JSON.stringify(body), 'utf8');
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 20);
  const { br, gzip } = await compressed(raw, 11);
  return { url: catalogueUrl(hash), raw, br, gzip, etag: `"${hash}"`, reviewerNames: reviewerNames(reviews) };
}

function reviewerNames(reviews: ReviewsSnapshot): ReadonlySet<string> {
  const names = new Set<string>();
  for (const { reviews: list } of Object.values(reviews.byProduct)) {
    for (const r of list) if (r.displayName) names.add(r.displayName);
  }
  for (const t of reviews.testimonials) if (t.displayName) names.add(t.displayName);
  return names;
}

/** How many pages are compressed at once: libuv's pool has four threads, and the fs uses them too. */
const COMPRESS_CONCURRENCY = 2;

/**
 * Only the reviews of products the catalogue has: a removed product's reviews are neither shown nor sent.
 * The version stays, so the resource still changes with every publication.
 */
function reviewsOf(snapshot: CatalogueSnapshot, reviews: ReviewsSnapshot): ReviewsSnapshot {
  const ids = snapshot.products.map((p) => p.id);
  const known = new Set(ids);
  return {
    version: reviews.version,
    byProduct: publishedReviewsFor(reviews, ids),
    testimonials: reviews.testimonials.filter((t) => known.has(t.productId)),
  };
}

/**
 * The set for `snapshot` and `allReviews`: every page rendered, `fill` applied (PUBLIC_URL, the seller's
 * texts), compressed. Null when `superseded` said a newer snapshot is waiting.
 */
export async function buildPageSet(
  renderer: PageRenderer,
  snapshot: CatalogueSnapshot,
  fill: (html: string) => string,
  superseded?: () => boolean,
  allReviews: ReviewsSnapshot = EMPTY_REVIEWS,
): Promise<PageSet | null> {
  const reviews = reviewsOf(snapshot, allReviews);
  const catalogue = await catalogueResource(snapshot, reviews);
  const rendered = await renderer.render(snapshot, catalogue.url, superseded, reviews);
  if (!rendered) return null;
  const entries = [...rendered];
  const done: HtmlPage[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < entries.length; i = next++) {
      done[i] = await htmlPage(fill(entries[i]?.[1] ?? ''));
    }
  };
  await Promise.all(Array.from({ length: COMPRESS_CONCURRENCY }, worker));
  // In the renderer's order, whichever finished compressing first.
  const pages = new Map<string, HtmlPage>(entries.map(([route], i) => [route, done[i] as HtmlPage]));
  const handles = new Map<string, string>();
  for (const [handle, id] of Object.entries(snapshot.formerHandles)) handles.set(handle, id);
  for (const p of snapshot.products) handles.set(p.handle, p.id);
  return {
    snapshot,
    reviews,
    catalogue,
    pages,
    products: new Map(snapshot.products.map((p) => [p.id, p])),
    handles,
  };
}

export interface LivePageSet {
  /** The set to answer this request from: read once per request. */
  current(): PageSet;
  /** A catalogue resource by URL: the current one or one of the few before it. */
  catalogue(url: string): CatalogueResource | undefined;
  /** Resolves once every snapshot received so far has been rendered (or skipped for a newer one). */
  settled(): Promise<void>;
  close(): void;
}

/**
 * A page that was rendered just before a swap still boots with its own snapshot; nginx may also send its
 * catalogue request to an instance a moment behind or ahead. The last few stay servable.
 */
const KEPT_CATALOGUES = 8;

export interface LivePageSetOptions {
  readonly source: CatalogueSource;
  /** The published reviews the pages show; none without it. */
  readonly reviews?: ReviewsSource;
  readonly build: (
    snapshot: CatalogueSnapshot,
    superseded: () => boolean,
    reviews: ReviewsSnapshot,
  ) => Promise<PageSet | null>;
  /** A rendering that failed: the current set stays. */
  readonly onError: (error: unknown, snapshot: CatalogueSnapshot) => void;
  /** Each swap, with how long the rendering took. */
  readonly onSwap?: (set: PageSet, ms: number) => void;
}

/**
 * Renders the sources' current snapshots (resolves when that first set is ready), then again whenever
 * either announces a newer one. Latest wins: a snapshot arriving while another renders stops that
 * rendering at its next page, and only the newest pair waiting is rendered.
 */
export async function livePageSet(options: LivePageSetOptions): Promise<LivePageSet> {
  const { source, build, onError, onSwap } = options;
  // The newest of each source; `pending`: a newer pair than the one rendered or rendering waits.
  let latest = source.current();
  let latestReviews = options.reviews?.current() ?? EMPTY_REVIEWS;
  let pending = false;
  let running: Promise<void> | null = null;
  let ready = false;
  const catalogues = new Map<string, CatalogueResource>();

  function swapIn(set: PageSet, ms: number): void {
    current = set;
    catalogues.delete(set.catalogue.url);
    // A name the shop no longer shows (a review hidden, a reviewer erased) stops being served at once from
    // the older resources too; a page still naming one falls back to the newest (current.json).
    const names = set.catalogue.reviewerNames;
    for (const [url, kept] of catalogues) {
      if ([...kept.reviewerNames].some((n) => !names.has(n))) catalogues.delete(url);
    }
    catalogues.set(set.catalogue.url, set.catalogue);
    while (catalogues.size > KEPT_CATALOGUES) {
      const oldest = catalogues.keys().next().value;
      if (oldest === undefined) break;
      catalogues.delete(oldest);
    }
    onSwap?.(set, ms);
  }

  async function drain(): Promise<void> {
    while (pending) {
      const snapshot = latest;
      const reviews = latestReviews;
      pending = false;
      const t0 = performance.now();
      try {
        const set = await build(snapshot, () => pending, reviews);
        if (set) swapIn(set, performance.now() - t0);
      } catch (error) {
        onError(error, snapshot);
      }
    }
  }

  function kick(): void {
    if (running || !ready) return;
    running = drain().finally(() => {
      running = null;
      // Arrived between the loop's last check and here.
      if (pending) kick();
    });
  }

  // Subscribed before the first rendering, so a snapshot announced meanwhile is rendered right after it.
  const unsubscribeCatalogue = source.subscribe((snapshot) => {
    latest = snapshot;
    pending = true;
    kick();
  });
  const unsubscribeReviews = options.reviews?.subscribe((reviews) => {
    latestReviews = reviews;
    pending = true;
    kick();
  });
  const unsubscribe = () => {
    unsubscribeCatalogue();
    unsubscribeReviews?.();
  };
  const t0 = performance.now();
  let first: PageSet | null;
  try {
    first = await build(latest, () => false, latestReviews);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  if (!first) throw new Error('page set: the first rendering was abandoned');
  let current: PageSet = first;
  swapIn(first, performance.now() - t0);
  ready = true;
  kick();

  return {
    current: () => current,
    catalogue: (url) => catalogues.get(url),
    async settled() {
      while (running) await running;
    },
    close: unsubscribe,
  };
}
