/**
 * The browser's side of the quote page API (domain/quotes/quotes.ts, server/quotes/quote-routes.ts). The key goes in
 * the request body, never in a URL the server sees.
 */
import {
  QUOTE_MESSAGES,
  quoteCheckoutPath,
  quoteCheckoutResponseSchema,
  quotePageResponseSchema,
  quoteViewPath,
} from '../../../../domain/quotes/quotes';
import { redirectTextFor, safeCheckoutUrl } from '../checkout';
import { errorText, NETWORK_ERROR, post } from '../orders';

export type QuoteView = import('zod/mini').infer<typeof quotePageResponseSchema>['quote'];

export type QuoteResult =
  | { readonly kind: 'ok'; readonly quote: QuoteView }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly message: string };

export type PayResult =
  | { readonly kind: 'redirect'; readonly url: string; readonly text: string }
  /** 409: paid, expired or withdrawn meanwhile; the page reloads the quote to say which. */
  | { readonly kind: 'closed'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

const FALLBACK = 'Something went wrong. Please try again.';

export async function fetchQuote(reference: string, key: string): Promise<QuoteResult> {
  const answer = await post(quoteViewPath(reference), { key });
  if (!answer) return { kind: 'error', message: NETWORK_ERROR };
  if (answer.status === 404) return { kind: 'not-found' };
  const parsed = quotePageResponseSchema.safeParse(answer.json);
  if (answer.status === 200 && parsed.success) return { kind: 'ok', quote: parsed.data.quote };
  return { kind: 'error', message: errorText(answer.json, FALLBACK) };
}

export async function payQuote(reference: string, key: string): Promise<PayResult> {
  const answer = await post(quoteCheckoutPath(reference), { key });
  if (!answer) return { kind: 'error', message: NETWORK_ERROR };
  if (answer.status === 409) return { kind: 'closed', message: errorText(answer.json, FALLBACK) };
  if (answer.status === 404) return { kind: 'error', message: QUOTE_MESSAGES.notFound };
  const parsed = quoteCheckoutResponseSchema.safeParse(answer.json);
  const url = parsed.success ? safeCheckoutUrl(parsed.data.url, window.location.href) : null;
  if (answer.status === 200 && url) return { kind: 'redirect', url: url.href, text: redirectTextFor(url) };
  return { kind: 'error', message: errorText(answer.json, FALLBACK) };
}
