/**
 * The order page's side of the reviews API (domain/reviews/reviews.ts, server/reviews/review-routes.ts). The order key
 * travels in the body, never in a URL.
 */
import { ORDER_NOT_FOUND } from '../../../../domain/orders/order-page';
import {
  type OrderReviews,
  orderReviewsSchema,
  type ReviewInput,
} from '../../../../domain/reviews/review-schemas';
import { REVIEW_API, type ReviewReceipt } from '../../../../domain/reviews/reviews';
import { errorText, NETWORK_ERROR, post } from '../orders';

export async function fetchOrderReviews(reference: string, key: string): Promise<OrderReviews | null> {
  const answer = await post(REVIEW_API.orderReviewsView, { reference, key });
  if (answer?.status !== 200) return null;
  const json = answer.json as { ok?: unknown; reviews?: unknown };
  const parsed = orderReviewsSchema.safeParse(json.reviews);
  return json.ok === true && parsed.success ? parsed.data : null;
}

export type SendResult =
  | { readonly ok: true; readonly reviews: readonly ReviewReceipt[] }
  | { readonly ok: false; readonly message: string };

export async function sendReview(reference: string, key: string, review: ReviewInput): Promise<SendResult> {
  const answer = await post(REVIEW_API.orderReviews(reference), { key, reviews: [review] });
  if (!answer) return { ok: false, message: NETWORK_ERROR };
  if (answer.status === 200 || answer.status === 201) {
    const reviews = (answer.json as { reviews?: ReviewReceipt[] }).reviews ?? [];
    return { ok: true, reviews };
  }
  if (answer.status === 404) return { ok: false, message: ORDER_NOT_FOUND };
  if (answer.status === 429)
    return { ok: false, message: 'Too many requests. Please wait a minute and try again.' };
  return { ok: false, message: errorText(answer.json, 'Something went wrong. Please try again.') };
}
