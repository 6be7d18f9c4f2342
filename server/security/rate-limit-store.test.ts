/**
 * Shared rate limits: the database store on both dialects (one atomic count per request, from several
 * connections at once; windows that end; the sweep; no client address stored), two app instances on one
 * PostgreSQL holding one limit between them, and the same through Redis (REDIS_URL), which must answer
 * at TEST_REDIS_URL (scripts/ensure-redis.ts starts it before the unit tests; never skipped).
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../db/database';
import { buildTestApp, sleep, TEST_PUBLIC_URL, tempDataDir } from '../test-support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/test-database';
import { connectTestRedis, TEST_REDIS_URL } from '../test-support/test-redis';
import { REDIS_NAMESPACE } from './rate-limit';
import { countRequest, storedRateLimitKey, sweepRateLimits } from './rate-limit-store';

async function signUp(app: FastifyInstance, n: number) {
  return app.inject({
    method: 'POST',
    url: '/api/newsletter',
    headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
    payload: { email: `reader-${n}@example.ie`, source: 'home' },
  });
}

/** Sign-ups alternating between the instances; the status of each, in order. */
async function alternate(apps: readonly FastifyInstance[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const app = apps[n % apps.length];
    if (!app) throw new Error('no app');
    statuses.push((await signUp(app, n)).statusCode);
  }
  return statuses;
}

describe.each(TEST_DIALECTS)('shared rate-limit counts (%s)', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let testDb: TestDatabase;
  const opened: OpenDatabase[] = [];

  beforeEach(async () => {
    data = tempDataDir();
    testDb = await createTestDatabase(dialect, data.dir);
    // Two connections (pools on PostgreSQL) to one database, as two instances have.
    opened.push(await openDatabase(testDb.location));
    opened.push(await openDatabase(testDb.location));
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

  it('counts concurrent requests from two connections exactly once each', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => countRequest(db(i % 2), 'checkout:203.0.113.7', 60_000)),
    );
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const c of counts) {
      expect(c.ttl).toBeGreaterThan(55_000);
      expect(c.ttl).toBeLessThanOrEqual(60_000);
    }
    // Another client and another limit count apart.
    expect((await countRequest(db(0), 'checkout:203.0.113.8', 60_000)).current).toBe(1);
    expect((await countRequest(db(1), 'newsletter:203.0.113.7', 60_000)).current).toBe(1);
  });

  it('starts a new window once the last one is over, and the sweep deletes only windows that are over', async () => {
    await countRequest(db(0), 'pay:198.51.100.1', 150);
    expect((await countRequest(db(1), 'pay:198.51.100.1', 150)).current).toBe(2);
    await countRequest(db(0), 'pay:198.51.100.2', 60_000);
    await sleep(250);
    const fresh = await countRequest(db(1), 'pay:198.51.100.1', 150);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(0);
    await sleep(250);
    expect(await sweepRateLimits(db(0))).toBe(1);
    const rows = await db(0).selectFrom('rate_limits').select(['key', 'hits']).execute();
    expect(rows).toEqual([{ key: storedRateLimitKey('pay:198.51.100.2'), hits: 1 }]);
  });

  it('stores a hash of the limit and client, never the client address', async () => {
    await countRequest(db(0), 'confirm:2001:db8:1:2::', 60_000);
    const [row] = await db(0).selectFrom('rate_limits').selectAll().execute();
    expect(row?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.key).not.toContain('2001');
  });
});

describe('two instances on one PostgreSQL', () => {
  let data: ReturnType<typeof tempDataDir>;
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeEach(async () => {
    data = tempDataDir();
    testDb = await createTestDatabase('postgres', data.dir);
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await testDb.remove();
    data.remove();
  });

  it('share each limit: the fourth sign-up of a 3-a-minute limit is refused, whichever instance gets it', async () => {
    for (const _ of [1, 2]) {
      apps.push(await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'newsletter=3/60', ...testDb.env }));
    }
    expect(await alternate(apps, 5)).toEqual([200, 200, 200, 429, 429]);
    const refused = await signUp(apps[0] as FastifyInstance, 9);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ ok: false });
    const [row] = await (apps[1] as FastifyInstance).commerce.db
      .selectFrom('rate_limits')
      .select('hits')
      .execute();
    expect(row?.hits).toBe(6);
  });
});

describe('on SQLite without REDIS_URL', () => {
  it('counts in memory, as one process always did (no table write per request)', async () => {
    const data = tempDataDir();
    const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'newsletter=2/60' });
    try {
      expect(await alternate([app], 3)).toEqual([200, 200, 429]);
      expect(await app.commerce.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
      data.remove();
    }
  });
});

describe('REDIS_URL', () => {
  let redis: Redis;
  let data: ReturnType<typeof tempDataDir>;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    redis = await connectTestRedis();
  });

  afterAll(async () => {
    await redis.quit();
  });

  beforeEach(async () => {
    data = tempDataDir();
    const keys = await redis.keys(`${REDIS_NAMESPACE}*`);
    if (keys.length > 0) await redis.del(...keys);
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    data.remove();
  });

  it('is where two instances count: the limit holds across both', async () => {
    for (const dir of ['a', 'b']) {
      apps.push(
        await buildTestApp({
          DATA_DIR: `${data.dir}/${dir}`,
          RATE_LIMITS: 'newsletter=3/60',
          REDIS_URL: TEST_REDIS_URL,
        }),
      );
    }
    expect(await alternate(apps, 5)).toEqual([200, 200, 200, 429, 429]);
    expect((await redis.keys(`${REDIS_NAMESPACE}*`)).length).toBeGreaterThan(0);
  });

  it('a Redis that does not answer costs the limits, never the requests', async () => {
    const app = await buildTestApp({
      DATA_DIR: data.dir,
      RATE_LIMITS: 'newsletter=1/60',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    apps.push(app);
    expect(await alternate([app], 3)).toEqual([200, 200, 200]);
  });

  it('is checked at start', async () => {
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL: must be a redis:/);
    expect(loadConfig({}).redisUrl).toBeNull();
  });
});
