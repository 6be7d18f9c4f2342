/**
 * Shared rate limits: the database store on both dialects (one atomic count per request, from several
 * connections at once; windows that end; the sweep; no client address stored; the plugin's store
 * coalescing one turn's requests of a key into one statement, counted by a Kysely plugin on the
 * database the store is given), two app instances on one
 * PostgreSQL holding one limit between them, and the same through Redis (REDIS_URL), which must answer
 * at TEST_REDIS_URL (scripts/ensure-redis.ts starts it before the unit tests; never skipped).
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  DeleteQueryNode,
  InsertQueryNode,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { connectTestRedis, someTestAddress, TEST_REDIS_URL } from '../../tests/support/test-redis';
import { type OpenDatabase, openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { REDIS_NAMESPACE } from './rate-limit';
import {
  countRequest,
  databaseRateLimitStore,
  RATE_LIMIT_BATCH_MAX,
  type RateCount,
  storedRateLimitKey,
  sweepRateLimits,
} from './rate-limit-store';

async function signUp(app: FastifyInstance, n: number, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/newsletter',
    remoteAddress,
    headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
    payload: { email: `reader-${n}@example.ie`, source: 'home' },
  });
}

/** Sign-ups alternating between the instances; the status of each, in order. */
async function alternate(
  apps: readonly FastifyInstance[],
  count: number,
  remoteAddress?: string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const app = apps[n % apps.length];
    if (!app) throw new Error('no app');
    statuses.push((await signUp(app, n, remoteAddress)).statusCode);
  }
  return statuses;
}

/** Counts the inserts (the counts: the sweep deletes) sent through the database it is added to. */
class InsertCounter implements KyselyPlugin {
  inserts = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(args.node)) this.inserts += 1;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Resolves `swept` once a delete (the sweep) sent through the database it is added to has finished. */
class SweepWatcher implements KyselyPlugin {
  private deletes = new WeakSet<object>();
  private done: () => void = () => {};
  readonly swept = new Promise<void>((resolve) => {
    this.done = resolve;
  });

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (DeleteQueryNode.is(args.node)) this.deletes.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.deletes.has(args.queryId)) this.done();
    return args.result;
  }
}

/**
 * A clock the test moves by hand: windows of a few hundred milliseconds end when the test says, however
 * long the host takes between two counts.
 */
function manualClock(start = Date.parse('2026-11-24T12:00:00Z')) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

const quietLog = { warn: () => {} };

/** The plugin's store over `db`, as the app makes it, and the number of counting statements it sent. */
function storeOver(
  db: Kysely<Database>,
  clock?: () => number,
): { store: FastifyRateLimitStore; statements: () => number } {
  const counter = new InsertCounter();
  const counted = db.withPlugin(counter);
  const Store = databaseRateLimitStore(() => counted, quietLog, clock);
  return { store: new Store({}), statements: () => counter.inserts };
}

/** One request through the store, as the plugin asks (a callback). */
function incr(store: FastifyRateLimitStore, key: string, timeWindow: number): Promise<RateCount> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (err, result) => (err ? reject(err) : result ? resolve(result) : reject(new Error('no count'))),
      timeWindow,
      0,
    );
  });
}

/** `count` requests for `key` in one turn; their counts in the order they were made. */
function burst(store: FastifyRateLimitStore, key: string, count: number, timeWindow = 60_000) {
  return Promise.all(Array.from({ length: count }, () => incr(store, key, timeWindow)));
}

function oneTo(n: number, from = 1): number[] {
  return Array.from({ length: n }, (_, i) => from + i);
}

