/** The reviews feature's public face: a product's reviews and its rating badge. */
export { ProductReviewsList, useProductReviews } from './product-reviews';
export { RatingBadge } from './rating';
