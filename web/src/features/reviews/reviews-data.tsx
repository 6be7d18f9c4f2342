/**
 * What the storefront knows of published reviews (docs/product/settled-choices.md §8.13). The page renderer hands the
 * server's snapshot to `ReviewsProvider` (server/reviews/reviews-source.ts), so the HTML carries the
 * reviews, and the browser gets the same snapshot in the page's catalogue resource (main.tsx), so it
 * hydrates without a request of its own; without a provider (development on the seed) the browser reads the public API once, after the page is shown, and the
 * ratings and quotes appear then (none of them move anything: the badge sits over the card's picture,
 * the list is in a closed section, the quotes below the fold).
 */
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import type { RatingSummary, ReviewsSnapshot, Testimonial } from '../../../../domain/reviews/reviews';
import type { Summaries } from './summaries-request';

const ReviewsContext = createContext<ReviewsSnapshot | null>(null);

export function ReviewsProvider({ reviews, children }: { reviews: ReviewsSnapshot; children: ReactNode }) {
  return <ReviewsContext.Provider value={reviews}>{children}</ReviewsContext.Provider>;
}

const NONE: Summaries = { summaries: {}, testimonials: [] };
let loaded: Summaries = NONE;
let requested = false;
const listeners = new Set<() => void>();

/**
 * Once per page load, after the page is shown: the request's code is a chunk of its own, outside the home
 * page's first load. A failure leaves the storefront without ratings, as before any review.
 */
function requestSummaries(): void {
  if (requested || typeof window === 'undefined') return;
  requested = true;
  import('./summaries-request')
    .then((m) => m.fetchSummaries())
    .then((answer) => {
      if (!answer) return;
      loaded = answer;
      for (const l of listeners) l();
    })
    .catch(() => {});
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's summaries, read once from the API (the server render has none: NONE). */
function useLoadedSummaries(enabled: boolean): Summaries {
  const value = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => NONE,
  );
  useEffect(() => {
    if (enabled) requestSummaries();
  }, [enabled]);
  return value;
}

/** The product's published average and count, or null without any published review. */
export function useRatingSummary(productId: string): RatingSummary | null {
  const provided = useContext(ReviewsContext);
  const fetched = useLoadedSummaries(provided === null);
  if (provided) return provided.byProduct[productId]?.summary ?? null;
  return fetched.summaries[productId] ?? null;
}

/** The published reviews the owner picked for the home page (none: the section hides). */
export function useTestimonials(): readonly Testimonial[] {
  const provided = useContext(ReviewsContext);
  const fetched = useLoadedSummaries(provided === null);
  return provided ? provided.testimonials : fetched.testimonials;
}

/** The provider's snapshot, or null when the page renderer gave none (the browser reads the API). */
export function useProvidedReviews(): ReviewsSnapshot | null {
  return useContext(ReviewsContext);
}
