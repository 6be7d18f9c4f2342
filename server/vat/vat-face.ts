/** What the VAT feature offers the features that need it (its face, decorated as `vat`; index.ts names it). */
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { SoldLineNet } from '../../domain/numbers/margins';
import type { DistanceSales } from '../../domain/vat/threshold';
import type { VatBreakdown } from '../../domain/vat/vat-breakdown';
import type { VatSettings } from '../../domain/vat/vat-settings';
import type { Database } from '../db/schema';
import type { FlaggedOrder } from './destination-vat-due';
import type { OrderVatRecord } from './order-vat-store';
import type { RefundRecord, SaleRecord, VatStore } from './vat-store';
import type { ViesAnswer } from './vies-client';

export interface VatFace {
  readonly store: VatStore;
  /** The owner's VAT mode now (the settings cache: no query). */
  settings(): Promise<VatSettings>;
  /**
   * The VAT inside a priced order under the settings now, on the Irish day of `at` (the date of supply):
   * `lines` are the pieces, the shipping and the gift wrap, each its price with VAT in cents. Throws
   * NoSaleToGbError for Great Britain while the owner does not sell there (refusesDestination first).
   * With the payment's transaction (the VAT as settled), a consumer's distance sale in mode 'ireland'
   * that takes the year past the €10,000 threshold, and every one after, carries the destination's VAT
   * (art. 59c), counted from the invoices in that transaction.
   */
  breakdown(input: {
    readonly country: string;
    readonly business: { readonly country: string } | null;
    readonly at: Date;
    readonly lines: readonly { readonly gross: number }[];
    readonly trx?: Transaction<Database>;
  }): Promise<VatBreakdown>;
  /** VIES on a business buyer's number, the owner's number as requester; never throws. */
  checkBusiness(vatNumber: string): Promise<ViesAnswer>;
  /**
   * In the payment's transaction: the invoice of a paid order, its number; null when the order carries
   * no VAT invoice (not registered). The seller's snapshot is the settings now. Idempotent per order.
   */
  recordSale(trx: Transaction<Database>, sale: SaleRecord): Promise<string | null>;
  /**
   * In the refund's transaction: the credit note of a refund, its number; null when the order has no
   * invoice. Idempotent per refund id; refuses more than the invoice charged (RefundTooLargeError).
   */
  recordRefund(trx: Transaction<Database>, refund: RefundRecord): Promise<string | null>;
  /** In the transaction that stores an order: its VAT as the checkout priced it. */
  recordOrderVat(trx: Transaction<Database>, record: OrderVatRecord): Promise<void>;
  /** The same as a statement in `db`'s dialect, written with the order's own rows (one atomic write). */
  orderVatInsert(db: Kysely<Database>, record: OrderVatRecord): CompiledQuery;
  /** At payment, in its transaction: the order's VAT on the day of supply to the address it goes to. */
  settleOrderVat(trx: Transaction<Database>, record: OrderVatRecord): Promise<void>;
  /** An order's VAT; null for an order priced before the VAT rules (`trx`: inside a transaction). */
  orderVat(orderId: string, trx?: Transaction<Database>): Promise<OrderVatRecord | null>;
  /** EU cross-border sales to consumers, this calendar year and last (net, credit notes netted). */
  distanceSales(now?: Date): Promise<DistanceSales>;
  /** The moment of this year's sale that took the distance sales past the threshold; null: none. */
  crossedAt(now?: Date): Promise<string | null>;
  /**
   * Numbers' margins (docs/product/materials.md §23.5): per order id, each piece line's stored net after its
   * discount share and the net its credit notes gave back on it; orders without stored lines left out.
   */
  pieceNets(
    orders: readonly { readonly id: string; readonly reference: string | null }[],
  ): Promise<Map<string, SoldLineNet[]>>;
  /** Which of these orders the desk flags "destination VAT due" (§20.4): their references. */
  destinationVatDue(orders: readonly FlaggedOrder[]): Promise<Set<string>>;
}
