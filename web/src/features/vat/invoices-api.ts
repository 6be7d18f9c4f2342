/**
 * The order page's side of the invoices API (domain/vat/order-invoices.ts, server/vat/vat-routes.ts). The
 * order key travels in the body, never in a URL the server logs.
 */
import {
  ORDER_INVOICES_API,
  type OrderInvoicesAnswer,
  orderInvoicesAnswerSchema,
} from '../../../../domain/vat/order-invoices';
import { post } from '../orders';

export type InvoicesResult =
  | { readonly kind: 'ok'; readonly invoices: OrderInvoicesAnswer }
  | { readonly kind: 'error' };

export async function fetchOrderInvoices(reference: string, key: string): Promise<InvoicesResult> {
  const answer = await post(ORDER_INVOICES_API, { reference, key });
  const parsed = orderInvoicesAnswerSchema.safeParse(answer?.json);
  return answer?.status === 200 && parsed.success ? { kind: 'ok', invoices: parsed.data } : { kind: 'error' };
}
