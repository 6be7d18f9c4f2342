/**
 * The checkout feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Generated } from 'kysely';

declare module '../db/schema' {
  interface Database {
    order_gift_cards: OrderGiftCardsTable;
  }
}

/** A gift card a pending order buys, until it is paid (server/checkout/gift-card-line-store.ts). */
export interface OrderGiftCardsTable {
  order_id: string;
  position: number;
  /** Cents, whole euros from €10 to €500. */
  amount: number;
  recipient_name: string;
  recipient_email: string;
  message: string | null;
  /** 'YYYY-MM-DD', Irish calendar. */
  send_on: string;
  /** The buyer's name as given for an order of gift cards alone; null otherwise (and before 0046). */
  from_name: Generated<string | null>;
}