describe.each(TEST_DIALECTS)('shared rate-limit counts (%s)', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let testDb: TestDatabase;
  const opened: OpenDatabase[] = [];

  beforeEach(async () => {
    data = tempDataDir();
    testDb = await createTestDatabase(dialect, data.dir, { migrated: true });
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

  it('counts one turn of requests for a key in one statement, 1..N in the order they came', async () => {
    const { store, statements } = storeOver(db(0));
    const first = await burst(store, 'checkout:203.0.113.7', 40);
    expect(first.map((c) => c.current)).toEqual(oneTo(40));
    expect(statements()).toBe(1);
    for (const c of first) {
      expect(c.ttl).toBeGreaterThan(55_000);
      expect(c.ttl).toBeLessThanOrEqual(60_000);
      expect(c.ttl).toBe(first[0]?.ttl);
    }
    // The next turn adds to the same window.
    expect((await burst(store, 'checkout:203.0.113.7', 10)).map((c) => c.current)).toEqual(oneTo(10, 41));
    expect(statements()).toBe(2);
    const rows = await db(1).selectFrom('rate_limits').select('hits').execute();
    expect(rows).toEqual([{ hits: 50 }]);
  });

  it('counts two keys of one turn in two statements, each 1..n', async () => {
    const { store, statements } = storeOver(db(0));
    const a: Promise<RateCount>[] = [];
    const b: Promise<RateCount>[] = [];
    for (let i = 0; i < 25; i += 1) {
      a.push(incr(store, 'checkout:203.0.113.7', 60_000));
      if (i % 2 === 0) b.push(incr(store, 'checkout:203.0.113.8', 60_000));
    }
    expect((await Promise.all(a)).map((c) => c.current)).toEqual(oneTo(25));
    expect((await Promise.all(b)).map((c) => c.current)).toEqual(oneTo(13));
    expect(statements()).toBe(2);
  });

  it('starts the new window at N when a batch comes after a window ended, and hands out 1..N', async () => {
    const time = manualClock();
    const { store, statements } = storeOver(db(0), time.clock);
    for (const n of [1, 2, 3]) expect((await incr(store, 'pay:198.51.100.1', 150)).current).toBe(n);
    time.advance(250);
    const fresh = await burst(store, 'pay:198.51.100.1', 5, 150);
    expect(fresh.map((c) => c.current)).toEqual(oneTo(5));
    for (const c of fresh) expect(c.ttl).toBe(150);
    expect(statements()).toBe(4);
    expect(await db(1).selectFrom('rate_limits').select('hits').execute()).toEqual([{ hits: 5 }]);
  });

  it('fails every request of a batch whose statement fails, and counts the next batch', async () => {
    const { store, statements } = storeOver(db(0));
    await sql`alter table rate_limits rename to rate_limits_away`.execute(db(1));
    const failed = await Promise.allSettled(
      Array.from({ length: 10 }, () => incr(store, 'checkout:203.0.113.7', 60_000)),
    );
    expect(statements()).toBe(1);
    for (const r of failed) {
      expect(r.status).toBe('rejected');
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/rate_limits/);
    }
    await sql`alter table rate_limits_away rename to rate_limits`.execute(db(1));
    expect((await burst(store, 'checkout:203.0.113.7', 3)).map((c) => c.current)).toEqual(oneTo(3));
    expect(statements()).toBe(2);
  });

  it(`counts a batch at once when it reaches ${RATE_LIMIT_BATCH_MAX} requests`, async () => {
    const { store, statements } = storeOver(db(0));
    const total = RATE_LIMIT_BATCH_MAX * 2 + 7;
    const counts = (await burst(store, 'checkout:203.0.113.7', total)).map((c) => c.current);
    expect(statements()).toBe(3);
    // The three statements may run at once on PostgreSQL's pool, in any order: each batch is a run of
    // consecutive counts, and together they count every request once.
    expect([...counts].sort((a, b) => a - b)).toEqual(oneTo(total));
    for (let start = 0; start < total; start += RATE_LIMIT_BATCH_MAX) {
      const batch = counts.slice(start, start + RATE_LIMIT_BATCH_MAX);
      expect(batch).toEqual(oneTo(batch.length, batch[0]));
    }
  });

  it('counts the requests of two stores on two connections (two instances) exactly once each', async () => {
    const stores = [storeOver(db(0)), storeOver(db(1))];
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const s = stores[i % 2];
        if (!s) throw new Error('no store');
        return incr(s.store, 'checkout:203.0.113.7', 60_000);
      }),
    );
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(oneTo(40));
    // Each instance's own requests keep their order within its batch.
    for (const parity of [0, 1]) {
      const mine = counts.filter((_, i) => i % 2 === parity).map((c) => c.current);
      expect(mine).toEqual([...mine].sort((a, b) => a - b));
    }
    expect(stores.map((s) => s.statements())).toEqual([1, 1]);
  });

  it('starts a new window once the last one is over, and the sweep deletes only windows that are over', async () => {
    const { clock, advance } = manualClock();
    await countRequest(db(0), 'pay:198.51.100.1', 150, clock);
    advance(100);
    expect((await countRequest(db(1), 'pay:198.51.100.1', 150, clock)).current).toBe(2);
    await countRequest(db(0), 'pay:198.51.100.2', 60_000, clock);
    advance(150);
    const fresh = await countRequest(db(1), 'pay:198.51.100.1', 150, clock);
    expect(fresh).toEqual({ current: 1, ttl: 150 });
    advance(149);
    expect(await sweepRateLimits(db(0), clock)).toBe(0);
    advance(1);
    expect(await sweepRateLimits(db(0), clock)).toBe(1);
    const rows = await db(0).selectFrom('rate_limits').select(['key', 'hits']).execute();
    expect(rows).toEqual([{ key: storedRateLimitKey('pay:198.51.100.2'), hits: 1 }]);
  });

  it("keeps the clock it is given, in its counts and its sweep (the test app's, shared with other counters)", async () => {
    // A clock two days behind the real one, as the order page's tests run: a window it opens ends, in
    // real time, long ago. Another counter of the same table keeps the same clock.
    const past = Date.parse('2026-11-22T10:00:00Z');
    const clock = () => past;
    expect((await countRequest(db(0), 'find:a@example.ie', 3_600_000, clock)).current).toBe(1);
    const watcher = new SweepWatcher();
    const watched = db(1).withPlugin(watcher);
    const Store = databaseRateLimitStore(() => watched, quietLog, clock);
    const store = new Store({});
    // The store's first count sweeps at once, in the background: waited for, not slept on.
    const first = await incr(store, 'newsletter:198.51.100.9', 60_000);
    expect(first).toEqual({ current: 1, ttl: 60_000 });
    await watcher.swept;
    expect((await countRequest(db(0), 'find:a@example.ie', 3_600_000, clock)).current).toBe(2);
    expect((await incr(store, 'newsletter:198.51.100.9', 60_000)).current).toBe(2);
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
    testDb = await createTestDatabase('postgres', data.dir, { migrated: true });
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
    const [row] = await (apps[1] as FastifyInstance).platform.db
      .selectFrom('rate_limits')
      .select('hits')
      .execute();
    expect(row?.hits).toBe(6);
  });
  it('answers every request of a burst whose count failed through the error handler, none left waiting', async () => {
    const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'newsletter=30/60', ...testDb.env });
    apps.push(app);
    await sql`alter table rate_limits rename to rate_limits_away`.execute(app.platform.db);
    const failed = await Promise.all(Array.from({ length: 6 }, (_, n) => signUp(app, n)));
    // A missing table is answered as the database being unavailable (db/schema-recovery.ts).
    expect(failed.map((r) => r.statusCode)).toEqual(Array(6).fill(503));
    await sql`alter table rate_limits_away rename to rate_limits`.execute(app.platform.db);
    expect((await signUp(app, 7)).statusCode).toBe(200);
  });
});

