/**
 * Every store of the shop on both dialects, one suite: the order store (exactly-once payment under
 * concurrency, the reconcile queue), the outbox sender (each message once, even with two senders), the
 * newsletter list and the test checkout's sessions. Routes and services never see the dialect; this
 * suite proves the stores hide it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceOrder } from '../../domain/cart/pricing';
import { deliveryPromise } from '../../domain/making/dispatch';
import { parseIsoDate } from '../../domain/shared/calendar-date';
import { cents } from '../../domain/shared/money';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { FEATURES } from '../app';
import { OutboxSender, outboxRow } from '../mail/outbox';
import type { MailTransport, OutgoingMail } from '../mail/transport';
import { newsletterConfirmationMail } from '../newsletter/newsletter-mail';
import { NewsletterStore } from '../newsletter/newsletter-store';
import { ORDERS_MAIL_KINDS } from '../orders';
import { OrderStore, type StoredOrder } from '../orders/order-store';
import type { ShippingDetails } from '../payments/provider';
import { createTestCheckoutProvider } from '../payments/test-checkout';
import { PLATFORM_TABLES } from '../platform';
import { type OpenDatabase, openDatabase } from './database';
import type { NewOutboxRow } from './schema';

const SHIPPING: ShippingDetails = {
  name: 'Aoife Byrne',
  address: {
    line1: '1 Main Street',
    line2: null,
    city: 'Galway',
    state: null,
    postalCode: 'H91 X2Y3',
    country: 'IE',
  },
};

const TOTALS = priceOrder(
  [
    { id: '1', name: 'First Light', unitPrice: cents(4000), quantity: 2 },
    { id: '5', name: 'Sea Glass', unitPrice: cents(3500), quantity: 1 },
  ],
  'IE',
  true,
);

const silentLog = { info() {}, warn() {}, error() {} };

/** The customer's and the owner's e-mail for a paid order, as the checkout queues them (checkout/mark-paid.ts). */
function mailPair(order: StoredOrder): NewOutboxRow[] {
  return [ORDERS_MAIL_KINDS.customer, ORDERS_MAIL_KINDS.owner].map((kind) =>
    outboxRow(
      {
        orderId: order.id,
        reference: order.reference ?? '',
        kind,
        to: kind === ORDERS_MAIL_KINDS.customer ? order.email : 'owner@solas.test',
        subject: 's',
        text: 't',
        html: '<p>h</p>',
      },
      'solas.test',
    ),
  );
}

/** Records what it was asked to send; the first `failures` sends fail (the mail server is down). */
function recordingTransport(failures = 0): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  let left = failures;
  return {
    description: 'memory',
    sent,
    async send(mail) {
      if (left > 0) {
        left -= 1;
        throw new Error('connection refused');
      }
      sent.push(mail);
      return 'accepted';
    },
    close() {},
  };
}

