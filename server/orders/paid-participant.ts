/**
 * A feature's part in every payment (checkout's mark-paid.ts runs them): the shapes only, here under the
 * checkout and the features that join it (VAT, gift cards), so each declares its part without importing
 * the checkout.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { BoughtLine, OrderMailVat } from './order-mail';
import type { StoredOrder } from './order-store';

/**
 * A feature's part in every payment, run inside the payment's transaction by the winning call only (a
 * gift card issued or its reserved balance spent, the VAT lines and the invoice number recorded). What it
 * throws rolls the payment back: the order stays unpaid and the next confirmation tries again.
 */
export interface PaidParticipant {
  /** For the error a failure is reported with. */
  readonly name: string;
  /**
   * May answer lines for the shopper's confirmation e-mail (a gift card bought, by its last 4 only), and
   * may hand the e-mails a part through `mail` (the VAT invoice it issued).
   */
  readonly onPaid: (
    trx: Transaction<Database>,
    order: StoredOrder,
    mail: PaidMail,
  ) => Promise<PaidNote | undefined>;
}

/** What a participant adds to the payment's e-mails. */
export interface PaidNote {
  /** Under the confirmation's totals: how it was paid (each gift card's part, then the card's). */
  readonly receiptLines?: readonly string[];
  /** Among the order's lines, above the totals that count them: what it bought beside them (a gift card). */
  readonly boughtLines?: readonly BoughtLine[];
  /** Lines the owner's notification puts first (what the order still owes). */
  readonly ownerLines?: readonly string[];
}

/** What a participant adds to the payment's e-mails: the VAT invoice it issued (the confirmation links it). */
export interface PaidMail {
  invoiceNumber: string | null;
  /** The VAT as settled at payment; null: the e-mails state the seller's one rate. */
  vat: OrderMailVat | null;
  /** The company a business buyer named (no consumer's right to cancel in its confirmation); none: a consumer. */
  businessName?: string | null;
}

/**
 * Every paid order has a reference: a checkout's comes with its session (OrderStore.attachSession), an
 * order the owner marked paid is stored with one. So this never throws in practice.
 */
export function referenceOf(order: StoredOrder): string {
  if (order.reference === null) throw new Error(`Order ${order.id} has no payment session, so no reference`);
  return order.reference;
}
