/**
 * The reviews feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

import type { Generated } from 'kysely';
import type { ReviewStatus } from '../../domain/reviews/reviews';

declare module '../db/schema' {
  interface Database {
    reviews: ReviewsTable;
    review_requests: ReviewRequestsTable;
    review_opt_outs: ReviewOptOutsTable;
    reviews_version: ReviewsVersionTable;
  }
}

/** A buyer's review of one product of one order (server/reviews/review-store.ts). */
export interface ReviewsTable {
  id: string;
  /** Null once the reviewer's data was erased. */
  order_id: string | null;
  /** The order's reference (the desk's list); null once erased. */
  reference: string | null;
  product_id: string;
  line_position: number;
  size: string | null;
  rating: number;
  title: string | null;
  text: string;
  /** Null once erased. */
  display_name: string | null;
  status: ReviewStatus;
  /** The owner's private reason (hiding). */
  reason: string | null;
  /** The shop's public reply. */
  reply: string | null;
  /** 1: quoted on the home page. */
  featured: Generated<number>;
  /** 'YYYY-MM' of the payment. */
  purchased_month: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** The review request e-mail of an order: one row, so one e-mail. */
export interface ReviewRequestsTable {
  order_id: string;
  queued_at: string;
  /** The "no more review requests" link's secret; null once erased. */
  token: string | null;
  /** sha256 of the recipient's lower-cased address; null once erased. */
  email_hash: string | null;
}

/** Addresses (hashed) that asked for no more review requests. */
export interface ReviewOptOutsTable {
  email_hash: string;
  created_at: string;
}

export interface ReviewsVersionTable {
  id: number;
  version: number;
}
