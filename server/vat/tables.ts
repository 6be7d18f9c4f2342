/**
 * The vat feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Generated } from 'kysely';

declare module '../db/schema' {
  interface Database {
    vat_sequences: VatSequencesTable;
    vat_invoices: VatInvoicesTable;
    vat_credit_notes: VatCreditNotesTable;
    order_vat: OrderVatTable;
  }
}

/** One gapless numbering per kind and year (server/vat/vat-store.ts): the last number given. */
export interface VatSequencesTable {
  kind: 'invoice' | 'credit_note' | 'threshold_notice';
  year: number;
  last: number;
}

/** An invoice issued at payment (server/vat/vat-store.ts); JSON: its lines, seller and buyer snapshots. */
export interface VatInvoicesTable {
  number: string;
  order_reference: string;
  issued_at: string;
  country: string;
  scheme: string;
  total_net: number;
  total_vat: number;
  lines: string;
  seller: string;
  buyer: string;
  buyer_vat_number: string | null;
  vies_consultation: string | null;
  erased_at: string | null;
}

/** An order's VAT as its checkout priced it (server/vat/order-vat-store.ts); `lines`: JSON. */
export interface OrderVatTable {
  order_id: string;
  country: string;
  scheme: string;
  total_net: number;
  total_vat: number;
  lines: string;
  business_name: string | null;
  business_vat_number: string | null;
  vies_consultation: string | null;
  /** 1: VIES did not answer for a business buyer; VAT charged, to refund once it confirms. */
  vat_to_refund: Generated<number>;
}

/** A credit note issued at a refund, naming the invoice it corrects (server/vat/vat-store.ts). */
export interface VatCreditNotesTable {
  number: string;
  invoice_number: string;
  order_reference: string;
  refund_id: string;
  issued_at: string;
  total_net: number;
  total_vat: number;
  lines: string;
  /** Why it was issued (0045); null on notes issued before. */
  reason: string | null;
}
