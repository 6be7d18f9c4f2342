import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import type { FulfilmentStatus } from '../../domain/orders/admin-api';
import { startServerProcess, tinyWebDist } from '../../tests/support/server-process';
import { migrationsBefore } from '../../tests/support/store-suite';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { appliedMigrationCount, DATABASE_FILE, executeAtomically, migrate, openDatabase } from './database';
import { MIGRATIONS } from './migrations';
import type { Database } from './schema';

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

describe('database (SQLite)', () => {
  it("refuses to open before the shop's features declared their migrations, and creates nothing", async () => {
    // This worker's modules have the shop declared (tests/support/test-database.ts does it on import):
    // the database module and its migrations afresh are a script that forgot declareShop().
    vi.resetModules();
    const undeclared = await import('./database');
    const dir = dataDir();
    await expect(undeclared.openDatabase(dir)).rejects.toThrow(
      "The database opened before the shop's features declared their migrations: call declareShop() (server/app.ts) first",
    );
    expect(existsSync(path.join(dir, DATABASE_FILE))).toBe(false);
  });

  it("opens in WAL mode, with temporary files (the savepoints' statement journals) in memory", async () => {
    const { db, close } = await openDatabase(dataDir());
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    // 2 is MEMORY: a group commit's savepoints journal their pages without a system call.
    const temp = await sql<{ temp_store: number }>`pragma temp_store`.execute(db);
    expect(temp.rows[0]?.temp_store).toBe(2);
    await close();
  });

  it("keeps the WAL bounded with SQLite's own automatic checkpoint", async () => {
    const dir = dataDir();
    const { db, close } = await openDatabase(dir);
    const file = path.join(dir, DATABASE_FILE);
    const wal = `${file}-wal`;
    const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(auto.rows[0]?.wal_autocheckpoint).toBe(1_000);
    await sql`create table filler (id integer primary key, body text not null)`.execute(db);
    // 1,500 commits of two pages or more each: never checkpointed, the WAL would hold all of them (over
    // 12 MB); checkpointed every 1,000 pages, it restarts from its beginning and stays near 4 MB.
    const commits = 1_500;
    const rowBytes = 8_000;
    let largest = 0;
    for (let i = 0; i < commits; i++) {
      await executeAtomically(db, [
        sql`insert into filler (body) values (${`${i}-`.padEnd(rowBytes, 'x')})`.compile(db),
      ]);
      largest = Math.max(largest, statSync(wal).size);
    }
    expect(largest).toBeLessThan(6 * 1024 * 1024);
    // The checkpoints copied the rows into the database file itself.
    expect(statSync(file).size).toBeGreaterThan(commits * rowBytes * 0.5);
    await close();
  });

  it('writes a set of statements all or none', async () => {
    const { db, close } = await openDatabase(dataDir());
    await sql`create table pair (id integer primary key)`.execute(db);
    const insert = (id: number) => sql`insert into pair (id) values (${id})`.compile(db);
    await executeAtomically(db, [insert(1), insert(2)]);
    await expect(executeAtomically(db, [insert(3), insert(1)])).rejects.toThrow(/UNIQUE/);
    const stored = await sql<{ id: number }>`select id from pair order by id`.execute(db);
    expect(stored.rows.map((r) => r.id)).toEqual([1, 2]);
    await close();
  });
});

