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
});

export type OrderVatAnswer = z.infer<typeof orderVatSchema>;
