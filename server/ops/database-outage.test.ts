/**
 * The database going away under a running instance, and coming back: API calls that need it answer 503
 * with Retry-After in the shop's `{ ok: false, error }` shape (never a crash), /api/health refuses
 * readiness, and the instance serves again once the database answers. PostgreSQL is reached through a TCP
 * proxy the test cuts (every connection dropped, new ones refused, as when the server or the network
 * goes) and restores. On both dialects, /api/health also refuses readiness while migrations are pending,
 * and a database that comes back empty (PostgreSQL's schema dropped and created again, SQLite's tables
 * gone, through a connection of their own as an operator or a restore would) answers 503, not 500, and is
 * migrated again without a restart.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../tests/support/tcp-proxy';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../tests/support/test-database';
import { DATABASE_FILE } from '../db/database';
import { MIGRATIONS } from '../db/migrations';
import { API_MESSAGES } from '../lib/api-support';

const CART = { email: 'outage@example.ie', items: [{ id: '4', quantity: 2 }], zone: 'IE' };

async function checkout(app: FastifyInstance) {
  const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: CART });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

async function health(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

let data: ReturnType<typeof tempDataDir>;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(() => {
  data = tempDataDir();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  data.remove();
});

async function testDatabase(dialect: TestDatabase['dialect']): Promise<TestDatabase> {
  const target = await createTestDatabase(dialect, data.dir);
  cleanups.push(() => target.remove());
  return target;
}

async function app(env: Record<string, string>): Promise<FastifyInstance> {
  const built = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off', ...env });
  cleanups.push(() => built.close());
  return built;
}

describe('PostgreSQL lost and back', () => {
  it('503 with Retry-After while it is unreachable, health not ready; serves again once it returns', async () => {
    const target = await testDatabase('postgres');
    const url = new URL(target.env.DATABASE_URL ?? '');
    const proxy = await startProxy(url.hostname, Number(url.port || 5432));
    cleanups.push(() => proxy.close());
    url.port = String(proxy.port);
    // Checkout's rate limit on (high enough for the polling below): its count lives in the same database
    // (the shared rate-limit store), and is the first thing that finds the database gone.
    const shop = await app({ ...target.env, DATABASE_URL: url.toString(), RATE_LIMITS: 'checkout=1000/60' });

    expect((await checkout(shop)).status).toBe(200);
    expect((await health(shop)).body).toEqual({
      ok: true,
      status: 'ready',
      database: 'ok',
      dialect: 'postgres',
      reachable: true,
      pendingMigrations: 0,
    });

    await proxy.cut();
    const refused = await checkout(shop);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ ok: false, error: API_MESSAGES.busy });
    expect(refused.headers['retry-after']).toBe('5');
    const notReady = await health(shop);
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({
      ok: false,
      status: 'unavailable',
      dialect: 'postgres',
      reachable: false,
    });
    expect(notReady.headers['retry-after']).toBe('5');

    await proxy.restore();
    // The pool opens a new connection on the next request: polled until then, however slow the host.
    await expect.poll(async () => (await checkout(shop)).status, { timeout: 15_000 }).toBe(200);
    expect((await health(shop)).status).toBe(200);
  });
});

describe.each(TEST_DIALECTS)('readiness on %s', (dialect) => {
  it('refuses readiness while a migration of this release is pending', async () => {
    const target = await testDatabase(dialect);
    const shop = await app(target.env);
    const { db } = shop.platform;
    const last = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    const name = last.rows[0]?.name ?? '';
    // As if another process had started migrating for this release and not committed yet.
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
    const migrating = await health(shop);
    expect(migrating.status).toBe(503);
    expect(migrating.body).toEqual({
      ok: false,
      status: 'migrating',
      database: 'migrating',
      dialect,
      reachable: true,
      pendingMigrations: 1,
    });
    expect(migrating.headers['retry-after']).toBe('5');
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      db,
    );
    expect((await health(shop)).status).toBe(200);
  });
});

/** Drops everything the shop created, from outside the running instance. */
async function emptyDatabase(target: TestDatabase): Promise<void> {
  const { location } = target;
  if (typeof location === 'string') {
    const native = new DatabaseSync(path.join(location, DATABASE_FILE));
    try {
      native.exec('pragma foreign_keys = OFF');
      const tables = native
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .all() as { name: string }[];
      for (const { name } of tables) native.exec(`drop table "${name}"`);
    } finally {
      native.close();
    }
    return;
  }
  const schema = location.dialect === 'postgres' ? location.schema : undefined;
  if (!schema) throw new Error('the PostgreSQL test database has no schema of its own');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema ${schema} cascade`);
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
}

describe.each(TEST_DIALECTS)('a database that comes back empty on %s', (dialect) => {
  it('checkout answers 503 with Retry-After, not 500, then serves again without a restart', async () => {
    const target = await testDatabase(dialect);
    // Checkout's rate limit on: on PostgreSQL its count lives in the database too (rate_limits).
    const shop = await app({ ...target.env, RATE_LIMITS: 'checkout=1000/60' });
    expect((await checkout(shop)).status).toBe(200);

    await emptyDatabase(target);
    const refused = await checkout(shop);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ ok: false, error: API_MESSAGES.busy });
    expect(refused.headers['retry-after']).toBe('5');

    // The refused request started the migrations again: waiting for that run, not for a time.
    await shop.platform.schemaRecovery.recover();
    expect((await checkout(shop)).status).toBe(200);
    expect((await health(shop)).status).toBe(200);
  });

  it('/api/health reports the empty database, then ready once the migrations ran again', async () => {
    const target = await testDatabase(dialect);
    const shop = await app(target.env);
    expect((await health(shop)).status).toBe(200);

    await emptyDatabase(target);
    const empty = await health(shop);
    expect(empty.status).toBe(503);
    expect(empty.headers['retry-after']).toBe('5');
    expect(empty.body).toEqual({
      ok: false,
      status: 'empty',
      database: 'empty',
      dialect,
      reachable: true,
      pendingMigrations: Object.keys(MIGRATIONS).length,
    });

    await shop.platform.schemaRecovery.recover();
    expect((await health(shop)).status).toBe(200);
    expect((await checkout(shop)).status).toBe(200);
  });
});
