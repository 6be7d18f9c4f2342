/**
 * The gift-cards feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

import type { Generated } from 'kysely';
import type { GiftCardLedgerKind } from '../../domain/gift-cards/gift-cards';

declare module '../db/schema' {
  interface Database {
    gift_cards: GiftCardsTable;
    gift_card_ledger: GiftCardLedgerTable;
    gift_card_reservations: GiftCardReservationsTable;
    order_gift_cards: OrderGiftCardsTable;
  }
}

/** A gift card (server/gift-cards/gift-card-store.ts, docs/product/gift-cards.md §19). */
export interface GiftCardsTable {
  id: string;
  /** SHA-256 (hex) of the normal code: the code itself is never stored once its e-mail is queued. */
  code_hash: string;
  last4: string;
  /** Cents. */
  amount: number;
  /** Cents: the ledger's sum, never below zero. */
  balance: number;
  buyer_name: string;
  buyer_email: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  /** Irish calendar day (YYYY-MM-DD). */
  send_on: string;
  /** The code, only while the recipient's e-mail waits for its day. */
  pending_code: string | null;
  sent_at: string | null;
  mail_id: number | null;
  order_reference: string | null;
  /** 1: issued by the owner without payment. */
  free: Generated<number>;
  disabled_at: string | null;
  replaced_by: string | null;
  /** The refund that issued the card as its gift-card part (null: sold, issued free or reissued). */
  refund_id: Generated<string | null>;
  /** Irish calendar day, the last the card is valid. */
  expires_on: string;
  issued_at: string;
}

/** One movement of a gift card's balance. */
export interface GiftCardLedgerTable {
  id: Generated<number>;
  card_id: string;
  kind: GiftCardLedgerKind;
  /** Signed cents. */
  amount: number;
  reference: string | null;
  person: string | null;
  reason: string | null;
  at: string;
}

/** Part of a card's balance held by one checkout session. */
export interface GiftCardReservationsTable {
  session_id: string;
  card_id: string;
  /** The card's place in the checkout's list. */
  position: number;
  amount: number;
  state: 'reserved' | 'released' | 'spent';
  order_reference: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/** A gift card a pending order buys, until it is paid (order-gift-card-store.ts). */
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
