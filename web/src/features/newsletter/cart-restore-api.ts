/**
 * The browser's side of the cart reminder's link (domain/newsletter/cart-reminder.ts): look at the cart
 * (GET, uses nothing) and put it back (POST, the link's one use). Plain fetch, not trackedFetch: the
 * token is in the path and is a secret, kept out of the error log. Loaded by the panel when it asks,
 * so zod stays out of the cart page's own chunk.
 */
import {
  CART_REMINDER_TEXT,
  CART_RESTORE_PATH,
  type RestoreResponse,
} from '../../../../domain/newsletter/cart-reminder';
import { restoreResponseSchema } from '../../../../domain/newsletter/cart-reminder-api';

const TIMEOUT_MS = 15_000;

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
    return { ok: false, error: CART_REMINDER_TEXT.offline };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A proxy's error page: answered below like any other failure.
  }
  const parsed = restoreResponseSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return {
    ok: false,
    error: response.status === 404 ? CART_REMINDER_TEXT.unknown : CART_REMINDER_TEXT.offline,
  };
}
