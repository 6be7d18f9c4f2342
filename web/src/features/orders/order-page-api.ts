/**
 * The browser's side of the order page API (domain/orders/order-page.ts, server/orders/order-page-routes.ts). The key
 * goes in the request body, never in a URL the server sees.
 */
import {
  FIND_ORDER_ANSWER,
  ORDER_NOT_FOUND,
  type OrderPage,
  orderPageResponseSchema,
  type WithdrawalRequest,
} from '../../../../domain/orders/order-page';
import { trackedFetch } from '../error-tracking';

export const NETWORK_ERROR = 'We could not reach the shop. Please check your connection and try again.';

export type OrderResult =
  | { readonly kind: 'ok'; readonly order: OrderPage }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly message: string };

/** A JSON POST of the order page's kind: its status and body, or null when the shop was not reached. */
export async function post(url: string, body: unknown): Promise<{ status: number; json: unknown } | null> {
  try {
    const response = await trackedFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      // An empty or non-JSON answer: handled by its status.
    }
    return { status: response.status, json };
  } catch {
    return null;
  }
}

export function errorText(json: unknown, fallback: string): string {
  if (typeof json === 'object' && json !== null && 'error' in json) {
    const error = (json as { error: unknown }).error;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return fallback;
}

function orderResult(answer: Awaited<ReturnType<typeof post>>): OrderResult {
  if (!answer) return { kind: 'error', message: NETWORK_ERROR };
  if (answer.status === 404) return { kind: 'not-found' };
  const parsed = orderPageResponseSchema.safeParse(answer.json);
  if (answer.status === 200 && parsed.success && parsed.data.ok)
    return { kind: 'ok', order: parsed.data.order };
  return { kind: 'error', message: errorText(answer.json, 'Something went wrong. Please try again.') };
}

export async function fetchOrder(reference: string, key: string): Promise<OrderResult> {
  return orderResult(await post('/api/order-page', { reference, key }));
}

export async function sendWithdrawal(request: WithdrawalRequest): Promise<OrderResult> {
  return orderResult(await post('/api/order-page/withdrawal', request));
}

export type FindResult =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

export async function findOrder(reference: string, email: string): Promise<FindResult> {
  const answer = await post('/api/order-page/find', { reference, email });
  if (!answer) return { ok: false, message: NETWORK_ERROR };
  if (answer.status === 200) return { ok: true, message: FIND_ORDER_ANSWER };
  return { ok: false, message: errorText(answer.json, ORDER_NOT_FOUND) };
}