describe.each(TEST_DIALECTS)('the stores on %s', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let target: TestDatabase;
  let database: OpenDatabase;
  let orders: OrderStore;

  beforeEach(async () => {
    data = tempDataDir();
    target = await createTestDatabase(dialect, data.dir);
    database = await openDatabase(target.location);
    orders = new OrderStore(database.db);
  });

  afterEach(async () => {
    await database.close();
    await target.remove();
    data.remove();
  });

  /** A pending order of TOTALS with its payment session. */
  async function pendingOrder(id: string, sessionId: string | null): Promise<void> {
    await orders.createPending({
      id,
      provider: 'test-checkout',
      email: 'shopper@example.ie',
      totals: TOTALS,
      vat: { vatRate: 23, vatNumber: null },
    });
    if (sessionId) await orders.attachSession(id, sessionId);
  }

  it('stores an order with its lines and finds it by id and by session', async () => {
    await pendingOrder('ord_1', 'cs_test_a1b2c3d4e5f6g7h8');
    await expect(orders.attachSession('ord_1', 'cs_test_other')).rejects.toThrow(
      /already has a payment session/,
    );
    const order = await orders.findBySession('cs_test_a1b2c3d4e5f6g7h8');
    expect(order).toMatchObject({
      id: 'ord_1',
      reference: 'SOL-A1B2C3D4',
      status: 'pending',
      subtotal: TOTALS.subtotal,
      total: TOTALS.total,
      itemCount: 3,
      shippingDetails: null,
      paidAt: null,
    });
    expect(order?.lines.map((l) => [l.id, l.quantity, l.lineTotal])).toEqual([
      ['1', 2, 8000],
      ['5', 1, 3500],
    ]);
    expect(await orders.findById('ord_1')).toEqual(order);
    expect(await orders.findById('ord_missing')).toBeNull();
  });

  it('20 concurrent payments of one order: one paid order, one e-mail pair', async () => {
    await pendingOrder('ord_1', 'cs_test_a1b2c3d4e5f6g7h8');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => orders.markPaidAndQueue('ord_1', SHIPPING, mailPair)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await database.db.selectFrom('outbox').select(['kind', 'reference']).orderBy('id').execute();
    expect(rows).toEqual([
      { kind: ORDERS_MAIL_KINDS.customer, reference: 'SOL-A1B2C3D4' },
      { kind: ORDERS_MAIL_KINDS.owner, reference: 'SOL-A1B2C3D4' },
    ]);
    const paid = await orders.findById('ord_1');
    expect(paid).toMatchObject({ status: 'paid', shippingDetails: SHIPPING });
    expect(await orders.customerEmailStatus('ord_1', ORDERS_MAIL_KINDS.customer)).toBe('queued');
    // A paid order stays paid whatever arrives late.
    expect(await orders.markIfPending('ord_1', 'expired', 'late event')).toBe(false);
  });

  it('stores the dispatch date with the payment, once: the e-mails and later reads see the same date', async () => {
    await pendingOrder('ord_1', 'cs_test_a1b2c3d4e5f6g7h8');
    expect((await orders.findById('ord_1'))?.dispatchDate).toBeNull();
    const seen: (string | null)[] = [];
    const date = parseIsoDate('2026-11-26');
    expect(
      await orders.markPaidAndQueue(
        'ord_1',
        SHIPPING,
        (o) => {
          seen.push(o.dispatchDate);
          return mailPair(o);
        },
        { dispatchDate: date },
      ),
    ).toBe(true);
    // A late second confirmation with another date changes nothing.
    expect(
      await orders.markPaidAndQueue('ord_1', SHIPPING, mailPair, {
        dispatchDate: parseIsoDate('2026-11-27'),
      }),
    ).toBe(false);
    expect(seen).toEqual(['2026-11-26']);
    expect((await orders.findById('ord_1'))?.dispatchDate).toBe('2026-11-26');
    const row = await database.db.selectFrom('orders').select('dispatch_date').executeTakeFirstOrThrow();
    expect(row.dispatch_date).toBe('2026-11-26');
  });

  it('moves only pending orders to failed or expired', async () => {
    for (const id of ['ord_a', 'ord_b']) {
      await pendingOrder(id, null);
    }
    await orders.markAbandoned('ord_a', 'provider refused');
    expect(await orders.markIfPending('ord_a', 'expired', 'x')).toBe(false);
    expect(await orders.markIfPending('ord_b', 'expired', 'session expired')).toBe(true);
    expect((await orders.findById('ord_a'))?.status).toBe('failed');
    expect((await orders.findById('ord_b'))?.status).toBe('expired');
  });

  it('queues pending orders for reconcile: never checked first, the newest first, then the longest unchecked', async () => {
    for (const [i, id] of ['ord_1', 'ord_2', 'ord_3'].entries()) {
      await pendingOrder(id, `cs_test_session${i}abcdefgh`);
      // Created seconds apart, all before any check.
      const createdAt = new Date(Date.now() - (30 - 10 * i) * 1000).toISOString();
      await database.db.updateTable('orders').set({ created_at: createdAt }).where('id', '=', id).execute();
    }
    await pendingOrder('ord_nosession', null);
    const since = new Date(Date.now() - 60_000).toISOString();
    const passStart = new Date(Date.now() - 1).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    const first = await orders.pendingToReconcile(since, 2, later);
    expect(first.map((o) => o.id)).toEqual(['ord_3', 'ord_2']);
    for (const o of first) await orders.markChecked(o.id);
    // Within the same pass (checked since it began), the two checked ones are not taken again.
    expect((await orders.pendingToReconcile(since, 2, passStart)).map((o) => o.id)).toEqual(['ord_1']);
    // A later pass: the one never checked, then the one checked longest ago.
    expect((await orders.pendingToReconcile(since, 2, later)).map((o) => o.id)).toEqual(['ord_1', 'ord_3']);
    expect(await orders.pendingToReconcile(later, 2, later)).toEqual([]);
    expect(
      (
        await orders.pendingOfSessions(
          ['cs_test_session0abcdefgh', 'cs_test_session2abcdefgh', 'cs_other'],
          since,
        )
      ).map((o) => o.id),
    ).toEqual(['ord_3', 'ord_1']);
  });

  it('two outbox senders deliver every message exactly once, retrying a failed send', async () => {
    for (const i of [1, 2, 3]) {
      await pendingOrder(`ord_${i}`, `cs_test_${i}bcdefghijklmnop`);
      await orders.markPaidAndQueue(`ord_${i}`, SHIPPING, mailPair);
    }
    const transports = [recordingTransport(1), recordingTransport()];
    const senders = transports.map(
      (transport) =>
        new OutboxSender({
          db: database.db,
          transport,
          from: 'orders@solas.test',
          log: silentLog,
          timings: { retryBaseMs: 20, retryMaxMs: 50, pollMs: 50, leaseMs: 5_000 },
        }),
    );
    for (const sender of senders) sender.start();
    await expect
      .poll(async () =>
        database.db.selectFrom('outbox').select('status').where('status', '!=', 'sent').execute(),
      )
      .toEqual([]);
    for (const sender of senders) await sender.stop();
    const sent = transports.flatMap((t) => t.sent.map((m) => m.messageId));
    expect(sent).toHaveLength(6);
    expect(new Set(sent).size).toBe(6);
    const rows = await database.db.selectFrom('outbox').select(['attempts', 'sent_at']).execute();
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(7);
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    expect(await orders.customerEmailStatus('ord_1', ORDERS_MAIL_KINDS.customer)).toBe('sent');
  });

  /** A sender on `db` that sends through `transport`, with test timings. */
  function senderOn(db: OpenDatabase['db'], transport: MailTransport, leaseMs = 5_000): OutboxSender {
    return new OutboxSender({
      db,
      transport,
      from: 'orders@solas.test',
      log: silentLog,
      timings: { retryBaseMs: 20, retryMaxMs: 50, pollMs: 50, leaseMs },
    });
  }

  async function unsent() {
    return database.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute();
  }

  it('four instances draining one queue send every message exactly once', async () => {
    for (const i of Array.from({ length: 10 }, (_, n) => n)) {
      await pendingOrder(`ord_${i}`, `cs_test_${i}bcdefghijklmnop`);
      await orders.markPaidAndQueue(`ord_${i}`, SHIPPING, mailPair);
    }
    // Separate Kysely instances with their own connections, as separate processes have.
    const instances: OpenDatabase[] = [];
    for (const _ of [1, 2, 3, 4]) instances.push(await openDatabase(target.location));
    const transports = instances.map(() => recordingTransport());
    const senders = instances.map((instance, i) =>
      senderOn(instance.db, transports[i] ?? recordingTransport()),
    );
    try {
      for (const sender of senders) sender.start();
      await expect.poll(unsent, { timeout: 15_000 }).toEqual([]);
    } finally {
      for (const sender of senders) await sender.stop();
      for (const instance of instances) await instance.close();
    }
    const sent = transports.flatMap((t) => t.sent.map((m) => m.messageId));
    expect(sent).toHaveLength(20);
    expect(new Set(sent).size).toBe(20);
    const rows = await database.db.selectFrom('outbox').select(['attempts', 'locked_until_ms']).execute();
    expect(rows.every((r) => r.attempts === 1 && r.locked_until_ms === null)).toBe(true);
  });

  it('takes over a claim whose holder died once its lease ran out; the late holder records nothing', async () => {
    await pendingOrder('ord_1', 'cs_test_1bcdefghijklmnop');
    await orders.markPaidAndQueue('ord_1', SHIPPING, mailPair);
    // The first instance claims a message and never comes back from sending it.
    const attempted: OutgoingMail[] = [];
    let dieMidSend: (err: Error) => void = () => {};
    const stuck: MailTransport = {
      description: 'stuck',
      send(mail) {
        attempted.push(mail);
        return new Promise<string>((_resolve, reject) => {
          dieMidSend = reject;
        });
      },
      close() {},
    };
    const first = await openDatabase(target.location);
    const second = await openDatabase(target.location);
    const holder = senderOn(first.db, stuck, 300);
    const survivor = recordingTransport();
    const takeover = senderOn(second.db, survivor);
    try {
      holder.start();
      await expect.poll(() => attempted.length, { timeout: 15_000 }).toBe(1);
      const claimedId = attempted[0]?.outboxId;
      takeover.start();
      await expect.poll(unsent, { timeout: 15_000 }).toEqual([]);
      expect(survivor.sent.map((m) => m.outboxId).sort()).toEqual(
        (await database.db.selectFrom('outbox').select('id').execute()).map((r) => r.id).sort(),
      );
      // The holder's send finally fails: its lease is gone, so the row stays as the survivor left it.
      dieMidSend(new Error('connection reset'));
      await holder.stop();
      const row = await database.db
        .selectFrom('outbox')
        .select(['status', 'attempts', 'last_error', 'locked_until_ms'])
        .where('id', '=', claimedId ?? -1)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', attempts: 1, last_error: null, locked_until_ms: null });
    } finally {
      dieMidSend(new Error('test over'));
      await holder.stop();
      await takeover.stop();
      await first.close();
      await second.close();
    }
  });

  it('keeps one newsletter row per address, whatever its case', async () => {
    const newsletter = new NewsletterStore(database.db, {
      confirmationMail: (email, token) => newsletterConfirmationMail('http://shop.test', email, token),
      senderDomain: 'solas.test',
    });
    expect(await newsletter.signUp('Reader@Example.ie', 'footer')).toBe('confirmation-queued');
    expect(await newsletter.signUp('reader@example.IE', 'popup')).toBe('recently-sent');
    const rows = await database.db
      .selectFrom('newsletter_signups')
      .select(['id', 'email', 'source', 'status'])
      .execute();
    expect(rows).toEqual([
      { id: expect.any(Number), email: 'Reader@Example.ie', source: 'footer', status: 'pending' },
    ]);
  });

  it('keeps the test checkout sessions: created, declined, paid once', async () => {
    const provider = createTestCheckoutProvider({ db: database.db, publicUrl: 'http://shop.test' });
    await pendingOrder('ord_1', null);
    const created = await provider.createSession({
      orderId: 'ord_1',
      email: 'shopper@example.ie',
      zone: TOTALS.zone,
      lines: TOTALS.lines,
      shipping: TOTALS.shipping,
      giftWrap: TOTALS.giftWrap,
      total: TOTALS.total,
      delivery: deliveryPromise(new Date('2026-11-23T10:00:00Z'), TOTALS.zone),
      successUrl: 'http://shop.test/order/confirmed?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/cart',
    });
    await provider.recordDecline(created.id);
    expect(await provider.pay(created.id, SHIPPING)).toBe(true);
    expect(await provider.pay(created.id, SHIPPING)).toBe(false);
    expect(await provider.retrieveSession(created.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      orderId: 'ord_1',
      amountTotal: TOTALS.total,
      shipping: SHIPPING,
    });
    const row = await database.db
      .selectFrom('test_checkout_sessions')
      .select(['declines', 'expires_at_ms'])
      .executeTakeFirstOrThrow();
    expect(row.declines).toBe(1);
    expect(row.expires_at_ms).toBeGreaterThan(Date.now());
  });
});

