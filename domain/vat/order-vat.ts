/**
 * An order's VAT as the shop answers it (docs/product/vat.md §20): the confirm answer, the desk's order and
 * the shopper's order page carry this shape. Rates in basis points, amounts in cents.
 */
import * as z from 'zod/mini';
import { VAT_SCHEMES } from './vat-breakdown';

/** An order's VAT as the confirm answer and the desk carry it (rates in basis points, amounts in cents). */
export const orderVatSchema = z.object({
  country: z.string(),
  lines: z.array(z.object({ rate: z.number(), net: z.number(), vat: z.number() })),
  totalNet: z.number(),
  totalVat: z.number(),
  scheme: z.enum(VAT_SCHEMES),
  invoiceNumber: z.optional(z.string()),
  viesConsultation: z.optional(z.string()),
  /** VIES did not answer for a business buyer: VAT was charged, to refund once VIES confirms the number. */
  vatToRefund: z.optional(z.boolean()),
  /**
   * The desk's flag (docs/product/vat.md §20.4): sold at the Irish rate to a consumer in another member state
   * while the year's distance sales were above the threshold; the destination's VAT is due.
   */
  destinationVatDue: z.optional(z.boolean()),
  /**
   * The desk's: the order's credit notes, oldest first, each with why it was issued (null: issued before
   * the reason was kept) and the amount it credits, VAT included (its PDF is the owner's
   * `/api/admin/orders/{ref}/credit-notes/{number}.pdf`).
   */
  creditNotes: z.optional(
    z.array(
      z.object({
        number: z.string(),
        issuedAt: z.string(),
        reason: z.nullable(z.string()),
        total: z.number(),
      }),
    ),
  ),
});

/** The owner's download of a credit note's PDF. */
export function adminCreditNoteUrl(reference: string, number: string): string {
  return `/api/admin/orders/${encodeURIComponent(reference)}/credit-notes/${encodeURIComponent(number)}.pdf`;
}

export type OrderVatAnswer = z.infer<typeof orderVatSchema>;
