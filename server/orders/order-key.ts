/**
 * The order page's key (docs/product/order-flow.md §6.8), and the quote page's: 24 random bytes (192 bits, more than
 * the 128 the page needs against guessing), base64url. The key is a bearer secret: it goes into the
 * shopper's e-mails and nowhere else (never a log line, never a response other than the page it opens).
 * The database keeps only its SHA-256 (hex), as the desk's sessions are kept, so a copy of the database
 * opens no page; an order or quote has one hash per e-mail that linked to it, each key working beside the
 * others. A page is opened by looking the given key's hash up: an equality on a hash tells a guesser
 * nothing about the key.
 */
import { randomBytes } from 'node:crypto';
import { hashKey } from '../lib/ids';

/** What the database keeps of a key (the same hash as every link's secret). */
export { hashKey };

export const ORDER_KEY_BYTES = 24;

export function newOrderKey(): string {
  return randomBytes(ORDER_KEY_BYTES).toString('base64url');
}

/**
 * Keys issued while e-mails are built inside a transaction (a payment, a desk action): each `issue`
 * returns a new key for the link, and the order store writes their hashes (`take`) in the same
 * transaction as the e-mails (insertIssuedKeys), so a link goes out only with a key that opens its page.
 */
export class IssuedOrderKeys {
  private readonly rows: { key_hash: string; order_id: string; created_at: string }[] = [];

  issue(orderId: string): string {
    const key = newOrderKey();
    this.rows.push({ key_hash: hashKey(key), order_id: orderId, created_at: new Date().toISOString() });
    return key;
  }

  /** The hashes issued so far, handed over once. */
  take(): { key_hash: string; order_id: string; created_at: string }[] {
    return this.rows.splice(0);
  }
}
