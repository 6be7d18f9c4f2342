import { createHash, randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random bytes for ids, drawn from a pool refilled 4 KiB at a time, as Node does for randomUUID: each
 * randomBytes() call is a trip into OpenSSL, and a checkout's two ids (the order's and its session's)
 * were about 5% of its CPU in bench:api --profile. The bytes are the same CSPRNG's and none is used twice.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `count` bytes (at most the pool's size), read before the next call: a refill overwrites them. */
function poolBytes(count: number): Buffer {
  if (used + count > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.subarray(used, used + count);
  used += count;
  return bytes;
}

/** `length` characters from [A-Za-z0-9], uniformly distributed (rejection sampling, no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    // A few more bytes than characters: about 3% of bytes are rejected.
    for (const byte of poolBytes(Math.min(pool.length, length + 8))) {
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
