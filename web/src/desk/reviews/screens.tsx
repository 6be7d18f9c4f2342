/** Reviews, with the count waiting for the owner's decision beside its section. */
import { deskHref } from '../desk-router';
import { type DeskScreens, OWNER } from '../desk-screens';
import { reviewsApi } from './reviews-api';
import { ReviewsPage } from './reviews-page';

export const reviewsScreens: DeskScreens = {
  nav: [{ id: 'reviews', label: 'Reviews', href: deskHref.reviews(), count: reviewsApi.pendingCount }],
  routes: { reviews: { section: 'reviews', roles: OWNER } },
  render: (route) =>
    route.id === 'reviews' ? <ReviewsPage key={route.status ?? 'all'} status={route.status} /> : null,
};
