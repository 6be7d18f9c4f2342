/**
 * The schema's history, run by Kysely's `Migrator` at start (see ./database.ts and
 * docs/decisions/0008-migrations.md). A migration is never edited once released: change the schema with a new
 * one. Names sort in the order they run, across the platform and the features: this file holds the platform's
 * tables' migrations, and those that change the tables of several features at once (each says whose: one
 * migration is one step of a database's history, so it cannot be split between folders without renaming
 * what databases have recorded). Each feature keeps its own in `server/<feature>/migrations.ts` and
 * declares them (its declaration.ts, handed to the platform by app.ts's `declareShop`), and `MIGRATIONS`
 * is the one list the Migrator runs. Everything is written with Kysely's schema and query builders and SQL
 * that SQLite and PostgreSQL share, so both dialects run the same list; the few spots where they differ
 * ask `dialectOf` and say why. A database SQLite already has keeps exactly the schema these migrations gave
 * it before PostgreSQL was added.
 */
import { randomBytes } from 'node:crypto';
import { type Migration, sql } from 'kysely';
import { dialectOf } from './dialect';
import { type AnyDb, addIndex, epochMsType, migrationSteps, serialKey, sha256Hex } from './migration-kit';

/** The hand-written runner that came before the Migrator recorded its versions in this table. */
const LEGACY_RUNNER_TABLE = 'schema_migrations';

/** True when the hand-written runner had already applied `version` to this database. */
async function legacyRunnerApplied(db: AnyDb, version: number): Promise<boolean> {
  // That runner only ever ran on SQLite (and PostgreSQL's introspection would list other schemas' tables).
  if (dialectOf(db) !== 'sqlite') return false;
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === LEGACY_RUNNER_TABLE)) return false;
  const row = await db
    .selectFrom(LEGACY_RUNNER_TABLE)
    .select('version')
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

