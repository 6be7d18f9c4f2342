/**
 * The product's structured data from its published reviews (docs/product/settled-choices.md §8.13): schema.org
 * `aggregateRating` and `review`, only from published reviews and absent without any, so nothing
 * machine-readable claims a rating the shop does not have. Spread into the product's JSON-LD by the page
 * renderer: `{ ...productJsonLd(product, url), ...reviewsJsonLd(reviews) }`.
 */
import { ANONYMOUS_NAME } from './review-links';
import type { ProductReviews } from './reviews';

export function reviewsJsonLd(reviews: ProductReviews | null | undefined): Record<string, unknown> {
  if (!reviews?.summary || reviews.reviews.length === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map((r) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.displayName ?? ANONYMOUS_NAME },
      datePublished: r.publishedAt.slice(0, 10),
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.text,
    })),
  };
}
