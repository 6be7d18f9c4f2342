/**
 * Cryptographically random bytes, taken from a pool that is refilled 4 KB at a time. Every order and payment
 * session needs a few random bytes; asking the kernel for each of them cost a system call per id, a visible
 * share of POST /api/checkout under load (bench:api profile). Each pooled byte is handed out once, so the
 * ids stay exactly as unpredictable as before. Request ids have a pool of their own (`randomRequestId`).
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

/** A request id: 9 random bytes as base64url (4 characters per 3 bytes, no padding: 12). */
const ID_BYTES = 9;
const ID_CHARS = (ID_BYTES / 3) * 4;
/** Ids made per refill: one system call and one encoding for 256 ids. */
const IDS_PER_FILL = 256;
let idText = '';
let idAt = 0;

/**
 * A fresh request id (the X-Request-Id of every answer, the reqId of its log line): 12 base64url characters
 * of 9 random bytes. Ids are cut from a text of 256 ids' random bytes encoded at once (9 bytes are exactly
 * 12 characters, so each cut is the encoding of its own 9 bytes): the encoding and the pool's bookkeeping
 * per id were 2.4 µs of every page answer in a `perf` profile of bench:api. Each id is handed out
 * once. Unlike the pool above, the text is not wiped: a request id is public (it is in the answer's
 * headers), unpredictable but not a secret, so it may stay in memory until the garbage collector takes it.
 */
export function randomRequestId(): string {
  if (idAt + ID_CHARS > idText.length) {
    idText = randomFillSync(Buffer.allocUnsafe(ID_BYTES * IDS_PER_FILL)).toString('base64url');
    idAt = 0;
  }
  const id = idText.slice(idAt, idAt + ID_CHARS);
  idAt += ID_CHARS;
  return id;
}
