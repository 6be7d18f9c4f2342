/**
 * Random bytes for the ids a checkout makes (the order id's random part, the test checkout's session id),
 * drawn from one buffer filled by the CSPRNG 4 KiB at a time instead of one `randomBytes` call per id.
 *
 * Why: a small `crypto.randomBytes` call costs far more than its bytes. Node builds a job around it and
 * OpenSSL checks the process id (a system call) on every call, and on these VMs a system call is slow: the
 * checkout's two calls were about a fifth of its CPU under bench:api's load (docs/performance.md, "The
 * server"). Node batches `crypto.randomUUID()` the same way, for the same reason.
 *
 * Every byte is handed out once; nothing is ever reused or derived. The bytes are as secret as those of
 * any other call, and as long-lived as a request's own buffers until they are handed out.
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;

const pool = Buffer.allocUnsafe(POOL_BYTES);
/** The next unused byte; POOL_BYTES means the pool is spent (and it starts spent: filled on first use). */
let next = POOL_BYTES;

/** `length` fresh random bytes, a copy of its own (the pool's memory is refilled later). */
export function randomPoolBytes(length: number): Buffer {
  if (length > POOL_BYTES) return randomFillSync(Buffer.alloc(length));
  if (next + length > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const bytes = Buffer.from(pool.subarray(next, next + length));
  // What was handed out is gone from the pool: a later fault can never hand the same bytes out again.
  pool.fill(0, next, next + length);
  next += length;
  return bytes;
}
