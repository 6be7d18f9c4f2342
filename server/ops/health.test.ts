/**
 * /api/health answers within a second while the shop's requests wait for the database, and says what is
 * slow: on PostgreSQL with its pool filled by checkouts waiting behind a table lock another connection
 * holds, on SQLite while another process holds the write lock.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { DATABASE_FILE } from '../db/database';

const HEALTH_WITHIN_MS = 1_000;
/** The pool's wait for a connection where a test waits for it to run out (the shop's own is 5 s). */
const POOL_WAIT_MS = 1_500;

const CART = { email: 'health@example.ie', items: [{ id: '4', quantity: 1 }], zone: 'IE' };
const ORDER_PAGE = { reference: 'SOL-AB12CD34', key: 'k'.repeat(32) };

let data: ReturnType<typeof tempDataDir>;
const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(() => {
  data = tempDataDir();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  data.remove();
});

async function shopOn(
  dialect: TestDatabase['dialect'],
  env: Record<string, string> = {},
  tuning: { readonly databaseWaitMs?: number } = {},
) {
  const target = await createTestDatabase(dialect, data.dir);
  cleanups.push(() => target.remove());
  const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off', ...target.env, ...env }, tuning);
  cleanups.push(() => app.close());
  return { app, target };
}

/** GET /api/health and how long it took, on the app's real HTTP path. */
async function timedHealth(app: FastifyInstance) {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return {
    ms: performance.now() - started,
    status: res.statusCode,
    body: res.json() as Record<string, unknown>,
  };
}

/**
 * Another connection locks the orders table, as a long migration or a stuck transaction would, and more
 * order-page requests than the pool has connections (2) are sent: the test's answer once two of them wait
 * on the lock. `unlock` lets them through (the cleanup does it too).
 */
async function lockOrdersBehindPool(app: FastifyInstance, target: TestDatabase) {
  const location = target.location;
  if (typeof location === 'string' || location.dialect !== 'postgres') throw new Error('not PostgreSQL');

  // Another connection locks the orders table, as a long migration or a stuck transaction would.
  const locker = new pg.Client({
    connectionString: location.url,
    options: `-c search_path=${location.schema}`,
  });
  await locker.connect();
  let locked = true;
  const unlock = async () => {
    if (!locked) return;
    locked = false;
    await locker.query('rollback');
  };
  cleanups.push(async () => {
    await unlock();
    await locker.end();
  });
  await locker.query('begin');
  await locker.query('lock table orders in access exclusive mode');
  // More order-page requests than the pool has connections: every connection waits on the lock (their
  // select of the order), the rest wait for a connection.
  const waiting = Array.from({ length: 4 }, () =>
    app.inject({ method: 'POST', url: '/api/order-page', payload: ORDER_PAGE }),
  );
  await expect
    .poll(async () => {
      const res = await locker.query<{ n: string }>(
        `select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation
         where not l.granted and c.relname = 'orders' and c.relnamespace = $1::regnamespace`,
        [location.schema],
      );
      return Number(res.rows[0]?.n ?? 0);
    })
    .toBe(2);
  return { waiting, unlock };
}

describe('PostgreSQL with its pool saturated by a lock', () => {
  it('answers within a second from its own connection and names the connection pool as slow', async () => {
    const { app, target } = await shopOn('postgres', { DATABASE_POOL_MAX: '2' });
    expect((await app.inject({ method: 'POST', url: '/api/checkout', payload: CART })).statusCode).toBe(200);
    const { waiting, unlock } = await lockOrdersBehindPool(app, target);

    const health = await timedHealth(app);
    expect(health.ms).toBeLessThan(HEALTH_WITHIN_MS);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      ok: true,
      status: 'ready',
      dialect: 'postgres',
      reachable: true,
      pendingMigrations: 0,
      slow: ['connection-pool'],
    });
    // Asked again while the first statement through the pool still waits: as fast, the same answer.
    const again = await timedHealth(app);
    expect(again.ms).toBeLessThan(HEALTH_WITHIN_MS);
    expect(again.body).toMatchObject({ status: 'ready', slow: ['connection-pool'] });

    await unlock();
    // None of them is an order: each gets its 404 once the lock is gone.
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    await expect.poll(async () => (await timedHealth(app)).body.slow).toBeUndefined();
  });
  it("stays ready when the pool's wait for a connection runs out behind the lock: busy, not down", async () => {
    // The pool's wait for a connection (5 s in the shop) cut short: the test is what happens once it runs out.
    const { app, target } = await shopOn(
      'postgres',
      { DATABASE_POOL_MAX: '2' },
      { databaseWaitMs: POOL_WAIT_MS },
    );
    const { waiting } = await lockOrdersBehindPool(app, target);
    // Asked again and again until the first statement through the pool gave up its wait for a
    // connection (as have the two requests that waited for one): every answer is ready.
    const statuses: number[] = [];
    let gaveUp = 0;
    for (const request of waiting) void request.then(() => (gaveUp += 1));
    while (gaveUp < 2) {
      const health = await timedHealth(app);
      statuses.push(health.status);
      expect(health.body).toMatchObject({ status: 'ready', reachable: true });
    }
    // Asked while they waited and as their waits ran out, and once more after.
    expect(statuses.length).toBeGreaterThan(1);
    expect((await timedHealth(app)).body).toMatchObject({ status: 'ready', reachable: true });
  }, 20_000);
});

describe('SQLite while another process holds the write lock', () => {
  it('answers within a second and names the writes as slow', async () => {
    const { app } = await shopOn('sqlite');
    expect((await timedHealth(app)).body.slow).toBeUndefined();
    const other = new DatabaseSync(path.join(data.dir, DATABASE_FILE));
    cleanups.push(() => {
      other.close();
    });
    other.exec('begin exclusive');

    const health = await timedHealth(app);
    expect(health.ms).toBeLessThan(HEALTH_WITHIN_MS);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      ok: true,
      status: 'ready',
      dialect: 'sqlite',
      reachable: true,
      pendingMigrations: 0,
      slow: ['writes'],
    });

    other.exec('rollback');
    expect((await timedHealth(app)).body.slow).toBeUndefined();
  });
});
