/**
 * The shared counters (the desk's failed sign-ins, "Find your order"'s per address and per reference
 * counts) on every backend: memory, the database on both dialects and Redis at TEST_REDIS_URL (never
 * skipped; scripts/ensure-redis.ts starts it before the unit tests).
 *
 * Redis is shared with other test files that run at the same time: every value here is random, so no
 * two runs count the same key, and no test deletes keys it did not make.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../db/database';
import { sleep, tempDataDir } from '../test-support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/test-database';
import { storedRateLimitKey } from './rate-limit-store';
import {
  databaseCounters,
  memoryCounters,
  redisCounterKey,
  redisCounters,
  type SharedCounters,
} from './shared-counters';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379/15';
const silent = { warn: () => {} };

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`;
}

/**
 * What every backend must do. `pass` moves the counters' clock on by at least `ms` (a fake clock, or a
 * real wait for Redis, whose windows run on its own clock).
 */
function contract(counters: () => SharedCounters, windowMs: number, pass: (ms: number) => Promise<void>) {
  it('counts per name and value in a window that starts at the first count', async () => {
    const c = counters();
    const who = unique('shopper@example.ie');
    expect(await c.peek('find-order-address', who)).toBeNull();
    const first = await c.count('find-order-address', who, windowMs);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(windowMs - 1_000);
    expect(first.ttl).toBeLessThanOrEqual(windowMs);
    expect((await c.count('find-order-address', who, windowMs)).current).toBe(2);
    // Reading does not count.
    expect((await c.peek('find-order-address', who))?.current).toBe(2);
    expect((await c.peek('find-order-address', who))?.current).toBe(2);
    // Another value, another name: counted apart.
    expect((await c.count('find-order-address', unique('other@example.ie'), windowMs)).current).toBe(1);
    expect((await c.count('find-order-reference', who, windowMs)).current).toBe(1);
  });

  it('starts a new window once the last one is over, and forgets a value on reset', async () => {
    const c = counters();
    const who = unique('192.0.2');
    await c.count('sign-in-failures', who, windowMs);
    await c.count('sign-in-failures', who, windowMs);
    await pass(windowMs);
    expect(await c.peek('sign-in-failures', who)).toBeNull();
    expect((await c.count('sign-in-failures', who, windowMs)).current).toBe(1);
    expect((await c.count('sign-in-failures', who, windowMs)).current).toBe(2);
    await c.reset('sign-in-failures', who);
    expect(await c.peek('sign-in-failures', who)).toBeNull();
    expect((await c.count('sign-in-failures', who, windowMs)).current).toBe(1);
  });

  it('counts concurrent requests exactly once each', async () => {
    const c = counters();
    const who = unique('ref');
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => c.count('find-order-reference', who, windowMs)),
    );
    expect(counts.map((n) => n.current).sort((p, q) => p - q)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
}

describe('in memory', () => {
  let now = Date.parse('2026-11-22T10:00:00Z');
  contract(
    () => memoryCounters(() => now),
    60_000,
    async (ms) => {
      now += ms;
    },
  );
});

describe.each(TEST_DIALECTS)('in the database (%s)', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let testDb: TestDatabase;
  const opened: OpenDatabase[] = [];
  let now = Date.parse('2026-11-22T10:00:00Z');

  beforeEach(async () => {
    data = tempDataDir();
    testDb = await createTestDatabase(dialect, data.dir);
    opened.push(await openDatabase(testDb.location), await openDatabase(testDb.location));
  });

  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    await testDb.remove();
    data.remove();
  });

  function db(i: number) {
    const d = opened[i];
    if (!d) throw new Error(`no database ${i}`);
    return d.db;
  }

  describe('on a fake clock', () => {
    contract(
      () =>
        databaseCounters(
          () => db(0),
          silent,
          () => now,
        ),
      60_000,
      async (ms) => {
        now += ms;
      },
    );
  });

  describe("on the database's own clock", () => {
    contract(
      () => databaseCounters(() => db(0), silent),
      400,
      (ms) => sleep(ms + 100),
    );
  });

  it('is one count over two pools, and stores only a hash of the name and the value', async () => {
    const a = databaseCounters(() => db(0), silent);
    const b = databaseCounters(() => db(1), silent);
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).count('find-order-address', 'x@example.ie', 60_000),
      ),
    );
    expect(Math.max(...counts.map((n) => n.current))).toBe(20);
    expect((await b.peek('find-order-address', 'x@example.ie'))?.current).toBe(20);
    await a.reset('find-order-address', 'x@example.ie');
    expect(await b.peek('find-order-address', 'x@example.ie')).toBeNull();
    await b.count('find-order-address', 'x@example.ie', 60_000);
    const rows = await db(0).selectFrom('rate_limits').select('key').execute();
    expect(rows).toEqual([{ key: storedRateLimitKey('find-order-address:x@example.ie') }]);
    expect(JSON.stringify(rows)).not.toContain('example');
  });
});

describe('in Redis', () => {
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
    } catch (err) {
      throw new Error(
        `No Redis at TEST_REDIS_URL (${TEST_REDIS_URL}): run 'npx tsx scripts/ensure-redis.ts' or set TEST_REDIS_URL`,
        { cause: err },
      );
    }
  });

  afterAll(async () => {
    await redis.quit();
  });

  contract(
    () => redisCounters(redis, silent, memoryCounters()),
    400,
    (ms) => sleep(ms + 100),
  );

  it('stores only a hash of the name and the value, with the window as its expiry', async () => {
    const who = unique('someone@example.ie');
    await redisCounters(redis, silent, memoryCounters()).count('find-order-address', who, 60_000);
    const key = redisCounterKey('find-order-address', who);
    expect(key).not.toContain('example');
    expect(key).toContain(storedRateLimitKey(`find-order-address:${who}`));
    expect(await redis.get(key)).toBe('1');
    expect(await redis.pttl(key)).toBeGreaterThan(55_000);
    await redis.del(key);
  });

  it('while Redis does not answer, counts in this instance instead of not at all', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    away.on('error', () => {});
    const warnings: string[] = [];
    const c = redisCounters(away, { warn: (_obj, msg) => warnings.push(msg) }, memoryCounters());
    try {
      expect((await c.count('sign-in-failures', '192.0.2.1', 60_000)).current).toBe(1);
      expect((await c.count('sign-in-failures', '192.0.2.1', 60_000)).current).toBe(2);
      expect((await c.peek('sign-in-failures', '192.0.2.1'))?.current).toBe(2);
      await c.reset('sign-in-failures', '192.0.2.1');
      expect(await c.peek('sign-in-failures', '192.0.2.1')).toBeNull();
      // One warning, not one per call; no address in it.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).not.toContain('192.0.2.1');
    } finally {
      away.disconnect();
    }
  });
});
