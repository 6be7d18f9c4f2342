/**
 * The VAT feature's public face (docs/architecture.md, docs/product/vat.md §20): what the checkout calls to
 * price an order's VAT, check a business buyer, and issue the invoice and credit notes inside its own
 * transactions; what Numbers reads of the distance sales.
 */
import type { VatFace } from './vat-face';

export {
  CARDS_ALONE_VAT_PLAN,
  type CheckoutVatFace,
  type CheckoutVatPlan,
  planCheckoutVat,
  priceOrderVat,
  type VatDestination,
  vatAtPayment,
  vatLineRecords,
} from './checkout-vat';
export type { OrderVatLineRecord, OrderVatRecord } from './order-vat-store';
export { orderVatAnswer } from './order-vat-store';
export type { VatFace } from './vat-face';
export { vatStep } from './vat-step';
export type { PartySnapshot, RefundRecord, SaleRecord, StoredInvoice } from './vat-store';
export { anonymiseInvoicesOf, deleteVatRecordsIssuedBefore, ERASED_CUSTOMER } from './vat-store';
export type { ViesAnswer } from './vies-client';

declare module 'fastify' {
  interface FastifyInstance {
    vat: VatFace;
  }
}
