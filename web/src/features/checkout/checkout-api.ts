/**
 * The browser's side of the checkout API (domain/checkout/checkout.ts): start a hosted checkout and confirm an
 * order. Every failure becomes one of the details of docs/product/texts.md §3.3, so the page can show it as is.
 */
import {
  type ConfirmResponse,
  checkoutResponseSchema,
  confirmResponseSchema,
} from '../../../../domain/checkout/checkout';
import type { CheckoutRequest } from '../../../../domain/checkout/checkout-request-schema';
import { TIMINGS_MS } from '../../../../domain/config';
import { trackedFetch } from '../error-tracking';
import type { CheckoutErrorCode } from '../events';
import { CHECKOUT_TEXT } from './checkout-text';

export const CHECKOUT_ENDPOINT = '/api/checkout';

export type StartCheckoutResult =
  | {
      readonly ok: true;
      readonly url: string;
      readonly sessionId: string;
      readonly redirectText: string;
      /** The order's total as charged (a valid intra-EU business: the net; gift cards bought included). */
      readonly total?: number;
      /** Why VAT was charged to a business buyer after all (VIES did not answer). */
      readonly vatNotice?: string;
    }
  /** Gift cards paid the whole order: it is paid, no hosted checkout (docs/product/gift-cards.md §19). */
  | {
      readonly ok: true;
      readonly paid: true;
      readonly reference: string;
      /** The paid order as its confirmation page shows it. */
      readonly order?: ConfirmResponse;
    }
  | { readonly ok: false; readonly code: CheckoutErrorCode; readonly detail: string };

/** Only a real web address may be navigated to; 'javascript:' and friends count as no URL at all. */
export function safeCheckoutUrl(raw: string, base: string): URL | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function redirectTextFor(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host === 'stripe.com' || host.endsWith('.stripe.com')
    ? CHECKOUT_TEXT.redirectingStripe
    : CHECKOUT_TEXT.redirectingSecure;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function errorOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

export async function startCheckout(
  request: CheckoutRequest,
  options: {
    readonly timeoutMs?: number;
    readonly baseUrl?: string;
    /**
     * The attempt's Idempotency-Key: the same on a retry of the same checkout, so an order the gift cards
     * paid whose answer was lost is answered again, never paid twice (docs/product/gift-cards.md §19.3).
     */
    readonly requestKey?: string;
  } = {},
): Promise<StartCheckoutResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMINGS_MS.checkoutTimeout);
  try {
    let response: Response;
    try {
      response = await trackedFetch(CHECKOUT_ENDPOINT, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(options.requestKey ? { 'Idempotency-Key': options.requestKey } : {}),
        },
        body: JSON.stringify(request),
        signal: controller.signal,
      });
    } catch (err) {
      const detail = timedOut
        ? CHECKOUT_TEXT.timeout
        : err instanceof Error && err.message
          ? err.message
          : 'Network request failed';
      return { ok: false, code: 'NETWORK_ERROR', detail };
    }
    const body = await readJson(response);
    if (!response.ok) {
      return {
        ok: false,
        code: 'CHECKOUT_SESSION_FAILED',
        detail: errorOf(body) ?? CHECKOUT_TEXT.serverReturned(response.status),
      };
    }
    const parsed = checkoutResponseSchema.safeParse(body);
    if (parsed.success && !parsed.data.ok) {
      return { ok: false, code: 'CHECKOUT_SESSION_FAILED', detail: parsed.data.error || CHECKOUT_TEXT.noUrl };
    }
    const base =
      options.baseUrl ?? (typeof window === 'undefined' ? 'http://localhost/' : window.location.href);
    if (parsed.success && parsed.data.ok && 'paid' in parsed.data) {
      const { reference, order } = parsed.data;
      return { ok: true, paid: true, reference, ...(order ? { order } : {}) };
    }
    const opened = parsed.success && parsed.data.ok && 'url' in parsed.data ? parsed.data : null;
    const url = opened?.url ? safeCheckoutUrl(opened.url, base) : null;
    if (!opened || !url) {
      return { ok: false, code: 'CHECKOUT_SESSION_FAILED', detail: CHECKOUT_TEXT.noUrl };
    }
    return {
      ok: true,
      url: url.href,
      sessionId: opened.sessionId,
      redirectText: redirectTextFor(url),
      ...(opened.total !== undefined ? { total: opened.total } : {}),
      ...(opened.vatNotice ? { vatNotice: opened.vatNotice } : {}),
    };
  } finally {
    clearTimeout(timer);
  }
}

export type ConfirmResult =
  | { readonly kind: 'answer'; readonly body: ConfirmResponse }
  | {
      readonly kind: 'error';
      readonly message: string;
      /** The shop was busy (503) and said when to ask again (Retry-After); absent otherwise. */
      readonly retryAfterMs?: number;
    };

/** The longest Retry-After the page waits for before asking again (a longer one is capped). */
const MAX_RETRY_AFTER_MS = 30_000;

/** Retry-After in seconds (the shop's form) as milliseconds; null when absent or not a number of seconds. */
function retryAfterMs(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Number(header.trim()) * 1000);
}

export const CONFIRM_TEXT = {
  unreachable: "We couldn't reach the shop to check your order. Please check your connection and try again.",
  failed: "We couldn't check your order just now. Please try again in a moment.",
} as const;

export async function confirmOrder(sessionId: string): Promise<ConfirmResult> {
  let response: Response;
  try {
    response = await trackedFetch(`/api/orders/${encodeURIComponent(sessionId)}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(TIMINGS_MS.checkoutTimeout),
    });
  } catch {
    return { kind: 'error', message: CONFIRM_TEXT.unreachable };
  }
  const body = await readJson(response);
  if (response.status === 400 || response.status === 404)
    return { kind: 'answer', body: { status: 'unknown' } };
  const parsed = confirmResponseSchema.safeParse(body);
  if (!response.ok || !parsed.success) {
    const message = errorOf(body) ?? CONFIRM_TEXT.failed;
    const after = response.status === 503 ? retryAfterMs(response.headers.get('Retry-After')) : null;
    return after === null ? { kind: 'error', message } : { kind: 'error', message, retryAfterMs: after };
  }
  return { kind: 'answer', body: parsed.data };
}
