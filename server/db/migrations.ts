/**
 * The schema's history, run by Kysely's `Migrator` at start (see ./database.ts and
 * docs/decisions/0008-migrations.md). A migration is never edited once released: change the schema with a
 * new one. Names sort in the order they run. Everything is written with Kysely's schema and query builders
 * and SQL that SQLite and PostgreSQL share, so both dialects run the same list; the few spots where they
 * differ ask `dialectOf` and say why. A database SQLite already has keeps exactly the schema these
 * migrations gave it before PostgreSQL was added.
 */
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from './dialect';

// Migrations run against the schema as it was then, not as ./schema.ts types it today.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>;

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

/**
 * A generated integer key: SQLite's `integer primary key autoincrement` (what SQLite databases already
 * have), PostgreSQL's identity column (int4, so it comes back as a JS number like SQLite's).
 */
function serialKey(db: AnyDb) {
  return (c: ColumnDefinitionBuilder) =>
    dialectOf(db) === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
}

/**
 * Epoch milliseconds exceed a 32-bit integer: PostgreSQL needs int8 (read back as numbers, see
 * ./database.ts); SQLite's `integer` already holds 64 bits, and its databases keep the type they have.
 */
function epochMsType(db: AnyDb) {
  return dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
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
  await db.schema
    .createIndex('orders_status_created')
    .on('orders')
    .columns(['status', 'created_at'])
    .execute();

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
 * the rule stood when the column was added (today's rule is `orderReference` in domain/checkout.ts): a
 * migration must back-fill what the shop had already told its shoppers, whatever the rule becomes later.
 */
function referenceSql(sessionIdColumn: string) {
  return sql<string>`'SOL-' || upper(substr(${sql.ref(sessionIdColumn)}, 9, 8))`;
}

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial-schema': {
    async up(db: AnyDb) {
      // A database created by the hand-written runner already has exactly this schema (its version 1):
      // adopt it as it is, keeping every row, and retire the runner's own table.
      if (!(await legacyRunnerApplied(db, 1))) await createInitialSchema(db);
      await db.schema.dropTable(LEGACY_RUNNER_TABLE).ifExists().execute();
    },
  },

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

  '0003-reconcile-queue': {
    async up(db: AnyDb) {
      // When the reconcile pass last asked the provider about a pending order: the pass takes the orders
      // that waited longest since (or since they were created), so new ones never queue behind old ones.
      await db.schema.alterTable('orders').addColumn('checked_at', 'text').execute();
    },
  },

  '0005-dispatch-date': {
    async up(db: AnyDb) {
      // The dispatch date promised at payment (an Irish calendar date, 'YYYY-MM-DD'), stored so the
      // confirmation page and both e-mails say what was computed then, whatever the closures become.
      // Null until paid, and for orders paid before the column existed (they were promised a range of
      // business days, which the e-mails still say for them).
      await db.schema.alterTable('orders').addColumn('dispatch_date', 'text').execute();
    },
  },
};
