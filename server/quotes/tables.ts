/**
 * The quotes feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Selectable } from 'kysely';

declare module '../db/schema' {
  interface Database {
    quotes: QuotesTable;
    quote_keys: QuoteKeysTable;
  }
}

/** The same for a quote's page: one per quote e-mail (and the desk's answer that made it). */
export interface QuoteKeysTable {
  key_hash: string;
  quote_reference: string;
  created_at: string;
}

/** A quote the client pays by card (server/quotes/quote-store.ts). */
export interface QuotesTable {
  reference: string;
  enquiry_id: string | null;
  /** '' once erased. */
  email: string;
  name: string | null;
  /** JSON of QuoteLine[] (domain/quotes/quotes.ts). */
  lines: string;
  discount_percent: number;
  zone: string;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** 'YYYY-MM-DD', Irish calendar, valid through its end. */
  valid_until: string;
  /** 'YYYY-MM-DD', Irish calendar: the owner's dispatch date for its order (every row has one since 0018). */
  dispatch_by: string | null;
  note: string | null;
  /** The quote's one open or paid checkout. */
  order_id: string | null;
  checkout_url: string | null;
  sent_at: string | null;
  withdrawn_at: string | null;
  /** The desk submission's Idempotency-Key that made it (null: none sent). */
  request_key: string | null;
  created_at: string;
  updated_at: string;
}

export type QuoteRow = Selectable<QuotesTable>;
