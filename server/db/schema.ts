/**
 * Table types for Kysely. They mirror the migrations in ./migrations.ts (Kysely's own migration tables
 * are not listed); a column added there is added here too. Money columns are integer cents; `*_at`
 * columns are ISO-8601 UTC text for people reading the database, `*_ms` columns are epoch milliseconds
 * for the outbox's scheduling arithmetic.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export type StoredOrderStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface OrdersTable {
  id: string;
  provider: string;
  /** Null until the payment provider has created the hosted session. */
  session_id: string | null;
  /** What the shopper and the owner call the order (see orderReference); set with session_id. */
  reference: string | null;
  status: StoredOrderStatus;
  email: string;
  zone: string;
  currency: string;
  subtotal: number;
  shipping: number;
  gift_wrap: number;
  total: number;
  item_count: number;
  shipping_name: string | null;
  /** JSON of ShippingAddress (see payments/provider.ts). */
  shipping_address: string | null;
  /** Why an order never reached the shopper's checkout or why its payment failed. */
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** When the reconcile pass last asked the provider about this pending order (see ops/reconcile.ts). */
  checked_at: string | null;
  /** The dispatch date computed at payment ('YYYY-MM-DD', Irish calendar); null until paid. */
  dispatch_date: string | null;
}

export interface OrderLinesTable {
  order_id: string;
  position: number;
  product_id: string;
  name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  order_id: string;
  /** The order's reference, copied when queued (file names and log lines of the sender). */
  reference: string;
  kind: string;
  /** Fixed when queued, so a resend after a crash carries the same Message-ID (receivers de-duplicate). */
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_ms: number;
  /** A sender holds a message until this time; another process must not take it before. */
  locked_until_ms: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NewsletterSignupsTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: the de-duplication key. */
  email_key: string;
  source: string;
  created_at: string;
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

export interface Database {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  outbox: OutboxTable;
  newsletter_signups: NewsletterSignupsTable;
  test_checkout_sessions: TestCheckoutSessionsTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type TestCheckoutSessionRow = Selectable<TestCheckoutSessionsTable>;
