/** The reviews feature's public face: ratings, a product's reviews and the home page's testimonials. */
export { HowReviewsWorkLink } from './how-reviews-work-link';
export { ProductReviewsList, useProductReviews } from './product-reviews';
export { RatingBadge } from './rating';
export { ReviewsProvider, useTestimonials } from './reviews-data';
