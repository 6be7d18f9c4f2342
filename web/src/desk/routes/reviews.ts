/** The reviews, filtered by status in the query. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    reviews: { readonly id: 'reviews'; readonly status: 'pending' | 'published' | 'hidden' | null };
  }
}

export const reviewsHref = {
  reviews: () => '#/reviews',
};

export const parseReviewsHash: DeskRouteParser = (parts, search) => {
  if (parts[0] !== 'reviews') return null;
  const status = new URLSearchParams(search).get('status');
  const known = status === 'pending' || status === 'published' || status === 'hidden';
  return { id: 'reviews', status: known ? status : null };
};
