/**
 * The reviews API's request and answer schemas (docs/product/settled-choices.md §8.13), shared by the server, the order
 * page and the desk; the rule, the limits and the helpers are in ./reviews.ts (no zod: the cards load it).
 * zod/mini keeps the browser's chunks small; request bodies are strict.
 */
import * as z from 'zod/mini';
import { freeText, singleLine } from '../shared/input-text-checks';
import { REVIEW_MESSAGES } from './review-texts';
import { REVIEW_LIMITS, REVIEW_STATUSES, textLength } from './reviews';

const rating = z
  .number({ error: REVIEW_MESSAGES.rating })
  .check(
    z.int({ error: REVIEW_MESSAGES.rating }),
    z.gte(REVIEW_LIMITS.ratingMin, { error: REVIEW_MESSAGES.rating }),
    z.lte(REVIEW_LIMITS.ratingMax, { error: REVIEW_MESSAGES.rating }),
  );

const reviewText = z.string({ error: REVIEW_MESSAGES.text }).check(
  z.refine((t) => textLength(t) >= REVIEW_LIMITS.textMin && textLength(t) <= REVIEW_LIMITS.textMax, {
    error: REVIEW_MESSAGES.text,
  }),
  freeText(),
);

export const reviewInputSchema = z.strictObject({
  productId: z
    .string({ error: REVIEW_MESSAGES.productId })
    .check(
      z.minLength(1, { error: REVIEW_MESSAGES.productId }),
      z.maxLength(40, { error: REVIEW_MESSAGES.productId }),
    ),
  rating,
  title: z.optional(
    z.string({ error: REVIEW_MESSAGES.title }).check(
      z.refine((t) => textLength(t) <= REVIEW_LIMITS.titleMax, { error: REVIEW_MESSAGES.title }),
      singleLine(),
    ),
  ),
  text: reviewText,
  displayName: z.optional(
    z.string({ error: REVIEW_MESSAGES.displayName }).check(
      z.refine((t) => textLength(t) <= REVIEW_LIMITS.displayNameMax, { error: REVIEW_MESSAGES.displayName }),
      singleLine(),
    ),
  ),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewRequestSchema = z.strictObject({
  key: z.string().check(z.maxLength(100)),
  reviews: z.array(reviewInputSchema).check(z.minLength(1), z.maxLength(REVIEW_LIMITS.perRequest)),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** The answer to a buyer's reviews: what was stored, each pending until the owner decides. */
export const reviewReceiptsResponseSchema = z.object({
  ok: z.literal(true),
  reviews: z.array(z.object({ id: z.string(), productId: z.string(), status: z.enum(REVIEW_STATUSES) })),
});

/** The buyer's own review as their order page shows it (to edit it). */
export const ownReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number(),
  title: z.nullable(z.string()),
  text: z.string(),
  displayName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  /** Until this instant the buyer may change it. */
  editableUntil: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** The order page's reviews block: what may be reviewed, and what already was. */
export const orderReviewsSchema = z.object({
  /** The order counts as delivered (or its review request was sent): reviews are open. */
  open: z.boolean(),
  /** The name shown by default (first name and initial of the delivery name). */
  defaultDisplayName: z.string(),
  products: z.array(z.object({ productId: z.string(), name: z.string() })),
  reviews: z.array(ownReviewSchema),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;
export const orderReviewsResponseSchema = z.object({ ok: z.literal(true), reviews: orderReviewsSchema });

export const adminReviewsQuerySchema = z.strictObject({
  status: z.optional(z.enum(REVIEW_STATUSES, { error: 'status must be pending, published or hidden' })),
});

export const adminReviewActionSchema = z.strictObject({
  status: z.enum(['published', 'hidden'], { error: 'status must be published or hidden' }),
  reason: z.optional(
    z
      .string({ error: REVIEW_MESSAGES.reason })
      .check(z.maxLength(REVIEW_LIMITS.reasonMax, { error: REVIEW_MESSAGES.reason }), singleLine()),
  ),
  reply: z.optional(
    z
      .string({ error: REVIEW_MESSAGES.reply })
      .check(z.maxLength(REVIEW_LIMITS.replyMax, { error: REVIEW_MESSAGES.reply }), freeText()),
  ),
  /** Quote it on the home page (published reviews only). */
  featured: z.optional(z.boolean({ error: 'featured must be true or false' })),
});
export type AdminReviewAction = z.infer<typeof adminReviewActionSchema>;

export const adminReviewSchema = z.object({
  id: z.string(),
  /** Null once the reviewer's data was erased (the link to the order is gone). */
  reference: z.nullable(z.string()),
  productId: z.string(),
  /** The product's name today; null once it left the catalogue. */
  productName: z.nullable(z.string()),
  rating: z.number(),
  title: z.nullable(z.string()),
  text: z.string(),
  displayName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reason: z.nullable(z.string()),
  reply: z.nullable(z.string()),
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.nullable(z.string()),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsResponseSchema = z.object({
  ok: z.literal(true),
  reviews: z.array(adminReviewSchema),
  pending: z.number(),
});
export const adminReviewActionResponseSchema = z.object({ ok: z.literal(true), review: adminReviewSchema });
export const pendingCountResponseSchema = z.object({ ok: z.literal(true), pending: z.number() });

// The storefront's answers (plain shapes: what is published goes out as it is). The storefront checks them
// by hand (./reviews.ts has no zod); the server writes them with these.

const ratingSummarySchema = z.object({ average: z.number(), count: z.number() });

const publicReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number(),
  title: z.nullable(z.string()),
  text: z.string(),
  displayName: z.nullable(z.string()),
  purchasedMonth: z.string(),
  publishedAt: z.string(),
  reply: z.nullable(z.string()),
});

/** GET /api/products/{id}/reviews: the product's summary and published reviews, newest first. */
export const productReviewsResponseSchema = z.object({
  ok: z.literal(true),
  productId: z.string(),
  summary: z.nullable(ratingSummarySchema),
  reviews: z.readonly(z.array(publicReviewSchema)),
});

/** GET /api/reviews/summary: every reviewed product's summary and the home page's quotes. */
export const reviewSummariesResponseSchema = z.object({
  ok: z.literal(true),
  version: z.number(),
  summaries: z.record(z.string(), ratingSummarySchema),
  testimonials: z.readonly(
    z.array(
      z.object({
        id: z.string(),
        productId: z.string(),
        rating: z.number(),
        text: z.string(),
        displayName: z.nullable(z.string()),
      }),
    ),
  ),
});
