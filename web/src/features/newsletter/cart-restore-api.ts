/**
 * The browser's side of the cart reminder's link (domain/newsletter/cart-reminder.ts): look at the cart
 * (GET, uses nothing) and put it back (POST, the link's one use). Plain fetch, not trackedFetch: the
 * token is in the path and is a secret, kept out of the error log.
 */
import {
  CART_REMINDER_TEXT,
  CART_RESTORE_PATH,
  type RestoreResponse,
  restoreResponseSchema,
} from '../../../../domain/newsletter/cart-reminder';

const TIMEOUT_MS = 15_000;

export const RESTORE_OFFLINE = "We couldn't reach the shop. Please check your connection and try again.";

export async function fetchReminderCart(token: string, method: 'GET' | 'POST'): Promise<RestoreResponse> {
  let response: Response;
  try {
    response = await fetch(`${CART_RESTORE_PATH}/${encodeURIComponent(token)}`, {
      method,
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      referrerPolicy: 'no-referrer',
    });
  } catch {
    return { ok: false, error: RESTORE_OFFLINE };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A proxy's error page: answered below like any other failure.
  }
  const parsed = restoreResponseSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return { ok: false, error: response.status === 404 ? CART_REMINDER_TEXT.unknown : RESTORE_OFFLINE };
}
