/**
 * The offers feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Generated } from 'kysely';

declare module '../db/schema' {
  interface Database {
    discount_codes: DiscountCodesTable;
    discount_reservations: DiscountReservationsTable;
  }
}

/** A discount code the owner made in the desk (server/offers/discount-store.ts). */
export interface DiscountCodesTable {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  min_subtotal: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  once_per_email: Generated<number>;
  active: Generated<number>;
  reservations: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ReservationState = 'reserved' | 'used' | 'released';

/** One use of a code held by one checkout (docs/decisions/0016-discount-reservations.md). */
export interface DiscountReservationsTable {
  order_id: string;
  code: string;
  session_id: string | null;
  email_hash: string;
  state: ReservationState;
  expires_at: string;
  created_at: string;
  updated_at: string;
}
