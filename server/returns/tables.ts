/**
 * The returns feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Generated } from 'kysely';

declare module '../db/schema' {
  interface Database {
    order_returns: OrderReturnsTable;
  }
}

/** A return of a delivered order (docs/product/orders.md §10.18; server/returns/return-store.ts). */
export interface OrderReturnsTable {
  id: Generated<number>;
  order_id: string;
  status: 'requested' | 'received' | 'refunded' | 'closed';
  /** JSON of ReturnLine[] (domain/orders/return-info.ts): the lines and quantities as sold. */
  lines: string;
  reason: string;
  override_note: string | null;
  close_reason: string | null;
  /** Cents refunded for this return. */
  refunded: Generated<number>;
  /** 1 when the order's shipping was part of its refund. */
  shipping_refunded: Generated<number>;
  source: 'owner' | 'withdrawal';
  /** The desk submission's Idempotency-Key that opened it (unique per order). */
  request_key: string | null;
  created_at: string;
  received_at: string | null;
  /** When it was refunded or closed. */
  ended_at: string | null;
  updated_at: string;
}
