/**
 * The desk's Reviews section (docs/product/settled-choices.md §8.13): newest first, filtered by status; publish, hide with
 * a private reason (the rule next to the button), a public reply, and the pick of quotes for the home
 * page. Reviews' text is shown as text, exactly as the buyer typed it.
 */
import { type FormEvent, useId, useState } from 'react';
import type { AdminReview } from '../../../../domain/reviews/review-schemas';
import { HIDE_RULE } from '../../../../domain/reviews/review-texts';
import {
  HOW_REVIEWS_WORK,
  REVIEW_LIMITS,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '../../../../domain/reviews/reviews';
import { formatIrishDate } from '../../../../domain/shared/calendar-date';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, LoadedList, PageHeading, StatusFilter } from '../ui/desk-ui';
import { reviewsApi } from './reviews-api';

const FILTER_LABELS: Record<ReviewStatus | 'all', string> = {
  all: 'All',
  pending: 'New',
  published: 'Published',
  hidden: 'Hidden',
};

export function ReviewsPage({ status }: { readonly status: ReviewStatus | null }) {
  const [loaded, , replaceAll] = useDeskData(status ?? 'all', () => reviewsApi.list(status));
  const replace = (next: AdminReview) => {
    if (loaded.state !== 'ready') return;
    replaceAll({ ...loaded.data, reviews: loaded.data.reviews.map((r) => (r.id === next.id ? next : r)) });
  };

  return (
    <div>
      <PageHeading>Reviews</PageHeading>
      <p className="mt-1 text-sm text-muted">
        New reviews first. Publish every review unless it breaks the rule shoppers read in{' '}
        <a
          href={`/${HOW_REVIEWS_WORK.path.replace(/^\//, '#/')}`}
          className="text-wine underline"
          target="_blank"
          rel="noreferrer"
        >
          {HOW_REVIEWS_WORK.label}
        </a>
        .
      </p>
      <StatusFilter
        links={(['all', ...REVIEW_STATUSES] as const).map((s) => ({
          key: s,
          label: FILTER_LABELS[s],
          href: s === 'all' ? '#/reviews' : `#/reviews?status=${s}`,
          current: (status ?? 'all') === s,
        }))}
      />
      <LoadedList
        loaded={loaded}
        loading="Loading reviews…"
        empty="No reviews here."
        isEmpty={(data) => data.reviews.length === 0}
      >
        {(data) => (
          <ul className="mt-6 space-y-4">
            {data.reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r} onChange={replace} />
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </div>
  );
}

function ReviewCard({
  review,
  onChange,
}: {
  readonly review: AdminReview;
  readonly onChange: (r: AdminReview) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState(review.reason ?? '');
  const [reply, setReply] = useState(review.reply ?? '');
  const { run, busy, error } = useDeskAction(
    async (submission: string, status: 'published' | 'hidden', featured?: boolean) => {
      const next = await reviewsApi.decide(
        review.id,
        {
          status,
          ...(status === 'hidden' ? { reason } : {}),
          reply,
          ...(featured !== undefined ? { featured } : {}),
        },
        submission,
      );
      onChange(next);
    },
  );
  const act = (status: 'published' | 'hidden', extra: { featured?: boolean } = {}) =>
    run(status, extra.featured);
  const saveReply = (event: FormEvent) => {
    event.preventDefault();
    void act(review.status === 'hidden' ? 'hidden' : 'published');
  };

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 id={`${id}-title`} className="font-serif text-lg">
        {review.rating} of 5 stars · {review.productName ?? `product ${review.productId}`}
        {review.title ? ` · ${review.title}` : ''}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {review.displayName} · {review.reference ?? 'order link erased'} ·{' '}
        {formatIrishDate(new Date(review.createdAt))} · <strong>{FILTER_LABELS[review.status]}</strong>
        {review.featured ? ' · quoted on the home page' : ''}
      </p>
      <p className="mt-3 whitespace-pre-line break-words">{review.text}</p>
      <form className="mt-4 space-y-3" onSubmit={saveReply}>
        <div>
          <label htmlFor={`${id}-reply`} className="text-sm font-medium">
            Public reply from the shop (optional)
          </label>
          <textarea
            id={`${id}-reply`}
            className={`${inputClass} py-2`}
            rows={2}
            maxLength={REVIEW_LIMITS.replyMax}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            Private reason for hiding (never shown)
          </label>
          <input
            id={`${id}-reason`}
            className={inputClass}
            maxLength={REVIEW_LIMITS.reasonMax}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <p id={`${id}-rule`} className="text-sm text-muted">
          {HIDE_RULE}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy}
            onClick={() => void act('published')}
          >
            {review.status === 'published' ? 'Save reply' : 'Publish'}
          </button>
          <button
            type="button"
            className={buttonClass.danger}
            disabled={busy}
            aria-describedby={`${id}-rule`}
            onClick={() => void act('hidden')}
          >
            Hide
          </button>
          {review.status === 'published' ? (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={busy}
              aria-pressed={review.featured}
              onClick={() => void act('published', { featured: !review.featured })}
            >
              Quote on the home page
            </button>
          ) : null}
        </div>
        {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      </form>
    </article>
  );
}
