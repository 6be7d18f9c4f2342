/**
 * The Redis the tests use (database 15 of the local server unless TEST_REDIS_URL says otherwise). No Redis
 * is an error, never a skip: `npm test` starts one first (scripts/ensure-redis.ts).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * A client address no other test or run counts for: Redis keeps counts for their whole window, across
 * runs, and test files running at the same time share it. Never delete keys another test may be using.
 */
export function someTestAddress(): string {
  // From 240.0.0.0/4 (reserved, never a real client), 28 random bits: two draws of 16 bits met often
  // enough over a run's few hundred addresses to find a client another test had already refused.
  const n = randomBytes(4).readUInt32BE(0);
  return `${240 + ((n >>> 24) % 15)}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379/15';

/** A connected client, or an error that says how to get a Redis. */
export async function connectTestRedis(): Promise<Redis> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
  } catch (err) {
    throw new Error(
      `No Redis at TEST_REDIS_URL (${TEST_REDIS_URL}): run 'npx tsx scripts/ensure-redis.ts' or set TEST_REDIS_URL`,
      { cause: err },
    );
  }
  return redis;
}
