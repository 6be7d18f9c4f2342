/**
 * The shopper's invoice and credit notes on her order page (docs/product/vat.md §20.6): asked with the
 * order's reference and key in the body (never in a URL the server logs), answered with their numbers and
 * the PDFs' links, which carry the key as the confirmation e-mail's link does.
 */
import * as z from 'zod/mini';
import { orderPageRequestSchema } from '../shared/order-key';

export const ORDER_INVOICES_API = '/api/order-page/invoices';

export const orderInvoicesRequestSchema = orderPageRequestSchema;

const documentSchema = z.object({ number: z.string(), url: z.string() });
export type OrderDocument = z.infer<typeof documentSchema>;

export const orderInvoicesAnswerSchema = z.object({
  ok: z.literal(true),
  /** Null: the order has no invoice (not registered for VAT when it was paid, or not paid). */
  invoice: z.nullable(documentSchema),
  /** One per refund of an invoiced order, oldest first. */
  creditNotes: z.array(documentSchema),
});
export type OrderInvoicesAnswer = z.infer<typeof orderInvoicesAnswerSchema>;

/** The shopper's links to an order's PDFs (the key in the query, as in her e-mail). */
export function shopperInvoiceUrl(reference: string, key: string): string {
  return `/api/orders/${encodeURIComponent(reference)}/invoice.pdf?key=${encodeURIComponent(key)}`;
}

export function shopperCreditNoteUrl(reference: string, number: string, key: string): string {
  return `/api/orders/${encodeURIComponent(reference)}/credit-notes/${encodeURIComponent(number)}.pdf?key=${encodeURIComponent(key)}`;
}
