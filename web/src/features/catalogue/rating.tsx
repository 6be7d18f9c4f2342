import { SAMPLE_RATING } from '../../../../domain/config';
import { useFlag } from '../flags/use-flag';
import { StarIcon } from './icons';

/**
 * The static '5.0' badge of the cards (docs/product.md §8.13: shown as a sample, hidden when
 * content_purge is on). Screen readers hear "Rated 5.0 out of 5".
 */
export function RatingBadge({ className = '' }: { className?: string }) {
  const purge = useFlag('content_purge');
  if (purge) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-cream/95 px-2 py-0.5 text-xs font-semibold text-ink shadow-sm ${className}`}
    >
      <StarIcon className="h-3.5 w-3.5 text-wine" />
      <span className="sr-only">Rated </span>
      {SAMPLE_RATING.toFixed(1)}
      <span className="sr-only"> out of {SAMPLE_RATING}</span>
    </span>
  );
}

/** Five stars with the rating spoken once, e.g. for the sample reviews. */
export function Stars({ rating, outOf = SAMPLE_RATING }: { rating: number; outOf?: number }) {
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
