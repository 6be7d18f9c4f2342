/**
 * Reviews from buyers (docs/product/settled-choices.md §8.13): the rule the shop publishes, the API contract shared by the
 * browser, the server and the desk, and the small pure helpers both sides need (the default display name,
 * the average). Every review belongs to one line of one delivered order; nobody else can write one.
 * No zod here: the storefront's cards import this module; the request schemas are in ./review-schemas.ts.
 */

export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  titleMax: 80,
  textMin: 10,
  textMax: 2000,
  displayNameMax: 40,
  /** A buyer may change their review this long after first sending it. */
  editDays: 30,
  /** Reviews per order in one request (an order has at most this many lines). */
  perRequest: 50,
  /** The owner's private reason and public reply. */
  reasonMax: 500,
  replyMax: 2000,
  /** The product page shows this many at a time ("More reviews"). */
  pageSize: 5,
} as const;

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

import { ANONYMOUS_NAME } from './review-links';

export { ANONYMOUS_NAME, HOW_REVIEWS_WORK } from './review-links';

/** Length in characters as a person counts them (code points), after trimming. */
export function textLength(text: string): number {
  return [...text.trim()].length;
}

/** `POST /api/orders/{reference}/reviews`: what was stored, each pending until the owner decides. */
export interface ReviewReceipt {
  readonly id: string;
  readonly productId: string;
  readonly status: ReviewStatus;
}

/** What shoppers see of a published review: no personal data beyond the display name and the month. */
export interface PublicReview {
  readonly id: string;
  readonly productId: string;
  readonly rating: number;
  readonly title: string | null;
  readonly text: string;
  /** Null once the reviewer's data was erased: shown as "A verified buyer". */
  readonly displayName: string | null;
  /** 'YYYY-MM', the month of purchase ("Verified buyer, bought in March 2026"). */
  readonly purchasedMonth: string;
  readonly publishedAt: string;
  readonly reply: string | null;
}

export interface RatingSummary {
  /** Rounded to one decimal. */
  readonly average: number;
  readonly count: number;
}

export interface ProductReviews {
  readonly summary: RatingSummary | null;
  /** Newest first. */
  readonly reviews: readonly PublicReview[];
}

/** The home page's quotes: published reviews the owner picked. */
export interface Testimonial {
  readonly id: string;
  readonly productId: string;
  readonly rating: number;
  readonly text: string;
  readonly displayName: string | null;
}

/** Everything the storefront shows of reviews: what a ReviewsSource hands the page renderer. */
export interface ReviewsSnapshot {
  /** Changes whenever a review is published, hidden, edited while published, picked or erased. */
  readonly version: number;
  /** Published reviews per product id, newest first (products without any are absent). */
  readonly byProduct: Readonly<Record<string, ProductReviews>>;
  readonly testimonials: readonly Testimonial[];
}

export const EMPTY_REVIEWS: ReviewsSnapshot = { version: 0, byProduct: {}, testimonials: [] };

export function summarise(ratings: readonly number[]): RatingSummary | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}

/** 'Gráinne Whitlock' -> 'Gráinne W.'; one word stays as it is; nothing -> 'A verified buyer'. */
export function defaultDisplayName(deliveryName: string | null): string {
  const words = (deliveryName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return ANONYMOUS_NAME;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? [...last][0]?.toLocaleUpperCase('en-IE') : undefined;
  return initial ? `${first} ${initial}.` : first;
}

/** 'YYYY-MM' -> 'March 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-IE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

// ------------------------------------------------------------------ the desk

export const REVIEW_API = {
  orderReviews: (reference: string) => `/api/orders/${encodeURIComponent(reference)}/reviews`,
  orderReviewsView: '/api/order-page/reviews',
  product: (productId: string) => `/api/products/${encodeURIComponent(productId)}/reviews`,
  summaries: '/api/reviews/summary',
  admin: '/api/admin/reviews',
  adminOne: (id: string) => `/api/admin/reviews/${encodeURIComponent(id)}`,
  stopRequests: '/review-requests/stop',
} as const;
