import { StarIcon } from '../../components/ui/icons';
import { useRatingSummary } from './reviews-data';

/** Ratings run from 1 to 5 (REVIEW_LIMITS in domain/reviews/reviews.ts, kept out of the cards' first load). */
const OUT_OF = 5;

/**
 * The card's rating (docs/product/settled-choices.md §8.13): the average and count of the product's published reviews,
 * nothing without any. Screen readers hear "Rated 3.0 out of 5 from 2 reviews".
 */
export function RatingBadge({ productId, className = '' }: { productId: string; className?: string }) {
  const summary = useRatingSummary(productId);
  if (!summary) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-cream/95 px-2 py-0.5 text-xs font-semibold text-ink shadow-sm ${className}`}
    >
      <StarIcon className="h-3.5 w-3.5 text-wine" />
      <span className="sr-only">Rated </span>
      {summary.average.toFixed(1)}
      <span className="sr-only"> out of {OUT_OF} from</span>
      <span className="font-normal text-muted">({summary.count})</span>
      <span className="sr-only"> {summary.count === 1 ? 'review' : 'reviews'}</span>
    </span>
  );
}

/** Five stars with the rating spoken once. */
export function Stars({ rating, outOf = OUT_OF }: { rating: number; outOf?: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-wine">
      {Array.from({ length: outOf }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical stars that never reorders.
        <StarIcon key={i} className={`h-4 w-4 ${i < rating ? '' : 'opacity-25'}`} />
      ))}
      <span className="sr-only">
        Rated {rating} out of {outOf}
      </span>
    </span>
  );
}