describe.each(TEST_DIALECTS)('database (%s)', (dialect) => {
  let target: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    dir = dataDir();
    target = await createTestDatabase(dialect, path.join(dir, 'data'));
  });
  afterEach(async () => {
    await target.remove();
  });

  it('applies the migrations once and records them', async () => {
    const first = await openDatabase(target.location);
    expect(first.dialect).toBe(dialect);
    expect(await migrate(first.db)).toEqual([]);
    await first.close();

    const second = await openDatabase(target.location);
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      second.db,
    );
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
    expect(await appliedMigrationCount(second.db)).toBe(Object.keys(MIGRATIONS).length);
    await second.close();
  });

  it('refuses a database that recorded a migration this release does not know, as the Migrator does', async () => {
    const first = await openDatabase(target.location);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-release', '2027-01-01T00:00:00.000Z')`.execute(
      first.db,
    );
    await first.close();
    await expect(openDatabase(target.location)).rejects.toThrow(/Database migration failed/);
  });

  it('two servers starting on one new database at once: one migrates, the other finds it done', async () => {
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST_DIR: tinyWebDist(path.join(dir, 'web')),
      ...target.env,
    };
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/health`)).status, server.output()).toBe(200);
      server.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }
    const { db, close } = await openDatabase(target.location);
    expect(await appliedMigrationCount(db)).toBe(Object.keys(MIGRATIONS).length);
    await close();
  }, 60_000);

  it('rolls a failed migration back entirely and refuses to start', async () => {
    await (await openDatabase(target.location)).close();
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
    await expect(openDatabase(target.location, broken)).rejects.toThrow(/migration failed \(9999-broken\)/);
    const again = await openDatabase(target.location);
    await expect(sql`select * from half_done`.execute(again.db)).rejects.toThrow(/half_done/);
    expect(await appliedMigrationCount(again.db)).toBe(Object.keys(MIGRATIONS).length);
    await again.close();
  });

  it('gives each order a refund in part had left "partially refunded" its making state back', async () => {
    const REFUND_KEEPS_STATE = '0020-refund-keeps-making-state';
    const before = migrationsBefore(REFUND_KEEPS_STATE);
    const STARTED = '2026-01-11T09:00:00.000Z';
    const DISPATCHED = '2026-01-12T09:00:00.000Z';
    const DELIVERED = '2026-01-13T09:00:00.000Z';
    const REFUNDED = '2026-01-14T09:00:00.000Z';
    const old = await openDatabase(target.location, before);
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['ord_paid', {}, false],
      ['ord_started', {}, true],
      ['ord_review', { review_reason: 'Amount does not match' }, false],
      ['ord_review_started', { review_reason: 'Amount does not match' }, true],
      ['ord_dispatched', { dispatched_at: DISPATCHED }, true],
      ['ord_delivered', { dispatched_at: DISPATCHED, delivered_at: DELIVERED }, true],
    ];
    for (const [id, columns, started] of cases) {
      await insertOrder(old.db, id, 4350);
      await old.db
        .updateTable('orders')
        .set({
          status: 'paid',
          paid_at: AT,
          refunded: 500,
          updated_at: REFUNDED,
          ...columns,
          desk_status: 'partially_refunded' as FulfilmentStatus,
        })
        .where('id', '=', id)
        .execute();
      const event = (kind: 'status' | 'refund', at: string, text: string) => ({
        order_id: id,
        at,
        kind,
        actor: 'owner' as const,
        text,
        amount: null,
        dedupe_key: null,
      });
      await old.db
        .insertInto('order_events')
        .values([
          ...(started ? [event('status', STARTED, 'Production started')] : []),
          event('refund', REFUNDED, 'Refunded €5.00'),
        ])
        .execute();
    }
    // Untouched: an order no refund moved, and one refunded in full.
    await insertOrder(old.db, 'ord_making', 4350);
    await old.db
      .updateTable('orders')
      .set({ status: 'paid', desk_status: 'in_production' })
      .where('id', '=', 'ord_making')
      .execute();
    await insertOrder(old.db, 'ord_refunded', 4350);
    await old.db
      .updateTable('orders')
      .set({ status: 'paid', desk_status: 'refunded', refunded: 4350 })
      .where('id', '=', 'ord_refunded')
      .execute();
    await old.close();

    const { db, close } = await openDatabase(target.location);
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'desk_status', 'refunded', 'updated_at'])
      .orderBy('id')
      .execute();
    await close();
    expect(orders).toEqual([
      { id: 'ord_delivered', desk_status: 'delivered', refunded: 500, updated_at: REFUNDED },
      { id: 'ord_dispatched', desk_status: 'dispatched', refunded: 500, updated_at: REFUNDED },
      { id: 'ord_making', desk_status: 'in_production', refunded: 0, updated_at: AT },
      { id: 'ord_paid', desk_status: 'paid', refunded: 500, updated_at: REFUNDED },
      { id: 'ord_refunded', desk_status: 'refunded', refunded: 4350, updated_at: AT },
      { id: 'ord_review', desk_status: 'needs_review', refunded: 500, updated_at: REFUNDED },
      // In production since it was started (the shopper's order page says so), not since the refund.
      { id: 'ord_review_started', desk_status: 'in_production', refunded: 500, updated_at: STARTED },
      { id: 'ord_started', desk_status: 'in_production', refunded: 500, updated_at: STARTED },
    ]);
  });

  it('refuses an order whose total is not the sum of its parts', async () => {
    const { db, close } = await openDatabase(target.location);
    await expect(insertOrder(db, 'ord_100', 100)).rejects.toThrow(/check constraint/i);
    await expect(insertOrder(db, 'ord_4350', 4350)).resolves.toBeDefined();
    await close();
  });

  it('hands back generated ids and epoch milliseconds as numbers; one message per order and kind', async () => {
    const { db, close } = await openDatabase(target.location);
    await insertOrder(db, 'ord_1', 4350);
    const later = Date.UTC(2100, 0, 1);
    const mail = (kind: string) => ({
      order_id: 'ord_1',
      reference: 'SOL-A1B2C3D4',
      kind,
      message_id: `<${kind}@solas.test>`,
      recipient: 'shopper@example.ie',
      subject: 'subject',
      text_body: 'text',
      html_body: '<p>html</p>',
      status: 'pending' as const,
      attempts: 0,
      next_attempt_ms: later,
      locked_until_ms: later + 1,
      last_error: null,
      created_at: AT,
      sent_at: null,
    });
    await db
      .insertInto('outbox')
      .values([mail('a'), mail('b')])
      .execute();
    const stored = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
    expect(stored.map((r) => [typeof r.id, r.next_attempt_ms, r.locked_until_ms])).toEqual([
      ['number', later, later + 1],
      ['number', later, later + 1],
    ]);
    expect(stored[1]?.id).toBeGreaterThan(stored[0]?.id ?? Number.POSITIVE_INFINITY);
    // The same order and kind twice: the database refuses the second.
    await expect(db.insertInto('outbox').values(mail('a')).execute()).rejects.toThrow(/unique/i);
    await close();
  });
});

describe('PostgreSQL connections', () => {
  /** PostgreSQL's SSLRequest: length 8, then the code 1234.5679. */
  const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

  /** A server that records each connection's first message and answers "no TLS here". */
  async function firstMessages(): Promise<{ url: string; seen: Buffer[]; close: () => void }> {
    const seen: Buffer[] = [];
    const server = createServer((socket) => {
      socket.once('data', (chunk) => {
        seen.push(chunk);
        socket.end('N');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `postgres://shop@127.0.0.1:${port}/solas`, seen, close: () => server.close() };
  }

  it.each([
    ['asks for TLS when the URL says sslmode=require', '?sslmode=require', true],
    ['does not without it', '', false],
  ])('%s', async (_name, query, tls) => {
    const server = await firstMessages();
    try {
      const opening = openDatabase({ dialect: 'postgres', url: `${server.url}${query}`, poolMax: 1 });
      await expect(opening).rejects.toThrow();
      expect(server.seen[0]?.subarray(0, 8).equals(SSL_REQUEST)).toBe(tls);
    } finally {
      server.close();
    }
  });
});

