/**
 * The shared counters (the desk's failed sign-ins, "Find your order"'s per address and per reference
 * counts) on every backend: memory, the database on both dialects and Redis at TEST_REDIS_URL (never
 * skipped; scripts/ensure-redis.ts starts it before the unit tests). Then through the real app: two
 * instances on one PostgreSQL schema, and two on one Redis, share both limits; on SQLite alone they stay
 * in memory.
 *
 * Redis is shared with other test files that run at the same time: every value here is random, so no
 * two runs count the same key, and no test deletes keys it did not make.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_API, ADMIN_MESSAGES } from '../../domain/orders/admin-api';
import { FIND_ORDER_LIMITED } from '../../domain/orders/order-page';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { connectTestRedis, someTestAddress, TEST_REDIS_URL } from '../../tests/support/test-redis';
import { type OpenDatabase, openDatabase } from '../db/database';
import { SIGN_IN_COUNTER, SIGN_IN_LIMITS } from './admin-sessions';
import { appRedis, storedRateLimitKey } from './rate-limit-store';
import {
  databaseCounters,
  memoryCounters,
  redisCounterKey,
  redisCounters,
  type SharedCounters,
} from './shared-counters';

const silent = { warn: () => {} };

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`;
}

/** A documentation address (RFC 5737) no other run is likely to pick at the same moment. */
/** A reference no other run counts: Redis keeps every run's counts for the window (an hour). */
function someReference(): string {
  return `SOL-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** A window no test sees end, however slow the host: the counts in it must all land in one window. */
const LONG_WINDOW_MS = 60_000;

/** The window a test on a real clock (the database's, Redis's) waits to see end. */
const REAL_WINDOW_MS = 500;

/**
 * What every backend must do. `pass` moves the counters' clock past the end of `name`'s window for `value`
 * (`ms` long): a fake clock moves on, a real one is waited for until the backend itself says the window is
 * over (the database's row, Redis's key). `windowMs` is the window the test lets end; every other count
 * runs in LONG_WINDOW_MS, so no count depends on how fast the host answers.
 */
function contract(
  counters: () => SharedCounters,
  windowMs: number,
  pass: (ms: number, name: string, value: string) => Promise<void>,
) {
  it('counts per name and value in a window that starts at the first count', async () => {
    const c = counters();
    const windowMs = LONG_WINDOW_MS;
    const who = unique('shopper@example.ie');
    const first = await c.count('find-order-address', who, windowMs);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(windowMs - 1_000);
    expect(first.ttl).toBeLessThanOrEqual(windowMs);
    const second = await c.count('find-order-address', who, windowMs);
    expect(second.current).toBe(2);
    // The same window: its end does not move.
    expect(second.ttl).toBeLessThanOrEqual(first.ttl);
    // Another value, another name: counted apart.
    expect((await c.count('find-order-address', unique('other@example.ie'), windowMs)).current).toBe(1);
    expect((await c.count('find-order-reference', who, windowMs)).current).toBe(1);
  });

  it('starts a new window once the last one is over, and forgets a value on reset', async () => {
    const c = counters();
    const who = unique('192.0.2');
    await c.count(SIGN_IN_COUNTER, who, windowMs);
    await c.count(SIGN_IN_COUNTER, who, windowMs);
    await pass(windowMs, SIGN_IN_COUNTER, who);
    const fresh = await c.count(SIGN_IN_COUNTER, who, windowMs);
    expect(fresh.current).toBe(1);
    // The time left is measured at the count, by the backend: a whole new window.
    expect(fresh.ttl).toBeGreaterThan(windowMs / 2);
    const again = unique('192.0.2');
    await c.count(SIGN_IN_COUNTER, again, LONG_WINDOW_MS);
    expect((await c.count(SIGN_IN_COUNTER, again, LONG_WINDOW_MS)).current).toBe(2);
    await c.reset(SIGN_IN_COUNTER, again);
    expect((await c.count(SIGN_IN_COUNTER, again, LONG_WINDOW_MS)).current).toBe(1);
    // Resetting a value that has no window is no error.
    await c.reset(SIGN_IN_COUNTER, unique('never-counted'));
  });

  it('tells a count without counting, and none once its window is over', async () => {
    const c = counters();
    const who = unique('peek');
    expect(await c.peek('gift-card-failures', who)).toBe(0);
    await c.count('gift-card-failures', who, windowMs);
    await c.count('gift-card-failures', who, windowMs);
    expect(await c.peek('gift-card-failures', who)).toBe(2);
    expect(await c.peek('gift-card-failures', who)).toBe(2);
    expect(await c.peek('gift-card-other', who)).toBe(0);
    await pass(windowMs, 'gift-card-failures', who);
    expect(await c.peek('gift-card-failures', who)).toBe(0);
  });

  it('counts concurrent requests exactly once each', async () => {
    const c = counters();
    const who = unique('ref');
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => c.count('find-order-reference', who, LONG_WINDOW_MS)),
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
    testDb = await createTestDatabase(dialect, data.dir, { migrated: true });
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

  /** Whether the window of `name`'s `value` is over on the clock the database's counters run on. */
  async function windowOver(name: string, value: string): Promise<boolean> {
    const row = await db(0)
      .selectFrom('rate_limits')
      .select('window_ends_ms')
      .where('key', '=', storedRateLimitKey(`${name}:${value}`))
      .executeTakeFirst();
    if (!row) return true;
    // PostgreSQL's own clock; SQLite's counters run on this process's.
    const now =
      dialect === 'postgres'
        ? (
            await sql<{
              now: string;
            }>`select (extract(epoch from statement_timestamp()) * 1000)::bigint as now`.execute(db(0))
          ).rows[0]?.now
        : Date.now();
    return Number(row.window_ends_ms) <= Number(now);
  }

  describe("on the database's own clock", () => {
    contract(
      () => databaseCounters(() => db(0), silent),
      REAL_WINDOW_MS,
      (_ms, name, value) => expect.poll(() => windowOver(name, value), { interval: 20 }).toBe(true),
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
    expect((await b.count('find-order-address', 'x@example.ie', 60_000)).current).toBe(21);
    await a.reset('find-order-address', 'x@example.ie');
    expect((await b.count('find-order-address', 'x@example.ie', 60_000)).current).toBe(1);
    const rows = await db(0).selectFrom('rate_limits').select('key').execute();
    expect(rows).toEqual([{ key: storedRateLimitKey('find-order-address:x@example.ie') }]);
    expect(JSON.stringify(rows)).not.toContain('example');
  });
});

describe('in Redis', () => {
  let redis: Redis;

  beforeAll(async () => {
    redis = await connectTestRedis();
  });

  afterAll(async () => {
    await redis.quit();
  });

  contract(
    () => redisCounters(redis, silent, memoryCounters()),
    REAL_WINDOW_MS,
    // Redis's own clock ends the window: its key is gone (PTTL -2) once it is over.
    (_ms, name, value) =>
      expect.poll(() => redis.pttl(redisCounterKey(name, value)), { interval: 20 }).toBe(-2),
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
      expect((await c.count(SIGN_IN_COUNTER, '192.0.2.1', 60_000)).current).toBe(1);
      expect((await c.count(SIGN_IN_COUNTER, '192.0.2.1', 60_000)).current).toBe(2);
      await c.reset(SIGN_IN_COUNTER, '192.0.2.1');
      expect((await c.count(SIGN_IN_COUNTER, '192.0.2.1', 60_000)).current).toBe(1);
      // One warning, not one per call; no address in it.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).not.toContain('192.0.2.1');
    } finally {
      away.disconnect();
    }
  });
});

// ---- Through the real app ----

async function failSignIn(app: FastifyInstance, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: ADMIN_API.session,
    remoteAddress,
    payload: { token: 'not-the-desk-token' },
  });
}

async function findOrder(app: FastifyInstance, remoteAddress: string, reference: string, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/order-page/find',
    remoteAddress,
    payload: { reference, email },
  });
}

/** Nine failures on A and one on B at once (each failure's answer waits up to 4 s), then B and A refuse. */
async function expectSignInsShared(a: FastifyInstance, b: FastifyInstance, address: string) {
  const failures = await Promise.all([
    ...Array.from({ length: SIGN_IN_LIMITS.maxFailures - 1 }, () => failSignIn(a, address)),
    failSignIn(b, address),
  ]);
  expect(failures.map((r) => r.statusCode)).toEqual(Array(SIGN_IN_LIMITS.maxFailures).fill(401));
  for (const app of [b, a]) {
    const refused = await failSignIn(app, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.tooManyAttempts });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_LIMITS.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowMs / 1000);
  }
  // Another address is not held back.
  expect((await failSignIn(b, someTestAddress())).statusCode).toBe(401);
}

/**
 * One client: three finds for one address on A, the fourth on B is refused; the same for one reference.
 * Another client asking for the same address is not held back by them (docs/product/order-flow.md §6.9).
 */
async function expectFindsShared(a: FastifyInstance, b: FastifyInstance) {
  const client = someTestAddress();
  const email = `${unique('find')}@example.ie`;
  for (let i = 0; i < 3; i++) {
    expect((await findOrder(a, client, someReference(), email)).statusCode).toBe(200);
  }
  const limited = await findOrder(b, client, someReference(), email.toUpperCase());
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['retry-after']).toBe('3600');
  expect(limited.json()).toEqual({ ok: false, error: FIND_ORDER_LIMITED });
  expect((await findOrder(b, someTestAddress(), someReference(), email)).statusCode).toBe(200);
  const reference = someReference();
  expect((await findOrder(b, client, reference, `${unique('b')}@example.ie`)).statusCode).toBe(200);
  expect((await findOrder(a, client, reference, `${unique('c')}@example.ie`)).statusCode).toBe(200);
  expect((await findOrder(b, client, reference, `${unique('d')}@example.ie`)).statusCode).toBe(200);
  expect((await findOrder(a, client, reference, `${unique('e')}@example.ie`)).statusCode).toBe(429);
  expect((await findOrder(a, someTestAddress(), reference, `${unique('f')}@example.ie`)).statusCode).toBe(
    200,
  );
}

const DESK_TOKEN = 'desk-token-for-the-shared-counter-tests';

async function signIn(app: FastifyInstance, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: ADMIN_API.session,
    remoteAddress,
    payload: { token: DESK_TOKEN },
  });
}

describe('two instances on one PostgreSQL', () => {
  let data: ReturnType<typeof tempDataDir>;
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeEach(async () => {
    data = tempDataDir();
    testDb = await createTestDatabase('postgres', data.dir, { migrated: true });
    for (const dir of ['a', 'b']) {
      apps.push(
        await buildTestApp({ DATA_DIR: `${data.dir}/${dir}`, ADMIN_TOKEN: DESK_TOKEN, ...testDb.env }),
      );
    }
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await testDb.remove();
    data.remove();
  });

  function pair(): [FastifyInstance, FastifyInstance] {
    const [a, b] = apps;
    if (!a || !b) throw new Error('no apps');
    return [a, b];
  }

  it('share the failed sign-ins: nine on A and one on B, and B refuses the address', async () => {
    const [a, b] = pair();
    await expectSignInsShared(a, b, '203.0.113.9');
  }, 30_000);

  it('answer at most ten wrong tokens as wrong per window when guesses arrive at once on both', async () => {
    const [a, b] = pair();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => failSignIn(i % 2 ? a : b, '203.0.113.11')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMITS.maxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - SIGN_IN_LIMITS.maxFailures);
    // The right token is never refused by the count (docs/product/orders.md §10.1), and forgets the failures
    // on both instances.
    expect((await signIn(a, '203.0.113.11')).statusCode).toBe(200);
    expect((await failSignIn(b, '203.0.113.11')).statusCode).toBe(401);
  }, 30_000);

  it("forget an address's failures on every instance once it signs in", async () => {
    const [a, b] = pair();
    const failures = () =>
      a.platform.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', storedRateLimitKey(`${SIGN_IN_COUNTER}:203.0.113.10`))
        .execute();
    await Promise.all([failSignIn(a, '203.0.113.10'), failSignIn(b, '203.0.113.10')]);
    expect(await failures()).toEqual([{ hits: 2 }]);
    expect((await signIn(b, '203.0.113.10')).statusCode).toBe(200);
    expect(await failures()).toEqual([]);
  });

  it('share "Find your order"\'s counts per address and per reference', async () => {
    const [a, b] = pair();
    await expectFindsShared(a, b);
    const rows = await a.platform.db.selectFrom('rate_limits').select('key').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('example');
    expect(JSON.stringify(rows)).not.toContain('SOL-');
  });
});

describe('two instances on one Redis', () => {
  let data: ReturnType<typeof tempDataDir>;
  const apps: FastifyInstance[] = [];

  beforeEach(async () => {
    data = tempDataDir();
    for (const dir of ['a', 'b']) {
      apps.push(
        await buildTestApp({
          DATA_DIR: `${data.dir}/${dir}`,
          ADMIN_TOKEN: DESK_TOKEN,
          REDIS_URL: TEST_REDIS_URL,
        }),
      );
    }
    // An app starts after 3 s without Redis and counts in its own memory until Redis answers (by design:
    // see appRedis). On a loaded CI machine the connection can take longer than that, and two instances
    // counting apart is not what these tests are about: they start once both are connected.
    for (const app of apps) {
      const redis = appRedis(app, TEST_REDIS_URL);
      if (redis.status !== 'ready') await once(redis, 'ready');
    }
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    data.remove();
  });

  it('share the failed sign-ins and "Find your order"\'s counts, though each has its own SQLite', async () => {
    const [a, b] = apps;
    if (!a || !b) throw new Error('no apps');
    const address = someTestAddress();
    await expectSignInsShared(a, b, address);
    await expectFindsShared(a, b);
    // Nothing counted in either database; a success forgets the failures in Redis.
    for (const app of [a, b])
      expect(await app.platform.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    const other = someTestAddress();
    await failSignIn(a, other);
    expect((await signIn(b, other)).statusCode).toBe(200);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.exists(redisCounterKey(SIGN_IN_COUNTER, other))).toBe(0);
      expect(await redis.exists(redisCounterKey(SIGN_IN_COUNTER, address))).toBe(1);
      await redis.del(redisCounterKey(SIGN_IN_COUNTER, address));
    } finally {
      await redis.quit();
    }
  }, 30_000);
});

describe('one instance on SQLite', () => {
  it('counts in memory, as before: no row written per sign-in failure or find', async () => {
    const data = tempDataDir();
    const app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN: DESK_TOKEN });
    try {
      await failSignIn(app, '192.0.2.50');
      for (let i = 0; i < 3; i++) {
        expect((await findOrder(app, '192.0.2.50', 'SOL-EEEEEEEE', `f${i}@example.ie`)).statusCode).toBe(200);
      }
      expect((await findOrder(app, '192.0.2.50', 'SOL-EEEEEEEE', 'g@example.ie')).statusCode).toBe(429);
      expect(await app.platform.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
      data.remove();
    }
  });
});
