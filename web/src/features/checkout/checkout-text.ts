/**
 * The checkout's texts and the stored checkout e-mail, apart from the API client: the cart page renders
 * these at once, while the client (and zod with it) loads only when the shopper starts a checkout.
 */
import { STORAGE_KEYS, TIMINGS_MS } from '../../../../domain/config';

export const CHECKOUT_TEXT = {
  proceed: 'Proceed to Checkout',
  creating: 'Creating secure checkout...',
  redirectingStripe: 'Redirecting to Stripe...',
  redirectingSecure: 'Redirecting to secure checkout...',
  failure: "Couldn't start secure checkout. Please try again.",
  tryAgain: 'Try again',
  noUrl: 'No checkout URL received from server',
  timeout: `Request timed out after ${TIMINGS_MS.checkoutTimeout / 1000} seconds`,
  serverReturned: (status: number) => `Server returned ${status}`,
} as const;

/** The shopper's checkout e-mail, kept for the confirmation page (docs/product.md §5.14: key 'checkoutEmail'). */
export function storeCheckoutEmail(email: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.checkoutEmail, email);
  } catch {
    // Storage disabled: the server has the address; only the browser-side hint is lost.
  }
}

export function readCheckoutEmail(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.checkoutEmail);
  } catch {
    return null;
  }
}

export function clearCheckoutEmail(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.checkoutEmail);
  } catch {
    // See storeCheckoutEmail.
  }
}