describe('on SQLite without REDIS_URL', () => {
  it('counts in memory, as one process always did (no table write per request)', async () => {
    const data = tempDataDir();
    const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'newsletter=2/60' });
    try {
      expect(await alternate([app], 3)).toEqual([200, 200, 429]);
      expect(await app.platform.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
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

  // Each test counts for an address of its own. Redis keeps a run's counts for the window, and other test
  // files count in the same Redis at the same time (shared-counters.test.ts): deleting the shop's keys
  // here, as this file once did, wiped their counts in the middle of their tests.
  let address: string;
  beforeEach(() => {
    data = tempDataDir();
    address = someTestAddress();
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
    expect(await alternate(apps, 5, address)).toEqual([200, 200, 200, 429, 429]);
    // The address is stored only as a hash (personal data): its limit's key, and nothing with it in clear.
    // The key names the limit and the client, nothing else (no route's method and URL, which a limit
    // the request guard counts has not).
    expect(await redis.keys(`*${storedRateLimitKey(address)}`)).toEqual([
      `${REDIS_NAMESPACE}newsletter:${storedRateLimitKey(address)}`,
    ]);
    expect(await redis.keys(`*${address}*`)).toEqual([]);
    expect(await redis.keys(`${REDIS_NAMESPACE}undefined*`)).toEqual([]);
  });

  it('a Redis that does not answer costs the limits, never the requests', async () => {
    const app = await buildTestApp({
      DATA_DIR: data.dir,
      RATE_LIMITS: 'newsletter=1/60',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    apps.push(app);
    expect(await alternate([app], 3, address)).toEqual([200, 200, 200]);
  });

  it('is checked at start', async () => {
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL: must be a redis:/);
    expect(loadConfig({}).redisUrl).toBeNull();
  });
});
