/**
 * The order page's key (docs/product.md §6.8): 24 random bytes (192 bits, more than the 128 the page needs
 * against guessing), base64url. Compared in constant time over fixed-length digests, so neither the
 * position of the first wrong character nor the length of a guess shows in the answer's timing. The key
 * is a bearer secret: it goes into the shopper's e-mails and nowhere else (never a log line, never a
 * response other than the page it opens).
 */
import { randomBytes } from 'node:crypto';
import { sameSecret } from '../security/constant-time';

export const ORDER_KEY_BYTES = 24;

export function newOrderKey(): string {
  return randomBytes(ORDER_KEY_BYTES).toString('base64url');
}

/** A key no order has: compared against when there is no order, so that answer costs the same work. */
const NO_KEY = newOrderKey();

/** Constant time in the content of both strings; `stored` null (no order, or no key yet) never matches. */
export function keysMatch(stored: string | null, given: string): boolean {
  const equal = sameSecret(given, stored ?? NO_KEY);
  return equal && stored !== null;
}
