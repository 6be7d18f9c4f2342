/**
 * The payments feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Selectable } from 'kysely';

declare module '../db/schema' {
  interface Database {
    test_checkout_sessions: TestCheckoutSessionsTable;
  }
}

/** Sessions of the built-in test checkout: what Stripe would hold on its side. */
export interface TestCheckoutSessionsTable {
  id: string;
  order_id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer_email: string;
  zone: string;
  currency: string;
  amount_total: number;
  /** JSON: the order summary shown on the page (lines, shipping, gift wrap). */
  summary: string;
  success_url: string;
  cancel_url: string;
  shipping_name: string | null;
  shipping_address: string | null;
  /** Declined attempts, for the owner's curiosity and for tests. */
  declines: number;
  created_at: string;
  expires_at_ms: number;
  completed_at: string | null;
}

export type TestCheckoutSessionRow = Selectable<TestCheckoutSessionsTable>;