async function createInitialSchema(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired')`),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('shipping', 'integer', (c) => c.notNull().check(sql`shipping >= 0`))
    .addColumn('gift_wrap', 'integer', (c) => c.notNull().check(sql`gift_wrap >= 0`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total = subtotal + shipping + gift_wrap`))
    .addColumn('item_count', 'integer', (c) => c.notNull().check(sql`item_count > 0`))
    .addColumn('shipping_name', 'text')
    .addColumn('shipping_address', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await addIndex(db, 'orders_status_created', 'orders', ['status', 'created_at']);

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('line_total', 'integer', (c) => c.notNull().check(sql`line_total = unit_price * quantity`))
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_ms', epochMsType(db), (c) => c.notNull())
    .addColumn('locked_until_ms', epochMsType(db))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    // The database itself refuses a second confirmation or notification for the same order.
    .addUniqueConstraint('outbox_one_per_kind', ['order_id', 'kind'])
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_ms']).execute();

  await db.schema
    .createTable('newsletter_signups')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('test_checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'complete', 'expired')`))
    .addColumn('payment_status', 'text', (c) => c.notNull().check(sql`payment_status in ('unpaid', 'paid')`))
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_total', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('shipping_name', 'text')
    .addColumn('shipping_address', 'text')
    .addColumn('declines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at_ms', epochMsType(db), (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
}

/**
 * 'SOL-' + characters 8 to 15 of the session id, upper-cased, in SQL both dialects run. Frozen here as
 * the rule stood when the column was added (today's rule is `orderReference` in domain/checkout/checkout.ts): a
 * migration must back-fill what the shop had already told its shoppers, whatever the rule becomes later.
 */
function referenceSql(sessionIdColumn: string) {
  return sql<string>`'SOL-' || upper(substr(${sql.ref(sessionIdColumn)}, 9, 8))`;
}

/**
 * The owner's order desk (docs/product/orders.md §10): the order's place in the desk's flow beside the payment
 * status (which stays the provider's word), what fulfilment, refunds and disputes recorded, and the tables
 * of owner sessions, the audit trail, the order's timeline and its private notes.
 */
async function addOrderDeskSchema(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  // SQLite adds a NOT NULL column only with a default (overwritten right below for existing rows);
  // PostgreSQL adds it empty and makes it NOT NULL after the back-fill, as in 0002.
  await db.schema
    .alterTable('orders')
    .addColumn('desk_status', 'text', (c) => (postgres ? c : c.notNull().defaultTo('pending')))
    .execute();
  await db
    .updateTable('orders')
    .set({
      desk_status: sql<string>`case status when 'paid' then 'paid' when 'expired' then 'abandoned' when 'failed' then 'failed' else 'pending' end`,
    })
    .execute();
  if (postgres) {
    await db.schema
      .alterTable('orders')
      .alterColumn('desk_status', (c) => c.setNotNull())
      .execute();
  }
  await db.schema
    .alterTable('orders')
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of [
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
  ]) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('orders').addColumn('dispute_amount', 'integer').execute();
  // While a desk refund is with the provider: a second click or tab finds it taken (docs/product/orders.md §10.5).
  await db.schema.alterTable('orders').addColumn('refund_claimed_ms', epochMsType(db)).execute();
  await addIndex(db, 'orders_desk_status_paid', 'orders', ['desk_status', 'paid_at']);
  await db.schema.createIndex('orders_payment_id').on('orders').column('payment_id').execute();

  await db.schema
    .createTable('admin_sessions')
    // SHA-256 of the cookie's secret: a copy of the database does not sign anyone in.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_ms', epochMsType(db), (c) => c.notNull())
    .addColumn('last_used_ms', epochMsType(db), (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('at', 'text', (c) => c.notNull())
    /** The first characters of the session's hash ('token' for Bearer scripts). */
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_at').on('admin_audit').column('at').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer')
    // A provider's refund, dispute or event id: the same one is recorded once, whoever reports it first.
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('order_notes')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order').on('order_notes').columns(['order_id', 'id']).execute();
}

/**
 * SQLite cannot drop a NOT NULL constraint: the table is rebuilt from its own stored definition with the
 * one constraint edited (SQLite's documented way to change a column), so whatever columns earlier
 * migrations added are kept, in order, with every row and index. Nothing references the outbox.
 */
async function sqliteDropOutboxOrderNotNull(db: AnyDb): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'outbox'`.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition) throw new Error('outbox table not found');
  const edited = definition.replace(/("order_id" text) not null/i, '$1');
  if (edited === definition) throw new Error('outbox.order_id is not declared as expected');
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'outbox' and sql is not null`.execute(
    db,
  );
  await sql.raw(edited.replace(/^create table "outbox"/i, 'create table "outbox_rebuilt"')).execute(db);
  await sql`insert into outbox_rebuilt select * from outbox`.execute(db);
  await sql`drop table outbox`.execute(db);
  await sql`alter table outbox_rebuilt rename to outbox`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

const PLATFORM_MIGRATIONS = migrationSteps({
  // Orders and their lines (orders), the outbox (platform), the newsletter's sign-ups and the test
  // checkout's sessions (payments): the first schema, all features' tables in one step.
  '0001-initial-schema': {
    async up(db: AnyDb) {
      // A database created by the hand-written runner already has exactly this schema (its version 1):
      // adopt it as it is, keeping every row, and retire the runner's own table.
      if (!(await legacyRunnerApplied(db, 1))) await createInitialSchema(db);
      await db.schema.dropTable(LEGACY_RUNNER_TABLE).ifExists().execute();
    },
  },

  // The orders' reference and the outbox's copy of it, back-filled from the orders: both in one step.
  '0002-order-reference': {
    async up(db: AnyDb) {
      // Null until the provider's session exists: the reference is derived from its id.
      await db.schema.alterTable('orders').addColumn('reference', 'text').execute();
      await db
        .updateTable('orders')
        .set({ reference: referenceSql('session_id') })
        .where('session_id', 'is not', null)
        .execute();
      // Every new outbox row carries its order's reference. SQLite adds a NOT NULL column only with a
      // default: '' serves the ALTER there and is overwritten for existing rows right below (SQLite
      // databases keep that default). PostgreSQL adds the column empty and makes it NOT NULL after the
      // back-fill, with no default that could hide a row queued without its reference.
      const postgres = dialectOf(db) === 'postgres';
      await db.schema
        .alterTable('outbox')
        .addColumn('reference', 'text', (c) => (postgres ? c : c.notNull().defaultTo('')))
        .execute();
      // What the sender used to compute for each row: the order's reference, or from the order id when
      // the order had no session (never the case for a paid order).
      await db
        .updateTable('outbox')
        .set((eb) => ({
          reference: eb.fn.coalesce(
            eb.selectFrom('orders').select('orders.reference').whereRef('orders.id', '=', 'outbox.order_id'),
            referenceSql('outbox.order_id'),
          ),
        }))
        .execute();
      if (postgres) {
        await db.schema
          .alterTable('outbox')
          .alterColumn('reference', (c) => c.setNotNull())
          .execute();
      }
    },
  },

  '0006-shared-rate-limits': {
    async up(db: AnyDb) {
      // Rate-limit counts that every instance on one database shares (server/security/rate-limit-store.ts):
      // one row per limit and client, counted in one statement, deleted once its window is over. The key
      // is a hash: no client address is stored.
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('window_ends_ms', epochMsType(db), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_expiry').on('rate_limits').column('window_ends_ms').execute();
    },
  },

  // The orders' desk columns (orders), the owner's sessions and audit trail (platform), the order's
  // events and notes (fulfilment).
  '0007-order-desk': addOrderDeskSchema,

  // The newsletter's double opt-in and the outbox's mail without an order (platform).
  '0009-newsletter-privacy': {
    async up(db: AnyDb) {
      // Double opt-in: a sign-up is pending until its link is followed. Rows from before had no
      // confirmation, so they start pending (the retention job erases them unless they confirm).
      await db.schema
        .alterTable('newsletter_signups')
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed')`),
        )
        .execute();
      // The secret of the confirmation and unsubscribe links (random, 128 bits and more).
      await db.schema.alterTable('newsletter_signups').addColumn('token', 'text').execute();
      await db.schema.alterTable('newsletter_signups').addColumn('confirmation_sent_at', 'text').execute();
      await db.schema.alterTable('newsletter_signups').addColumn('confirmed_at', 'text').execute();
      const rows = await db.selectFrom('newsletter_signups').select('id').execute();
      for (const row of rows) {
        await db
          .updateTable('newsletter_signups')
          .set({ token: randomBytes(24).toString('base64url') })
          .where('id', '=', row.id)
          .execute();
      }
      await addIndex(db, 'newsletter_signups_token', 'newsletter_signups', ['token'], { unique: true });

      // Newsletter e-mails go through the outbox too, and belong to no order.
      if (dialectOf(db) === 'postgres') {
        await db.schema
          .alterTable('outbox')
          .alterColumn('order_id', (c) => c.dropNotNull())
          .execute();
      } else {
        await sqliteDropOutboxOrderNotNull(db);
      }
      // The one-click unsubscribe URL of a newsletter e-mail (RFC 8058 headers); null for order e-mail.
      await db.schema.alterTable('outbox').addColumn('list_unsubscribe', 'text').execute();
      // The retention job looks rows up by age and by recipient.
      await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
      await db.schema.createIndex('outbox_recipient').on('outbox').column('recipient').execute();
    },
  },

  '0010-desk-requests': {
    async up(db: AnyDb) {
      // The desk's Idempotency-Key per action and order (server/fulfilment/fulfilment-store.ts): the primary key makes
      // a repeated submission one change on every instance. Rows older than a day are deleted.
      await db.schema
        .createTable('desk_requests')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
    },
  },

  // The discount codes' tables (offers) and the orders' discount columns (orders).
  '0015-discounts': createDiscountTables,
  '0019-outbox-reply-to': {
    async up(db: AnyDb) {
      // Where a reply to the message goes (its Reply-To), when not to the shop: the owner's copy of an
      // enquiry answers the client (docs/product/enquiries.md §16). A checked address or null, never typed text.
      await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
    },
  },
  // Writes the orders' desk status (orders) from the order's events (fulfilment): orders, below
  // fulfilment, may not read fulfilment's table, nor fulfilment write the orders'.
  '0020-refund-keeps-making-state': restoreMakingStates,
  // The order keys (orders), the quote keys (quotes) and the sent e-mails' bodies (platform).
  '0022-hashed-page-keys': hashPageKeys,
  '0025-people': createPeople,
  // The audit trail's actor (platform), the order's events' and notes' (fulfilment).
  '0026-named-actors': nameActors,
});

/**
 * The order and quote pages' keys are kept as SHA-256 hashes, several per order or quote (every e-mail
 * carries a key of its own; docs/product/order-flow.md §6.8): a copy of the database opens no page. The plain keys
 * stored so far are hashed into the new tables, so every link already sent keeps working, and their
 * columns go. The bodies of e-mails already sent go too: they carry the same links (the outbox keeps
 * what the desk shows of a sent e-mail, docs/product/order-flow.md §6.6).
 */
async function hashPageKeys(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_keys_order').on('order_keys').column('order_id').execute();
  await db.schema
    .createTable('quote_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('quote_reference', 'text', (c) =>
      c.notNull().references('quotes.reference').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_keys_quote').on('quote_keys').column('quote_reference').execute();

  const at = new Date().toISOString();
  const orders = (await db
    .selectFrom('orders')
    .select(['id', 'order_key'])
    .where('order_key', 'is not', null)
    .execute()) as { id: string; order_key: string }[];
  for (let i = 0; i < orders.length; i += 500) {
    const slice = orders.slice(i, i + 500);
    await db
      .insertInto('order_keys')
      .values(slice.map((o) => ({ key_hash: sha256Hex(o.order_key), order_id: o.id, created_at: at })))
      .execute();
  }
  const quotes = (await db
    .selectFrom('quotes')
    .select(['reference', 'quote_key'])
    .where('quote_key', 'is not', null)
    .execute()) as { reference: string; quote_key: string }[];
  for (let i = 0; i < quotes.length; i += 500) {
    const slice = quotes.slice(i, i + 500);
    await db
      .insertInto('quote_keys')
      .values(
        slice.map((q) => ({
          key_hash: sha256Hex(q.quote_key),
          quote_reference: q.reference,
          created_at: at,
        })),
      )
      .execute();
  }
  await db.schema.alterTable('orders').dropColumn('order_key').execute();
  await db.schema.alterTable('quotes').dropColumn('quote_key').execute();
  await db
    .updateTable('outbox')
    .set({ subject: '', text_body: '', html_body: '', list_unsubscribe: null })
    .where('status', '=', 'sent')
    .execute();
}

/**
 * A refund in part used to replace the order's desk status with `partially_refunded`, which hid an order
 * still to make from the work list and the packing slips. A refund is money, not a step of making
 * (docs/product/orders.md §10.3): each such order gets back the state its own columns and events tell. Delivered
 * or dispatched by their times; before dispatch, in production when the owner started it (a `status`
 * event: before dispatch the only one is "Production started"), else needs review while its reason is
 * still set, else paid. An order back in production is so since it was started, which is what the
 * shopper's order page reads from `updated_at` (the refund had moved it).
 */
async function restoreMakingStates(db: AnyDb): Promise<void> {
  const startedAt = db
    .selectFrom('order_events')
    .select((eb) => eb.fn.max('order_events.at').as('at'))
    .whereRef('order_events.order_id', '=', 'orders.id')
    .where('order_events.kind', '=', 'status');
  await db
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.fn.coalesce(startedAt, 'updated_at') }))
    .where('desk_status', '=', 'partially_refunded')
    .where('dispatched_at', 'is', null)
    .execute();
  await db
    .updateTable('orders')
    .set({
      desk_status: sql`case
        when refunded >= total then 'refunded'
        when delivered_at is not null then 'delivered'
        when dispatched_at is not null then 'dispatched'
        when exists (select 1 from order_events where order_events.order_id = orders.id
          and order_events.kind = 'status') then 'in_production'
        when review_reason is not null then 'needs_review'
        else 'paid' end`,
    })
    .where('desk_status', '=', 'partially_refunded')
    .execute();
}

