/**
 * Cryptographically random bytes, taken from a pool that is refilled 4 KB at a time. Every order, payment
 * session and request needs a few random bytes; asking the kernel for each of them cost a system call per
 * id, a visible share of POST /api/checkout under load (bench:api profile). Each pooled byte is handed out
 * once, so the ids stay exactly as unpredictable as before.
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

/** Reserves `length` unused bytes of the pool (refilling it first if too few are left): their offset. */
function take(length: number): number {
  if (used + length > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const at = used;
  used += length;
  return at;
}

/** `length` fresh random bytes (a copy: callers may keep it). */
export function secureRandomBytes(length: number): Buffer {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`Invalid random length ${length}`);
  if (length > POOL_BYTES) return randomFillSync(Buffer.allocUnsafe(length));
  const at = take(length);
  const out = Buffer.from(pool.subarray(at, at + length));
  // Overwritten so no copy of a handed-out id stays in the pool.
  pool.fill(0, at, at + length);
  return out;
}

/**
 * `length` fresh random bytes as base64url text, read from the pool without the copy `secureRandomBytes`
 * hands out: a request id on every page answer, where the copy showed in the product page's profile
 * (bench:api).
 */
export function secureRandomId(length: number): string {
  if (!Number.isInteger(length) || length < 0 || length > POOL_BYTES) {
    throw new RangeError(`Invalid random id length ${length}`);
  }
  const at = take(length);
  const id = pool.toString('base64url', at, at + length);
  pool.fill(0, at, at + length);
  return id;
}
