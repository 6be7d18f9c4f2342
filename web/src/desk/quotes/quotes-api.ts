/** The desk's calls for Quotes (docs/product/quotes.md), checked by the shared contract (domain/quotes/quotes.ts). */
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import {
  adminQuotePath,
  adminQuoteResponseSchema,
  adminQuotesResponseSchema,
  QUOTES_API,
  quoteCreatedResponseSchema,
  quoteDispatchResponseSchema,
  quoteMailPreviewResponseSchema,
} from '../../../../domain/quotes/quotes';
import { deskCall } from '../desk-api';

/** A quote as the desk's API answers it (dates as text). */
export type DeskQuote = ReturnType<typeof adminQuoteResponseSchema.parse>['quote'];

export const quotesApi = {
  list: () => deskCall('GET', QUOTES_API.quotes, adminQuotesResponseSchema).then((r) => r.quotes),
  get: (reference: string) =>
    deskCall('GET', adminQuotePath(reference), adminQuoteResponseSchema).then((r) => r.quote),
  create: (body: Record<string, unknown>, submission: string) =>
    deskCall('POST', QUOTES_API.quotes, quoteCreatedResponseSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }).then((r) => r.quote),
  update: (reference: string, body: Record<string, unknown>, submission: string) =>
    deskCall('PUT', adminQuotePath(reference), quoteCreatedResponseSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }).then((r) => r.quote),
  act: (reference: string, action: 'send' | 'withdraw') =>
    deskCall('POST', adminQuotePath(reference, action), adminQuoteResponseSchema, {}).then((r) => r.quote),
  /** The e-mail Send would queue, as the client will read it. */
  mail: (reference: string) =>
    deskCall('GET', adminQuotePath(reference, 'mail'), quoteMailPreviewResponseSchema).then((r) => r.mail),
  /** The making queue's dispatch date for a quote of this many pieces: what the form proposes. */
  dispatchBy: (pieces: number) =>
    deskCall('GET', `${QUOTES_API.dispatchBy}?pieces=${pieces}`, quoteDispatchResponseSchema).then(
      (r) => r.dispatchBy,
    ),
};

/** A quote can be changed until it is paid (or withdrawn: then it is duplicated instead). */
export function isEditable(status: DeskQuote['status']): boolean {
  return status !== 'paid' && status !== 'withdrawn';
}
