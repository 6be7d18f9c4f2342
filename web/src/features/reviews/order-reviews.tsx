/**
 * The order page's reviews (docs/product/settled-choices.md §8.13): for each product bought, once the order is delivered,
 * a rating from 1 to 5 (five native radios in a fieldset with its legend: Space checks the focused one,
 * the arrow keys move the choice, screen readers announce "3 stars, radio, 3 of 5"), an optional title,
 * the text and the name to show (first name and initial by default). A review can be changed for 30 days.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { OrderReviews, OwnReview } from '../../../../domain/reviews/review-schemas';
import { REVIEW_MESSAGES } from '../../../../domain/reviews/review-texts';
import { REVIEW_LIMITS, textLength } from '../../../../domain/reviews/reviews';
import { formatIrishDate } from '../../../../domain/shared/calendar-date';
import { PRIMARY_BUTTON } from '../checkout';
import { HowReviewsWorkLink } from './how-reviews-work-link';
import { fetchOrderReviews, sendReview } from './reviews-api';

const FIELD =
  'mt-1 block w-full rounded-lg border border-line bg-white px-4 py-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine';

const STATUS_TEXT: Record<OwnReview['status'], string> = {
  pending: 'Received: it appears once we have checked it against the rule, usually within a few days.',
  published: 'Published on the product page.',
  hidden: 'Not published: it broke the rule of how reviews work.',
};

export function OrderReviewsSection({ reference, orderKey }: { reference: string; orderKey: string }) {
  const [data, setData] = useState<OrderReviews | null>(null);
  useEffect(() => {
    let live = true;
    fetchOrderReviews(reference, orderKey).then((d) => {
      if (live) setData(d);
    });
    return () => {
      live = false;
    };
  }, [reference, orderKey]);
  if (!data || data.products.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="mt-10 rounded-xl border border-line p-6">
      <h2 id="reviews-heading" className="text-2xl">
        Review your order
      </h2>
      {data.open ? (
        <>
          <p className="mt-3">
            Tell other shoppers what you think. Every review is published, critical ones like glowing ones,
            unless it is unlawful, abusive or off-topic.
          </p>
          <div className="mt-6 space-y-10">
            {data.products.map((p) => (
              <ProductReviewForm
                key={p.productId}
                reference={reference}
                orderKey={orderKey}
                productId={p.productId}
                productName={p.name}
                defaultName={data.defaultDisplayName}
                existing={data.reviews.find((r) => r.productId === p.productId) ?? null}
              />
            ))}
          </div>
        </>
      ) : (
        <p className="mt-3">{REVIEW_MESSAGES.notDelivered}</p>
      )}
      <p className="mt-4">
        <HowReviewsWorkLink />
      </p>
    </section>
  );
}

function ProductReviewForm({
  reference,
  orderKey,
  productId,
  productName,
  defaultName,
  existing,
}: {
  reference: string;
  orderKey: string;
  productId: string;
  productName: string;
  defaultName: string;
  existing: OwnReview | null;
}) {
  const ids = {
    title: useId(),
    text: useId(),
    name: useId(),
    error: useId(),
    ratingError: useId(),
    textError: useId(),
    legend: useId(),
  };
  const [saved, setSaved] = useState<OwnReview | null>(existing);
  const [editing, setEditing] = useState(existing === null);
  const [sending, setSending] = useState(false);
  // Each field's problem beside it (a shopper fixes them all in one go); `error` is the shop's answer.
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ rating?: string; text?: string }>({});
  const editable = saved === null || Date.parse(saved.editableUntil) > Date.now();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rating = Number(form.get('rating'));
    const title = String(form.get('title') ?? '').trim();
    const text = String(form.get('text') ?? '').trim();
    const displayName = String(form.get('displayName') ?? '').trim();
    const problems: { rating?: string; text?: string } = {};
    if (!(rating >= 1 && rating <= 5)) problems.rating = 'Please choose a rating from 1 to 5 stars.';
    if (textLength(text) < REVIEW_LIMITS.textMin || textLength(text) > REVIEW_LIMITS.textMax)
      problems.text = `Please write ${REVIEW_LIMITS.textMin} to ${REVIEW_LIMITS.textMax} characters.`;
    setFieldErrors(problems);
    setError(null);
    if (problems.rating || problems.text) {
      // Focus goes to the first field to fix, so a keyboard or screen reader user lands on it.
      const first = problems.rating ? 'input[name="rating"]' : 'textarea[name="text"]';
      event.currentTarget.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    setSending(true);
    const result = await sendReview(reference, orderKey, {
      productId,
      rating,
      text,
      ...(title ? { title } : {}),
      ...(displayName ? { displayName } : {}),
    });
    setSending(false);
    if (!result.ok) return setError(result.message);
    const receipt = result.reviews[0];
    const createdAt = saved?.createdAt ?? new Date().toISOString();
    setSaved({
      id: receipt?.id ?? saved?.id ?? '',
      productId,
      rating,
      title: title || null,
      text,
      displayName: displayName || defaultName,
      status: receipt?.status ?? 'pending',
      createdAt,
      editableUntil:
        saved?.editableUntil ??
        new Date(Date.parse(createdAt) + REVIEW_LIMITS.editDays * 86_400_000).toISOString(),
    });
    setEditing(false);
  }

  const headingId = `${ids.legend}-product`;
  return (
    <article aria-labelledby={headingId}>
      <h3 id={headingId} className="text-xl">
        {productName}
      </h3>
      {saved && !editing ? (
        <div role="status" className="mt-2">
          <p className="font-medium">
            {saved.rating} of 5 {saved.rating === 1 ? 'star' : 'stars'}
          </p>
          {saved.title ? <p className="mt-1 font-semibold">{saved.title}</p> : null}
          <p className="mt-1 whitespace-pre-line break-words">{saved.text}</p>
          <p className="mt-1 text-sm text-muted">
            {saved.displayName} · {STATUS_TEXT[saved.status]}
          </p>
          {editable ? (
            <button
              type="button"
              className="mt-3 inline-flex min-h-11 items-center font-medium text-wine underline underline-offset-4"
              onClick={() => setEditing(true)}
            >
              Change my review (until {formatIrishDate(new Date(saved.editableUntil))})
            </button>
          ) : null}
        </div>
      ) : (
        <form className="mt-3 space-y-4" noValidate onSubmit={submit}>
          <fieldset aria-describedby={fieldErrors.rating ? ids.ratingError : undefined}>
            <legend id={ids.legend} className="font-medium">
              Your rating of {productName}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="inline-flex min-h-11 min-w-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 has-[:checked]:border-wine has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-wine"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    defaultChecked={saved?.rating === n}
                    required
                    className="h-6 w-6 accent-wine"
                  />
                  {n} {n === 1 ? 'star' : 'stars'}
                </label>
              ))}
            </div>
            {fieldErrors.rating ? (
              <p id={ids.ratingError} className="mt-2 font-medium text-wine">
                {fieldErrors.rating}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor={ids.title} className="font-medium">
              Title (optional)
            </label>
            <input
              id={ids.title}
              name="title"
              maxLength={REVIEW_LIMITS.titleMax}
              defaultValue={saved?.title ?? ''}
              className={FIELD}
            />
          </div>
          <div>
            <label htmlFor={ids.text} className="font-medium">
              Your review ({REVIEW_LIMITS.textMin} to {REVIEW_LIMITS.textMax} characters)
            </label>
            <textarea
              id={ids.text}
              name="text"
              rows={4}
              required
              minLength={REVIEW_LIMITS.textMin}
              maxLength={REVIEW_LIMITS.textMax}
              defaultValue={saved?.text ?? ''}
              aria-invalid={fieldErrors.text ? true : undefined}
              aria-describedby={fieldErrors.text ? ids.textError : undefined}
              className={FIELD}
            />
            {fieldErrors.text ? (
              <p id={ids.textError} className="mt-1 font-medium text-wine">
                {fieldErrors.text}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={ids.name} className="font-medium">
              Name shown with your review
            </label>
            <input
              id={ids.name}
              name="displayName"
              maxLength={REVIEW_LIMITS.displayNameMax}
              defaultValue={saved?.displayName ?? defaultName}
              className={FIELD}
            />
          </div>
          {error ? (
            <p id={ids.error} role="alert" className="font-medium text-wine">
              {error}
            </p>
          ) : null}
          <button type="submit" className={PRIMARY_BUTTON} disabled={sending}>
            {sending ? 'Sending…' : saved ? 'Update review' : 'Send review'}
          </button>
        </form>
      )}
    </article>
  );
}
