/**
 * The catalogue snapshot and the published reviews the app starts with (docs/decisions/0015-pages-at-run-time.md): the one the page
 * names (its HTML was rendered from it, so hydration matches), fetched from the request the page's
 * preload link already started. A page whose snapshot is gone (rendered just before several edits) gets
 * the newest one instead, and is rendered afresh rather than hydrated.
 */
import { type CatalogueResourceBody, CURRENT_CATALOGUE_URL } from '../../../domain/catalogue/catalogue-url';
import type { CatalogueSnapshot } from '../../../domain/catalogue/snapshot';
import type { ReviewsSnapshot } from '../../../domain/reviews/reviews';
import { CATALOGUE_ATTRIBUTE } from './protocol';

export interface LoadedCatalogue {
  readonly snapshot: CatalogueSnapshot;
  /**
   * The published reviews the page was rendered with (the same resource); null without them (development
   * on the seed), and the storefront then reads the reviews API after the page is shown.
   */
  readonly reviews: ReviewsSnapshot | null;
  /** The snapshot the prerendered page was rendered from: the page can be hydrated. */
  readonly rendered: boolean;
}

type Loaded = Pick<LoadedCatalogue, 'snapshot' | 'reviews'>;

/**
 * The server's own file, content-addressed: checked for its shape only, not field by field (a schema of
 * the whole snapshot would weigh on every page's JavaScript and parse time).
 */
async function fetchSnapshot(url: string): Promise<Loaded> {
  const response = await fetch(url);
  const body = (await response.json()) as Partial<CatalogueResourceBody> | null;
  if (!response.ok || !Array.isArray(body?.products)) throw new Error(url);
  const { reviews, ...snapshot } = body as CatalogueResourceBody;
  return { snapshot, reviews: typeof reviews === 'object' && reviews !== null ? reviews : null };
}

/** Pauses between tries of the newest snapshot, in ms. */
const RETRY_DELAYS_MS = [500, 1500];

/**
 * The newest snapshot, tried again a little later when it fails: behind a load balancer, the instance that
 * redirects to the newest file and the one asked for it may be a second or two apart after an edit (each
 * renders it on its own), and a page that cannot start is worse than one that starts a second later.
 */
async function newestWithRetries(): Promise<Loaded> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await fetchSnapshot(CURRENT_CATALOGUE_URL);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return fetchSnapshot(CURRENT_CATALOGUE_URL);
}

/** The snapshot of a prerendered `root` (`prerendered`: the path it was rendered for), else the newest. */
export function loadCatalogue(root: HTMLElement, prerendered: string | null): Promise<LoadedCatalogue> {
  const pageUrl = prerendered && root.getAttribute(CATALOGUE_ATTRIBUTE);
  const newest = (): Promise<LoadedCatalogue> =>
    newestWithRetries().then(
      (loaded) => ({ ...loaded, rendered: false }),
      async (error: unknown) => {
        // Development without the server: the seed, which the production build never includes.
        if (!import.meta.env.DEV) throw error;
        const { seedSnapshot } = await import('../../../domain/catalogue/seed');
        return { snapshot: seedSnapshot(), reviews: null, rendered: false };
      },
    );
  // A page whose snapshot is gone, or a network hiccup: the newest one.
  return pageUrl
    ? fetchSnapshot(pageUrl).then((loaded) => ({ ...loaded, rendered: true }), newest)
    : newest();
}
