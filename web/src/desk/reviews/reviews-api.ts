/** The desk's calls for the Reviews section (docs/product/settled-choices.md §8.13), checked by the shared contract. */
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import {
  type AdminReviewAction,
  adminReviewActionResponseSchema,
  adminReviewsResponseSchema,
  pendingCountResponseSchema,
} from '../../../../domain/reviews/review-schemas';
import { REVIEW_API, type ReviewStatus } from '../../../../domain/reviews/reviews';
import { deskCall } from '../desk-api';

export const reviewsApi = {
  list: (status: ReviewStatus | null) =>
    deskCall(
      'GET',
      status ? `${REVIEW_API.admin}?status=${status}` : REVIEW_API.admin,
      adminReviewsResponseSchema,
    ),
  pendingCount: () =>
    deskCall('GET', `${REVIEW_API.admin}/pending-count`, pendingCountResponseSchema).then((r) => r.pending),
  decide: (id: string, body: AdminReviewAction, submission: string) =>
    deskCall('POST', REVIEW_API.adminOne(id), adminReviewActionResponseSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }).then((r) => r.review),
};
