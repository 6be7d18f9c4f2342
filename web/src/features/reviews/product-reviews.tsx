/**
 * The product page's reviews (docs/product/settled-choices.md §8.13): published ones only, newest first, five at a time
 * with "More reviews", the average and count of those, "Verified buyer" with the month of purchase and
 * the shop's reply. None: one sentence, no stars. Every text is React text: markup typed into a review is
 * shown as typed and no address in it becomes a link.
 */
import { useEffect, useState } from 'react';
import { REVIEW_MESSAGES } from '../../../../domain/reviews/review-texts';
import {
  ANONYMOUS_NAME,
  monthLabel,
  type ProductReviews,
  type PublicReview,
  type RatingSummary,
  REVIEW_API,
  REVIEW_LIMITS,
} from '../../../../domain/reviews/reviews';
import { HowReviewsWorkLink } from './how-reviews-work-link';
import { Stars } from './rating';
import { useProvidedReviews } from './reviews-data';

export function ProductReviewsList({ data }: { data: ProductReviews | null }) {
  const [shown, setShown] = useState<number>(REVIEW_LIMITS.pageSize);
  if (data === null) return <p className="text-muted">Loading reviews…</p>;
  const { summary, reviews } = data;
  return (
    <div>
      {summary ? (
        <p className="flex flex-wrap items-center gap-2">
          <Stars rating={Math.round(summary.average)} />
          <span className="text-sm font-medium">
            {summary.average.toFixed(1)} out of 5 from {summary.count}{' '}
            {summary.count === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      ) : (
        <p>{REVIEW_MESSAGES.noReviewsYet}</p>
      )}
      {reviews.length > 0 ? (
        <ul className="mt-4 space-y-6">
          {reviews.slice(0, shown).map((review) => (
            <li key={review.id}>
              <article aria-label={`Review by ${review.displayName ?? ANONYMOUS_NAME}`}>
                <Stars rating={review.rating} />
                {review.title ? <h3 className="mt-1 font-semibold">{review.title}</h3> : null}
                <p className="mt-1 whitespace-pre-line break-words">{review.text}</p>
                <p className="mt-1 text-sm text-muted">
                  {review.displayName ?? ANONYMOUS_NAME} · Verified buyer, bought in{' '}
                  {monthLabel(review.purchasedMonth)}
                </p>
                {review.reply ? (
                  <div className="mt-2 rounded-lg border border-line bg-sand p-3 text-sm">
                    <p className="font-semibold">Reply from the shop</p>
                    <p className="mt-1 whitespace-pre-line break-words">{review.reply}</p>
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      {reviews.length > shown ? (
        <button
          type="button"
          className="mt-4 inline-flex min-h-11 items-center rounded-full border border-ink px-5 font-medium hover:bg-sand"
          onClick={() => setShown((n) => n + REVIEW_LIMITS.pageSize)}
        >
          More reviews
        </button>
      ) : null}
      <p className="mt-3">
        <HowReviewsWorkLink />
      </p>
    </div>
  );
}

/** The product's published reviews, newest first: from the provider, else read from the API once shown. */
export function useProductReviews(productId: string): ProductReviews | null {
  const provided = useProvidedReviews();
  const [fetched, setFetched] = useState<{ id: string; data: ProductReviews } | null>(null);
  useEffect(() => {
    if (provided) return;
    let live = true;
    fetch(REVIEW_API.product(productId), { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((json: unknown) => {
        const data = productReviewsOf(json);
        if (live && data) setFetched({ id: productId, data });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [provided, productId]);
  if (provided) return provided.byProduct[productId] ?? { summary: null, reviews: [] };
  return fetched?.id === productId ? fetched.data : null;
}

function productReviewsOf(json: unknown): ProductReviews | null {
  if (typeof json !== 'object' || json === null) return null;
  const v = json as { ok?: unknown; summary?: unknown; reviews?: unknown };
  if (v.ok !== true || !Array.isArray(v.reviews)) return null;
  return { summary: (v.summary as RatingSummary | null) ?? null, reviews: v.reviews as PublicReview[] };
}
