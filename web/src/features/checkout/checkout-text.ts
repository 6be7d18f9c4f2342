/**
 * The checkout's texts and the stored checkout e-mail, apart from the API client: the cart page renders
 * these at once, while the client (and zod with it) loads only when the shopper starts a checkout.
 */
import { STORAGE_KEYS, TIMINGS_MS } from '../../../../domain/config';
import { readStored, removeStored, writeStored } from '../../lib/browser-storage';

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

/**
 * The shopper's checkout e-mail, kept for the confirmation page (docs/product/states.md §5.14: key 'checkoutEmail').
 * When storage is disabled the server still has the address; only the browser-side hint is lost.
 */
export function storeCheckoutEmail(email: string): void {
  writeStored(STORAGE_KEYS.checkoutEmail, email);
}

export function readCheckoutEmail(): string | null {
  return readStored(STORAGE_KEYS.checkoutEmail);
}

export function clearCheckoutEmail(): void {
  removeStored(STORAGE_KEYS.checkoutEmail);
}
