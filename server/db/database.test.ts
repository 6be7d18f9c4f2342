import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout';
import { startServerProcess, tinyWebDist } from '../test-support/server-process';
import { tempDataDir } from '../test-support/test-app';
import { appliedMigrationCount, DATABASE_FILE, migrate, openDatabase } from './database';
import { MIGRATIONS } from './migrations';

const dirs: ReturnType<typeof tempDataDir>[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

function dataDir(): string {
  const data = tempDataDir();
  dirs.push(data);
  return data.dir;
}

// biome-ignore lint/suspicious/noExplicitAny: the tables as SQLite has them, whatever the migrations made.
async function rows(db: Kysely<any>, table: string): Promise<Record<string, unknown>[]> {
  return db.selectFrom(table).selectAll().execute();
}

describe('database', () => {
  it('opens in WAL mode, applies the migrations once and records them', async () => {
    const dir = dataDir();
    const first = await openDatabase(dir);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    expect(await migrate(first.db)).toEqual([]);
    await first.close();

    const second = await openDatabase(dir);
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      second.db,
    );
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
    expect(await appliedMigrationCount(second.db)).toBe(Object.keys(MIGRATIONS).length);
    await second.close();
  });

  it('two servers starting on one new DATA_DIR at once: one migrates, the other finds it done', async () => {
    const root = dataDir();
    const env = { DATA_DIR: path.join(root, 'data'), WEB_DIST_DIR: tinyWebDist(path.join(root, 'web')) };
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/health`)).status, server.output()).toBe(200);
      server.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }
    const { db, close } = await openDatabase(env.DATA_DIR);
    expect(await appliedMigrationCount(db)).toBe(Object.keys(MIGRATIONS).length);
    await close();
  }, 60_000);

  it('rolls a failed migration back entirely and refuses to start', async () => {
    const dir = dataDir();
    await (await openDatabase(dir)).close();
    const broken = {
      ...MIGRATIONS,
      '9999-broken': {
        // biome-ignore lint/suspicious/noExplicitAny: a migration's own signature.
        async up(db: Kysely<any>) {
          await db.schema.createTable('half_done').addColumn('id', 'text').execute();
          await sql`select * from no_such_table`.execute(db);
        },
      },
    };
    await expect(openDatabase(dir, broken)).rejects.toThrow(/migration failed \(9999-broken\)/);
    const again = await openDatabase(dir);
    const tables = await again.db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('half_done');
    await again.close();
  });

  it('refuses an order whose total is not the sum of its parts', async () => {
    const { db, close } = await openDatabase(dataDir());
    const at = new Date().toISOString();
    const insert = (total: number) =>
      db
        .insertInto('orders')
        .values({
          id: `ord_${total}`,
          provider: 'test-checkout',
          session_id: null,
          reference: null,
          status: 'pending',
          email: 'a@example.ie',
          zone: 'IE',
          currency: 'eur',
          subtotal: 4000,
          shipping: 0,
          gift_wrap: 350,
          total,
          item_count: 1,
          shipping_name: null,
          shipping_address: null,
          failure_reason: null,
          created_at: at,
          updated_at: at,
          paid_at: null,
          checked_at: null,
        })
        .execute();
    await expect(insert(100)).rejects.toThrow(/CHECK constraint/);
    await expect(insert(4350)).resolves.toBeDefined();
    await close();
  });
});

describe('a database made by the hand-written migration runner (data/ of a running shop)', () => {
  const PAID_SESSION = 'cs_test_a1b2c3d4e5f6g7h8i9j0';
  const OPEN_SESSION = 'cs_test_zyxwvuts9876543210ab';
  const AT = '2026-01-10T12:00:00.000Z';

  /** The old schema, exactly as that runner left it, with a paid order, an open one and one abandoned. */
  function legacyDatabase(dir: string): void {
    mkdirSync(dir, { recursive: true });
    const conn = new BetterSqlite3(path.join(dir, DATABASE_FILE));
    try {
      conn.pragma('journal_mode = WAL');
      conn.exec(readFileSync(path.join(__dirname, '../test-support/legacy-v1-schema.sql'), 'utf8'));
      const order = conn.prepare(
        `insert into orders (id, provider, session_id, status, email, zone, currency, subtotal, shipping,
          gift_wrap, total, item_count, shipping_name, shipping_address, failure_reason, created_at, updated_at,
          paid_at) values (?, 'test-checkout', ?, ?, 'shopper@example.ie', 'IE', 'eur', 4000, 0, 350, 4350, 1,
          null, null, null, ?, ?, ?)`,
      );
      order.run('ord_paid', PAID_SESSION, 'paid', AT, AT, AT);
      order.run('ord_open', OPEN_SESSION, 'pending', AT, AT, null);
      order.run('ord_abandoned', null, 'failed', AT, AT, null);
      const line = conn.prepare(
        `insert into order_lines (order_id, position, product_id, name, unit_price, quantity, line_total)
          values (?, 0, '1', 'First Light', 4000, 1, 4000)`,
      );
      for (const id of ['ord_paid', 'ord_open', 'ord_abandoned']) line.run(id);
      const mail = conn.prepare(
        `insert into outbox (order_id, kind, message_id, recipient, subject, text_body, html_body, status,
          attempts, next_attempt_ms, created_at) values ('ord_paid', ?, ?, ?, 'subject', 'text', '<p>html</p>',
          ?, ?, 0, ?)`,
      );
      mail.run('order-confirmation', '<m1@solas.test>', 'shopper@example.ie', 'sent', 1, AT);
      mail.run('owner-notification', '<m2@solas.test>', 'owner@solas.test', 'pending', 3, AT);
      conn
        .prepare(`insert into newsletter_signups (email, email_key, source, created_at) values (?, ?, ?, ?)`)
        .run('Reader@Example.ie', 'reader@example.ie', 'footer', AT);
      conn
        .prepare(
          `insert into test_checkout_sessions (id, order_id, status, payment_status, customer_email, zone,
            currency, amount_total, summary, success_url, cancel_url, created_at, expires_at_ms)
            values (?, 'ord_open', 'open', 'unpaid', 'shopper@example.ie', 'IE', 'eur', 4350, '{}', 's', 'c', ?, 0)`,
        )
        .run(OPEN_SESSION, AT);
    } finally {
      conn.close();
    }
  }

  it('upgrades in place: every row kept, references back-filled, the old runner table retired', async () => {
    const dir = dataDir();
    legacyDatabase(dir);
    const before: Record<string, Record<string, unknown>[]> = {};
    {
      const conn = new BetterSqlite3(path.join(dir, DATABASE_FILE), { readonly: true });
      for (const table of [
        'orders',
        'order_lines',
        'outbox',
        'newsletter_signups',
        'test_checkout_sessions',
      ]) {
        before[table] = conn.prepare(`select * from ${table} order by rowid`).all() as Record<
          string,
          unknown
        >[];
      }
      conn.close();
    }

    const { db, close } = await openDatabase(dir);
    try {
      expect(await appliedMigrationCount(db)).toBe(Object.keys(MIGRATIONS).length);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('schema_migrations');

      // Nothing lost or changed, only the new columns added.
      const orders = await rows(db, 'orders');
      expect(orders).toEqual(
        (before.orders ?? []).map((row) => ({
          ...row,
          reference: row.session_id ? orderReference(String(row.session_id)) : null,
          checked_at: null,
        })),
      );
      expect(orders.find((o) => o.id === 'ord_paid')?.reference).toBe('SOL-A1B2C3D4');
      expect(await rows(db, 'outbox')).toEqual(
        (before.outbox ?? []).map((row) => ({ ...row, reference: orderReference(PAID_SESSION) })),
      );
      for (const table of ['order_lines', 'newsletter_signups', 'test_checkout_sessions']) {
        expect(await rows(db, table), table).toEqual(before[table]);
      }

      // The upgraded database takes new rows with the rules of today's schema.
      await db.updateTable('orders').set({ reference: 'SOL-NEW' }).where('id', '=', 'ord_open').execute();
      await expect(
        db.updateTable('orders').set({ total: 1 }).where('id', '=', 'ord_open').execute(),
      ).rejects.toThrow(/CHECK constraint/);
    } finally {
      await close();
    }

    // A second start finds nothing to do.
    const again = await openDatabase(dir);
    expect(await migrate(again.db)).toEqual([]);
    await again.close();
  });
});