/**
 * The one module that queries each table, reads and writes alike: a change to a table's columns or rules
 * has one file to follow, and no page keeps a copy of a query that drifts. The platform declares its
 * tables' stores (platform.ts `PLATFORM_TABLES`) and each feature its own (its declaration's `tables`, a
 * file of its folder); every table the migrations make needs one owner before its first query. Migrations
 * and test code are not stores.
 */
function tableOwners(): { owners: Map<string, string>; twice: string[] } {
  const owners = new Map<string, string>();
  const twice: string[] = [];
  const declare = (table: string, file: string) => {
    if (owners.has(table)) twice.push(table);
    owners.set(table, path.normalize(file));
  };
  for (const [table, file] of Object.entries(PLATFORM_TABLES)) if (file) declare(table, file);
  for (const { name, tables = {} } of FEATURES) {
    for (const [table, file] of Object.entries(tables)) if (file) declare(table, path.join(name, file));
  }
  return { owners, twice };
}

const TABLE_OWNERS = tableOwners();

describe('every table has one declared owner', () => {
  let data: ReturnType<typeof tempDataDir>;
  let target: TestDatabase;
  let database: OpenDatabase;

  beforeEach(async () => {
    data = tempDataDir();
    target = await createTestDatabase('sqlite', data.dir, { migrated: true });
    database = await openDatabase(target.location);
  });

  afterEach(async () => {
    await database.close();
    await target.remove();
    data.remove();
  });

  it('the tables the migrations make are the tables declared, each once', async () => {
    const made = (await database.db.introspection.getTables()).map((t) => t.name).sort();
    expect(TABLE_OWNERS.twice).toEqual([]);
    expect([...TABLE_OWNERS.owners.keys()].sort()).toEqual(made);
  });
});

