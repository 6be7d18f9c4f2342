import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters from [A-Za-z0-9], uniformly distributed (rejection sampling, no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: bytes at or above it would favour the first characters.
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Milliseconds in base 36 (digits, then lower-case letters), 9 characters: enough until the year 5138. */
const TIME_CHARS = 9;

/**
 * `ord_`, the creation time (9 characters that sort in time order) and 15 random characters (89 bits).
 * Why the time first: the order id keys `orders` and `order_lines`, and a random key sends every new
 * order to a random leaf of both indexes, so each checkout dirtied (and the WAL checkpoint wrote back)
 * pages all over them; in time order new orders land on the last leaf. Measured with the shop's schema on
 * SQLite: a checkout's inserts 240 -> 175 µs (docs/performance.md). Base 36 in lower case sorts the same under every collation, PostgreSQL's
 * locale-aware ones included. The id is not a secret (the order page has its own key, the payment session
 * its own id); the random part keeps two instances' ids of one millisecond apart.
 */
export function newOrderId(now: number = Date.now()): string {
  return `ord_${now.toString(36).padStart(TIME_CHARS, '0')}${randomAlphanumeric(24 - TIME_CHARS)}`;
}

/**
 * What the database keeps of a link's secret (an order page's key, a newsletter link's token): its
 * SHA-256, hex. A link is followed by looking the given secret's hash up, so a copy of the database opens
 * nothing, and an equality on a hash tells a guesser nothing about the secret.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
