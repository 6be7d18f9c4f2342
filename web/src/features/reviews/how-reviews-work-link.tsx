import { HOW_REVIEWS_WORK } from '../../../../domain/reviews/review-links';
import { Link } from '../../lib/router';

/** The link every review list carries to the published rule (docs/product/settled-choices.md §8.13). */
export function HowReviewsWorkLink() {
  return (
    <Link
      to={HOW_REVIEWS_WORK.path}
      className="inline-flex min-h-11 items-center text-sm text-wine underline underline-offset-4"
    >
      {HOW_REVIEWS_WORK.label}
    </Link>
  );
}