const AT = '2026-01-10T12:00:00.000Z';

const DESK_STATUS_OF: Record<string, string> = {
  pending: 'pending',
  paid: 'paid',
  failed: 'failed',
  expired: 'abandoned',
};
const DESK_NULL_COLUMNS = [
  'payment_id',
  'carrier',
  'tracking_number',
  'tracking_url',
  'dispatched_at',
  'delivered_at',
  'review_reason',
  'cancel_reason',
  'dispute_reason',
  'dispute_respond_by',
  'dispute_amount',
  'refund_claimed_ms',
];

function insertOrder(db: Kysely<Database>, id: string, total: number) {
  return db
    .insertInto('orders')
    .values({
      id,
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
      created_at: AT,
      updated_at: AT,
      paid_at: null,
      checked_at: null,
      desk_status: 'pending',
      dispatch_date: null,
    })
    .execute();
}

describe('a database made by the hand-written migration runner (data/ of a running shop)', () => {
  const PAID_SESSION = 'cs_test_a1b2c3d4e5f6g7h8i9j0';
  const OPEN_SESSION = 'cs_test_zyxwvuts9876543210ab';

  /** The old schema, exactly as that runner left it, with a paid order, an open one and one abandoned. */
  function legacyDatabase(dir: string): void {
    mkdirSync(dir, { recursive: true });
    const conn = new DatabaseSync(path.join(dir, DATABASE_FILE));
    try {
      conn.exec('pragma journal_mode = WAL');
      conn.exec(readFileSync(path.join(__dirname, '../../tests/support/legacy-v1-schema.sql'), 'utf8'));
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
      const conn = new DatabaseSync(path.join(dir, DATABASE_FILE), { readOnly: true });
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
          // 0007-order-desk: the desk status back-filled from the payment status, the rest empty.
          desk_status: DESK_STATUS_OF[String(row.status)],
          refunded: 0,
          ...Object.fromEntries(DESK_NULL_COLUMNS.map((c) => [c, null])),
          // 0008's order_key went in 0022-hashed-page-keys (the keys' hashes live in order_keys).
          gift_message: null,
          // Orders paid before 0005 keep no dispatch date (their e-mails promised ranges of days).
          dispatch_date: null,
          // 0015-discounts: no discount on any order before it.
          discount: 0,
          discount_code: null,
          // 0017-quotes: no order before it paid a quote.
          quote_reference: null,
          enquiry_id: null,
          // 0032-order-channel: every order before it came from the web (none paid a quote here).
          channel: 'web',
          payment_method: null,
          request_key: null,
          checkout_url: null,
          // 0034-order-vat: an order before it is read with the first start's VAT rate and number.
          vat_rate_bp: null,
          vat_number: null,
          // 0041-order-gift-cards-sold: no order before it bought a gift card.
          gift_cards_sold: 0,
          // 0043-order-settled-vat: no order before it was priced by the VAT rules.
          vat_total: null,
          vat_not_charged: 0,
        })),
      );
      expect(orders.find((o) => o.id === 'ord_paid')?.reference).toBe('SOL-A1B2C3D4');
      expect(await rows(db, 'outbox')).toEqual(
        (before.outbox ?? []).map((row) => ({
          ...row,
          reference: orderReference(PAID_SESSION),
          list_unsubscribe: null,
          // 0019-outbox-reply-to: no message before it answered anyone but the shop.
          reply_to: null,
          // 0022-hashed-page-keys: a sent e-mail keeps what the desk shows of it, not its text.
          ...(row.status === 'sent' ? { subject: '', text_body: '', html_body: '' } : {}),
        })),
      );
      expect(await rows(db, 'withdrawal_notices')).toEqual([]);
      // Sign-ups from before double opt-in were never confirmed: pending, each with its own token.
      const signups = await rows(db, 'newsletter_signups');
      expect(signups).toEqual(
        (before.newsletter_signups ?? []).map((row) => ({
          ...row,
          status: 'pending',
          // Its SHA-256: the plain token is only ever in an e-mail.
          token: expect.stringMatching(/^[0-9a-f]{64}$/),
          confirmation_sent_at: null,
          confirmed_at: null,
        })),
      );
      // Every line ordered before sizes was made in Medium.
      expect(await rows(db, 'order_lines')).toEqual(
        // …and keeps the picture its product had when the catalogue moved into the database (0011).
        (before.order_lines ?? []).map((row) => ({
          ...row,
          size: 'M',
          image: /^([1-9]|1[0-9]|2[0-7])$/.test(String(row.product_id))
            ? `/img/product-${row.product_id}-1`
            : null,
          // 0032-order-channel: no line before it had the owner's own price.
          price_reason: null,
        })),
      );
      for (const table of ['test_checkout_sessions']) {
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
