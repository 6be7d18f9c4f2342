/**
 * What the storefront shows of reviews, kept in memory like the catalogue (server/catalogue/
 * catalogue-source.ts): `current()` never blocks, and subscribers hear of every newer snapshot. A change
 * on this instance refreshes at once (`refresh`); a change on another instance is seen by comparing the
 * database's `reviews_version` every `pollMs` (2 s: a published, hidden or erased review reaches every
 * instance's pages within 5 s, on SQLite and PostgreSQL alike, without a notification channel).
 */
import { EMPTY_REVIEWS, type ProductReviews, type ReviewsSnapshot } from '../../domain/reviews/reviews';

export interface ReviewsSource {
  /** The newest snapshot this instance knows; never blocks. */
  current(): ReviewsSnapshot;
  /** Called with each newer snapshot, in order; returns the unsubscribe function. */
  subscribe(listener: (snapshot: ReviewsSnapshot) => void): () => void;
  /** Reads the database again now (after a change made on this instance). */
  refresh(): Promise<void>;
  /**
   * Settles once the first read is done. The pages are first rendered after it, so every instance of a
   * cluster names the same catalogue file from the start (web/src/boot/load-catalogue.ts).
   */
  loaded(): Promise<void>;
  close(): Promise<void>;
}

export interface ReviewsSourceOptions {
  /** The whole snapshot (published reviews and picked quotes). */
  readonly load: () => Promise<ReviewsSnapshot>;
  /** The database's version only: one indexed row, cheap to ask every few seconds. */
  readonly version: () => Promise<number>;
  readonly pollMs?: number;
  readonly log: { error(obj: object, msg: string): void };
}

export const REVIEWS_POLL_MS = 2_000;

export function createReviewsSource(o: ReviewsSourceOptions): ReviewsSource {
  let snapshot: ReviewsSnapshot = EMPTY_REVIEWS;
  const listeners = new Set<(s: ReviewsSnapshot) => void>();
  let inFlight: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const reload = async () => {
    const next = await o.load();
    if (next.version === snapshot.version && snapshot !== EMPTY_REVIEWS) return;
    snapshot = next;
    for (const l of listeners) l(next);
  };
  const refresh = (): Promise<void> => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = reload()
      .catch((err: unknown) => o.log.error({ err }, 'reviews: could not read the published reviews'))
      .finally(() => {
        inFlight = null;
        if (again && !closed) {
          again = false;
          void refresh();
        }
      });
    return inFlight;
  };
  const poll = async () => {
    try {
      if ((await o.version()) !== snapshot.version) await refresh();
    } catch (err) {
      o.log.error({ err }, 'reviews: could not read the version');
    }
  };
  const timer = setInterval(() => void poll(), o.pollMs ?? REVIEWS_POLL_MS);
  timer.unref();
  const first = refresh();

  return {
    current: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    loaded: () => first,
    async close() {
      closed = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}

/** A source that never changes (tests, a front end served without the database): none by default. */
export function staticReviewsSource(snapshot: ReviewsSnapshot = EMPTY_REVIEWS): ReviewsSource {
  return {
    current: () => snapshot,
    subscribe: () => () => {},
    refresh: async () => {},
    loaded: async () => {},
    close: async () => {},
  };
}

/**
 * The published reviews of these products, for a page renderer: products without any are absent. What
 * the product page's HTML, its JSON-LD `aggregateRating`/`review` and the product cards are rendered from.
 */
export function publishedReviewsFor(
  snapshot: ReviewsSnapshot,
  productIds: readonly string[],
): Record<string, ProductReviews> {
  const out: Record<string, ProductReviews> = {};
  for (const id of productIds) {
    const found = snapshot.byProduct[id];
    if (found) out[id] = found;
  }
  return out;
}