/**
 * Discount codes and their reservations (server/offers/discount-store.ts, docs/product/numbers.md §4.2a,
 * docs/decisions/0016-discount-reservations.md). A reservation row is one use of a code held by one
 * checkout: 'reserved' while the checkout is open, 'used' once paid, 'released' when it expired or was
 * cancelled. The shopper's address is kept as a hash only (enough for "once per e-mail address").
 */
async function createDiscountTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    // Upper case: codes are case-insensitive (domain/offers/discounts.ts normalizeDiscountCode).
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('percent_off', 'integer', (c) => c.check(sql`percent_off between 1 and 90`))
    .addColumn('amount_off', 'integer', (c) => c.check(sql`amount_off > 0`))
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('once_per_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // Bumped by every reservation: the row lock that serialises checkouts of one code on PostgreSQL.
    .addColumn('reservations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('discount_codes_one_value', sql`(percent_off is null) <> (amount_off is null)`)
    .execute();

  await db.schema
    .createTable('discount_reservations')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().references('discount_codes.code'))
    .addColumn('session_id', 'text')
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('reserved', 'used', 'released')`))
    // When an unpaid checkout's hold ends even if the shop never hears of its expiry (the hosted
    // checkout's own lifetime plus a margin).
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'discount_reservations_code_state', 'discount_reservations', ['code', 'state']);
  await addIndex(db, 'discount_reservations_session', 'discount_reservations', ['session_id']);

  // The order's discount off the items (cents) and the code that gave it (null: none, or the tier's).
  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute();
}

/**
 * People who sign in to the desk (server/security/people-store.ts, docs/security.md): each with a role and
 * passkeys; invitations, recovery codes and WebAuthn challenges kept as what a copy of the database cannot
 * use (hashes, or a challenge that is single use and minutes long). A session names its person (null: the
 * shop's token signed in before anybody existed) and the device it was opened on.
 */
async function createPeople(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    /** Lower-cased; one person per address. */
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    /** The WebAuthn user handle (random, never the e-mail). */
    .addColumn('user_handle', 'text', (c) => c.notNull().unique())
    .addColumn('created_ms', epochMsType(db), (c) => c.notNull())
    .addColumn('last_seen_ms', epochMsType(db))
    .execute();
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    /** The credential id, base64url: what an assertion names. */
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    /** The COSE public key, base64url. */
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', epochMsType(db), (c) => c.notNull())
    /** JSON array of the authenticator's transports. */
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_ms', epochMsType(db), (c) => c.notNull())
    .addColumn('last_used_ms', epochMsType(db))
    .execute();
  await db.schema.createIndex('passkeys_person').on('passkeys').column('person_id').execute();
  await db.schema
    .createTable('person_invitations')
    /** SHA-256 (hex) of the link's token. */
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('expires_ms', epochMsType(db), (c) => c.notNull())
    .addColumn('created_ms', epochMsType(db), (c) => c.notNull())
    .execute();
  await addIndex(db, 'person_invitations_person', 'person_invitations', ['person_id']);
  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_ms', epochMsType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_person').on('recovery_codes').column('person_id').execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    /** 'register' or 'sign-in'. */
    .addColumn('purpose', 'text', (c) => c.notNull())
    /** Whose registration it is (null for a sign-in: the passkey says who). */
    .addColumn('person_id', 'text')
    .addColumn('expires_ms', epochMsType(db), (c) => c.notNull())
    .execute();
  await db.schema.alterTable('admin_sessions').addColumn('person_id', 'text').execute();
  /** "Chrome on Android": what the person sees in the list of devices. */
  await db.schema.alterTable('admin_sessions').addColumn('device', 'text').execute();
  /** Signed in with a recovery code or a setup link: the desk asks for a new passkey first. */
  await db.schema
    .alterTable('admin_sessions')
    .addColumn('needs_passkey', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('admin_sessions_person').on('admin_sessions').column('person_id').execute();
}

/**
 * Who did it, by name: an audit row, an order's event and a note name the person (or "API token"); the
 * rows written before people existed name nobody (null).
 */
async function nameActors(db: AnyDb): Promise<void> {
  await db.schema.alterTable('admin_audit').addColumn('actor_name', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('actor_name', 'text').execute();
  await db.schema.alterTable('order_notes').addColumn('actor_name', 'text').execute();
}

const declared: Record<string, Migration> = { ...PLATFORM_MIGRATIONS };
let featuresDeclared = false;

/**
 * Every migration declared so far, the platform's and each feature's, in the order they run (by name).
 * The features' are added by `declareMigrations` before the database opens (app.ts), so this one list is
 * what the Migrator, the health check and the tests read.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = declared;

/**
 * Adds a feature's migrations to `MIGRATIONS`. Declaring the same set again changes nothing; a name
 * another set already holds is an error, found at start, not a migration silently replaced.
 */
export function declareMigrations(migrations: Readonly<Record<string, Migration>>): void {
  const added = Object.entries(migrations).filter(([name, migration]) => declared[name] !== migration);
  const taken = added.find(([name]) => declared[name] !== undefined);
  if (taken) throw new Error(`Two migrations are named ${taken[0]}`);
  featuresDeclared = true;
  if (added.length === 0) return;
  for (const [name, migration] of added) declared[name] = migration;
  // Object keys keep their insertion order: put them back in the order they run.
  const all = Object.entries(declared).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name] of all) delete declared[name];
  for (const [name, migration] of all) declared[name] = migration;
}

/**
 * The list a database opens with, once the features have declared theirs (`declareShop()` in app.ts, which
 * the app, the scripts and the tests' database support call first). A database opened before would record
 * the platform's migrations alone, and the features', named between them, could then never run: the
 * Migrator refuses a migration older than the last it ran. That is refused here instead, naming the fix.
 */
export function shopMigrations(): Readonly<Record<string, Migration>> {
  if (!featuresDeclared) {
    throw new Error(
      "The database opened before the shop's features declared their migrations: call declareShop() (server/app.ts) first",
    );
  }
  return MIGRATIONS;
}