/** Kysely's builders that name a table, and the prepared multi-row insert. */
const BUILDERS =
  'selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|preparedInsert';

describe("each table's queries live in its store", () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  const sources = (readdirSync(serverDir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    // Migrations (the platform's and each feature's migrations.ts) write the schema as it was then.
    .filter((f) => !f.startsWith('test-support') && path.basename(f) !== 'migrations.ts')
    .map((f) => ({ file: f, text: readFileSync(path.join(serverDir, f), 'utf8') }));
  // Raw SQL is looked at inside sql`...` templates only, so prose in comments ("from orders") is no query.
  const templates = (text: string) =>
    [...text.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)].map((m) => m[1] ?? '');

  /** The modules with a query of `table`: through a builder, sql.table() or raw SQL in a template. */
  function querying(table: string): string[] {
    const builder = new RegExp(`\\b(?:${BUILDERS})\\(\\s*['"\`]${table}\\b`);
    const named = new RegExp(`sql\\.table\\(\\s*['"\`]${table}\\b`);
    const raw = new RegExp(`\\b(?:from|join|into|update)\\s+"?${table}"?(?![\\w])`, 'i');
    return sources
      .filter(
        ({ text }) => builder.test(text) || named.test(text) || templates(text).some((t) => raw.test(t)),
      )
      .map(({ file }) => file)
      .sort();
  }

  it.each([...TABLE_OWNERS.owners])('only its store queries %s', (table, owner) => {
    expect(querying(table)).toEqual([owner]);
  });

  it.each([
    ["db.selectFrom('orders').selectAll()", true],
    ["db\n  .selectFrom(\n    'orders as o',\n  )", true],
    ["db.selectFrom('outbox').innerJoin('orders', 'orders.id', 'outbox.order_id')", true],
    ['await sql`select id from orders where email = $1`.execute(db)', true],
    ["const table = sql.table('orders');", true],
    ["db.selectFrom('order_lines')", false],
    ['// The lines come from orders placed since.', false],
  ])('sees a query of orders in %j: %s', (text, found) => {
    sources.push({ file: 'probe.ts', text });
    try {
      expect(querying('orders').includes('probe.ts')).toBe(found);
    } finally {
      sources.pop();
    }
  });
});
