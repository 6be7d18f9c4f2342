/**
 * What opens an order's own pages and papers (docs/product/order-flow.md): its reference and the key of the
 * shopper's e-mail, sent in a body, never a URL the server logs. Read by the order page, its invoices and its
 * reviews alike, so it sits below all of them.
 */
import * as z from 'zod/mini';

export const orderPageRequestSchema = z.strictObject({
  reference: z.string().check(z.maxLength(40)),
  key: z.string().check(z.maxLength(100)),
});
export type OrderPageRequest = z.infer<typeof orderPageRequestSchema>;
