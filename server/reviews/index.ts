/** The reviews feature's public face: buyers' reviews and the published ones the pages show. */
import type { ReviewService } from './review-service';
import type { ReviewStore } from './review-store';
import type { ReviewsSource } from './reviews-source';

export type { ReviewService, ReviewStore, ReviewsSource };

export interface ReviewsFace {
  /** Buyers' reviews, the owner's decisions and the review request e-mail (docs/product/settled-choices.md §8.13). */
  readonly service: ReviewService;
  readonly store: ReviewStore;
  /** The published reviews in memory, for the pages (reviews/reviews-source.ts). */
  readonly source: ReviewsSource;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsFace;
  }
}

export { REVIEWS_MAIL_KINDS } from './mail-kinds';
export { anonymiseReviewsOfOrders, eraseReviewsOfOrders, reviewsOfOrders } from './review-store';
export { publishedReviewsFor, staticReviewsSource } from './reviews-source';
