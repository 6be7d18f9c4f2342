/** Reviews, with the count waiting for the owner's decision beside its section. */
import { type DeskScreens, OWNER } from '../desk-screens';
import { parseReviewsHash, reviewsHref } from '../routes/reviews';
import { reviewsApi } from './reviews-api';
import { ReviewsPage } from './reviews-page';

export const reviewsScreens: DeskScreens = {
  parse: parseReviewsHash,
  nav: [{ id: 'reviews', label: 'Reviews', href: reviewsHref.reviews(), count: reviewsApi.pendingCount }],
  routes: { reviews: { section: 'reviews', roles: OWNER } },
  render: (route) =>
    route.id === 'reviews' ? <ReviewsPage key={route.status ?? 'all'} status={route.status} /> : null,
};
