/**
 * The schema's history, run by Kysely's `Migrator` at start (see ./database.ts and
 * docs/decisions/0008-migrations.md). A migration is never edited once released: change the schema with a
 * new one. Names sort in the order they run. Everything is written with Kysely's schema and query builders
 * and SQL that SQLite and PostgreSQL share, so both dialects run the same list; the few spots where they
 * differ ask `dialectOf` and say why. A database SQLite already has keeps exactly the schema these
 * migrations gave it before PostgreSQL was added.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import { seedSnapshot } from '../../domain/catalogue/seed';
import { dispatchDate } from '../../domain/making/dispatch';
import { canonicalEmail } from '../../domain/shared/email';
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
 * the rule stood when the column was added (today's rule is `orderReference` in domain/checkout/checkout.ts): a
 * migration must back-fill what the shop had already told its shoppers, whatever the rule becomes later.
 */
function referenceSql(sessionIdColumn: string) {
  return sql<string>`'SOL-' || upper(substr(${sql.ref(sessionIdColumn)}, 9, 8))`;
}

/**
 * The owner's order desk (docs/product.md §10): the order's place in the desk's flow beside the payment
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
  // While a desk refund is with the provider: a second click or tab finds it taken (docs/product.md §10.5).
  await db.schema.alterTable('orders').addColumn('refund_claimed_ms', epochMsType(db)).execute();
  await db.schema
    .createIndex('orders_desk_status_paid')
    .on('orders')
    .columns(['desk_status', 'paid_at'])
    .execute();
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

/**
 * The catalogue in the database (docs/product.md, products section; docs/decisions/0012): the products,
 * their pictures in order, the handles a product was known by before, one row holding the catalogue's
 * version and the next product id, and each product's history. Seeded with the 27 bracelets the code held
 * until now (domain/catalogue/seed.ts), as they were: a fresh database shows exactly the shop of before.
 * Lists (materials, sizes, palette, widths) are JSON text: read and written whole, never queried inside.
 */
async function addCatalogueSchema(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_products')
    // An integer, so the next free id is arithmetic; the API and the pages carry it as a string.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('materials', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('full_description', 'text', (c) => c.notNull())
    .addColumn('sizes', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'paused', 'retired')`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('palette', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalogue_images')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('catalogue_products.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('widths', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('placeholder', 'text')
    .addPrimaryKeyConstraint('catalogue_images_pk', ['product_id', 'id'])
    .execute();
  await db.schema
    .createTable('catalogue_former_handles')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('catalogue_products.id'))
    .execute();
  await db.schema
    .createTable('catalogue_state')
    // One row: every edit bumps `version` in its own transaction, which also serialises edits.
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    // Never lowered: an id once given is never given again, whatever becomes of its product.
    .addColumn('next_product_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    /** The session's label, as in admin_audit ('token' for a Bearer script); no address. */
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    /** JSON: { field: { before, after } } for every field the change touched. */
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('catalogue_changes_product')
    .on('catalogue_changes')
    .columns(['product_id', 'id'])
    .execute();

  const seed = seedSnapshot();
  for (const p of seed.products) {
    await db
      .insertInto('catalogue_products')
      .values({
        id: Number(p.id),
        handle: p.handle,
        name: p.name,
        price: p.price,
        category: p.category,
        materials: JSON.stringify(p.materials),
        description: p.description,
        full_description: p.fullDescription,
        sizes: JSON.stringify(p.sizes),
        status: p.status,
        note: p.note,
        position: p.position,
        palette: JSON.stringify(p.palette),
        created_at: p.updatedAt,
        updated_at: p.updatedAt,
      })
      .execute();
    for (const [position, image] of p.images.entries()) {
      await db
        .insertInto('catalogue_images')
        .values({
          product_id: Number(p.id),
          id: image.id,
          position,
          base: image.base,
          widths: JSON.stringify(image.widths),
          width: image.width,
          height: image.height,
          alt: image.alt,
          placeholder: image.placeholder ?? null,
        })
        .execute();
    }
  }
  const nextId = Math.max(0, ...seed.products.map((p) => Number(p.id))) + 1;
  await db
    .insertInto('catalogue_state')
    // Version 1 is the seed; each edit adds one.
    .values({ id: 1, version: 1, next_product_id: nextId })
    .execute();

  // Each order line keeps the picture it was sold with. Lines sold before this migration get the
  // picture their product had in the code then (the seed); a line of a product the seed does not know
  // keeps none.
  await db.schema.alterTable('order_lines').addColumn('image', 'text').execute();
  for (const p of seed.products) {
    const image = p.images[0];
    if (!image) continue;
    await db
      .updateTable('order_lines')
      .set({ image: image.base })
      .where('product_id', '=', p.id)
      .where('image', 'is', null)
      .execute();
  }
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

  '0004-sizes-gift-message': {
    async up(db: AnyDb) {
      // Every order line before sizes was made in Medium (docs/product.md §13.1): the default back-fills
      // them on both dialects (a NOT NULL column with a constant default is portable), and the check keeps
      // anything else out.
      await db.schema
        .alterTable('order_lines')
        .addColumn('size', 'text', (c) => c.notNull().defaultTo('M').check(sql`size in ('S', 'M', 'L')`))
        .execute();
      // The shopper's gift message, plain text; null when there is none (every order before).
      await db.schema.alterTable('orders').addColumn('gift_message', 'text').execute();
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

  '0007-order-desk': {
    async up(db: AnyDb) {
      await addOrderDeskSchema(db);
    },
  },

  '0008-order-page': {
    async up(db: AnyDb) {
      // The shopper's key to the order page (docs/product.md §6.8): random, created when the order is
      // paid, or on first need for orders paid before this migration, so the column stays nullable.
      await db.schema.alterTable('orders').addColumn('order_key', 'text').execute();
      // The order page and "Find your order" look orders up by the reference the shopper has.
      await db.schema.createIndex('orders_reference').on('orders').column('reference').execute();
      // One withdrawal notice per order (the primary key): a notice sent twice is one notice.
      await db.schema
        .createTable('withdrawal_notices')
        .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON: the line positions withdrawn from, with their names and quantities as the shopper saw them.
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },

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
      await db.schema
        .createIndex('newsletter_signups_token')
        .on('newsletter_signups')
        .column('token')
        .unique()
        .execute();

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
      // The desk's Idempotency-Key per action and order (server/orders/fulfilment-store.ts): the primary key makes
      // a repeated submission one change on every instance. Rows older than a day are deleted.
      await db.schema
        .createTable('desk_requests')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
    },
  },

  '0011-catalogue': {
    async up(db: AnyDb) {
      await addCatalogueSchema(db);
    },
  },
  '0012-media': {
    async up(db: AnyDb) {
      // The owner's photos, every rendition in the database (docs/decisions/0013-photo-storage.md): every
      // instance serves them, and with SQLite they stay in DATA_DIR's one file that `npm run backup` copies.
      // A photo's id is its content hash, so rows are written once and never change.
      await db.schema
        .createTable('media')
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('avif', 'webp')`))
        .addColumn('data', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // Set by the retention pass while no product (and no order) shows the photo; rows unreferenced
        // for 30 days are deleted.
        .addColumn('unreferenced_since', 'text')
        .addPrimaryKeyConstraint('media_pk', ['id', 'width', 'format'])
        .execute();
    },
  },
  '0013-settings': {
    async up(db: AnyDb) {
      // The owner's settings changed on the desk (server/settings/settings-store.ts), one row per name,
      // the value as JSON: a name without a row has its default (the environment's). No personal data.
      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0014-reviews': {
    async up(db: AnyDb) {
      await createReviewTables(db);
    },
  },
  '0015-discounts': {
    async up(db: AnyDb) {
      await createDiscountTables(db);
    },
  },
  '0016-enquiries': {
    async up(db: AnyDb) {
      // Corporate and bespoke enquiries (server/enquiries/enquiry-store.ts, docs/product.md §16). Personal
      // data: the retention pass deletes a row a year after its last change (RETENTION.enquiryDays).
      await db.schema
        .createTable('enquiries')
        // Random, not guessable (enq_ + 20 characters): the desk's links and a quote's enquiryId carry it.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('company', 'text')
        .addColumn('pieces', 'integer', (c) => c.notNull().check(sql`pieces >= 1`))
        // The visitor's calendar date (YYYY-MM-DD), no time zone.
        .addColumn('needed_by', 'text')
        .addColumn('budget_per_piece', 'integer')
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('corporate', 'bespoke')`))
        .addColumn('occasion', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('new', 'quoted', 'won', 'lost')`),
        )
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('enquiries_status_created')
        .on('enquiries')
        .columns(['status', 'created_at'])
        .execute();
      // The retention pass looks rows up by age, the owner's privacy requests by address.
      await db.schema.createIndex('enquiries_updated').on('enquiries').column('updated_at').execute();
      await db.schema.createIndex('enquiries_email').on('enquiries').column('email').execute();
    },
  },
  '0017-quotes': {
    async up(db: AnyDb) {
      await createQuoteTables(db);
    },
  },
  '0018-discount-canonical-addresses': {
    async up(db: AnyDb) {
      await canonicalDiscountAddresses(db);
    },
  },
  '0019-outbox-reply-to': {
    async up(db: AnyDb) {
      // Where a reply to the message goes (its Reply-To), when not to the shop: the owner's copy of an
      // enquiry answers the client (docs/product.md §16). A checked address or null, never typed text.
      await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
    },
  },
  '0020-refund-keeps-making-state': {
    async up(db: AnyDb) {
      await restoreMakingStates(db);
    },
  },
  '0021-quote-dispatch-by': {
    async up(db: AnyDb) {
      // The date the owner promises a quote's order is dispatched by (docs/product.md, quotes), an Irish
      // calendar date. Nullable, so SQLite adds it without rebuilding the table; every row gets one here.
      await db.schema.alterTable('quotes').addColumn('dispatch_by', 'text').execute();
      // A paid quote: the date its order was given at payment, what the client was told since.
      await db
        .updateTable('quotes')
        .set((eb) => ({
          dispatch_by: eb
            .selectFrom('orders')
            .select('orders.dispatch_date')
            .whereRef('orders.id', '=', 'quotes.order_id')
            .where('orders.status', '=', 'paid'),
        }))
        .execute();
      // Any other: the shop's own date for an order paid now (the quote page showed it, give or take the
      // queue); the desk shows it and the owner may change it before sending the quote again.
      await db
        .updateTable('quotes')
        .set({ dispatch_by: dispatchDate(new Date()) })
        .where('dispatch_by', 'is', null)
        .execute();
    },
  },
  '0022-hashed-page-keys': {
    async up(db: AnyDb) {
      await hashPageKeys(db);
    },
  },
  // "Tell me when you're back" (server/settings/back-in-touch-store.ts): double opt-in like the
  // newsletter; a row goes once its one e-mail is queued, or after a week unconfirmed.
  '0023-back-in-touch': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('back_in_touch')
        .addColumn('id', 'integer', serialKey(db))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull().unique())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('confirmation_sent_at', 'text')
        .addColumn('confirmed_at', 'text')
        .execute();
    },
  },
  '0025-people': {
    async up(db: AnyDb) {
      await createPeople(db);
    },
  },
  '0026-named-actors': {
    async up(db: AnyDb) {
      await nameActors(db);
    },
  },
  '0027-customer-notes': {
    async up(db: AnyDb) {
      // The owner's note about one customer (server/customers/customer-store.ts), keyed by the lower-cased
      // address (shoppers have no accounts). Personal data: erased with the customer, and by the
      // retention pass once unchanged for as long as paid orders are kept.
      await db.schema
        .createTable('customer_notes')
        .addColumn('email_key', 'text', (c) => c.primaryKey())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('customer_notes_updated')
        .on('customer_notes')
        .column('updated_at')
        .execute();
    },
  },
  '0029-newsletter-campaigns': {
    async up(db: AnyDb) {
      await createCampaignTables(db);
    },
  },
  '0030-back-in-stock': {
    async up(db: AnyDb) {
      // "Tell me when it's back" (server/newsletter/back-in-stock-store.ts): one row per paused product and
      // address, double opt-in like the newsletter's, deleted once its one e-mail is queued (or unconfirmed
      // after RETENTION.unconfirmedSignupDays).
      await db.schema
        .createTable('back_in_stock_requests')
        .addColumn('id', 'integer', serialKey(db))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed')`))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('confirmation_sent_at', 'text')
        .addColumn('confirmed_at', 'text')
        .execute();
      await db.schema
        .createIndex('back_in_stock_once')
        .on('back_in_stock_requests')
        .columns(['product_id', 'email_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('back_in_stock_email')
        .on('back_in_stock_requests')
        .column('email_key')
        .execute();
    },
  },
  '0031-cart-reminders': {
    async up(db: AnyDb) {
      await createCartReminders(db);
    },
  },
  '0032-order-channel': {
    async up(db: AnyDb) {
      await addOrderChannel(db);
    },
  },
  '0033-returns': {
    async up(db: AnyDb) {
      await createOrderReturns(db);
    },
  },
  '0034-order-vat': {
    async up(db: AnyDb) {
      await addOrderVat(db);
    },
  },
  '0035-hashed-link-tokens': {
    async up(db: AnyDb) {
      await hashLinkSecrets(db);
    },
  },
  '0036-product-feed-fields': {
    async up(db: AnyDb) {
      await addProductFeedFields(db);
    },
  },
  '0040-gift-cards': {
    async up(db: AnyDb) {
      await createGiftCardTables(db);
    },
  },
  '0041-order-gift-cards': {
    async up(db: AnyDb) {
      await createOrderGiftCards(db);
    },
  },
  // The gift cards an order bought (cents, in its total): their sale is no revenue and carries no VAT
  // (docs/product.md §19.2). A default, so SQLite adds it without rebuilding the table.
  '0042-order-gift-cards-sold': {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('orders')
        .addColumn('gift_cards_sold', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};

/**
 * The gift cards a checkout buys (server/checkout/gift-card-line-store.ts, docs/product.md §19), kept with
 * the pending order until it is paid: then each becomes a card (gift_cards) and its row is deleted in the
 * payment's transaction. Personal data (the recipient's name and e-mail, the message) lives here only
 * while the order is unpaid, and goes with the order (cascade) when an unpaid order is purged.
 */
async function createOrderGiftCards(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_gift_cards')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 1000 and amount <= 50000`))
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    // 'YYYY-MM-DD' on the Irish calendar, checked at checkout.
    .addColumn('send_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_gift_cards_pk', ['order_id', 'position'])
    .execute();
}

/**
 * Gift cards (server/gift-cards, docs/product.md §19). A card is kept by the hash of its code (as order
 * keys are) and its last 4 characters; `balance` is the sum of its ledger, written in the same transaction
 * as each ledger row and never below zero (the check), so a conditional update is the concurrency guard.
 * `pending_code` holds the code only while the recipient's e-mail waits for its send date, and is cleared
 * in the transaction that queues it. A reservation holds part of a balance for one checkout session.
 * Personal data (names, e-mails, message): kept while the card may be spent, erased on request (privacy).
 */
async function createGiftCardTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last4', 'text', (c) => c.notNull())
    // A sold card is €10..€500 (the domain checks it); a reissued balance may be less.
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0 and amount <= 50000`))
    .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // The Irish calendar day the recipient's e-mail goes (YYYY-MM-DD).
    .addColumn('send_on', 'text', (c) => c.notNull())
    .addColumn('pending_code', 'text')
    // When the recipient's e-mail was queued, and its outbox row (a resend copies it).
    .addColumn('sent_at', 'text')
    .addColumn('mail_id', 'integer')
    .addColumn('order_reference', 'text')
    // 1: issued by the owner without payment (Numbers counts it as issued free, not sold).
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_cards_order').on('gift_cards').column('order_reference').execute();
  await db.schema.createIndex('gift_cards_recipient').on('gift_cards').column('recipient_email').execute();
  await db.schema.createIndex('gift_cards_buyer').on('gift_cards').column('buyer_email').execute();
  await db.schema.createIndex('gift_cards_due').on('gift_cards').columns(['sent_at', 'send_on']).execute();

  await db.schema
    .createTable('gift_card_ledger')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('issued', 'reserved', 'released', 'spent', 'restored', 'adjusted')`),
    )
    // Signed cents: the movement's effect on the balance.
    .addColumn('amount', 'integer', (c) => c.notNull())
    // The checkout session, the order's reference or the refund's id.
    .addColumn('reference', 'text')
    .addColumn('person', 'text')
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_card_ledger_card')
    .on('gift_card_ledger')
    .columns(['card_id', 'id'])
    .execute();

  await db.schema
    .createTable('gift_card_reservations')
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
    // The card's place in the checkout's list: cards pay, and refunds go back, in this order.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('reserved', 'released', 'spent')`))
    .addColumn('order_reference', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_card_reservations_pk', ['session_id', 'card_id'])
    .execute();
  await db.schema
    .createIndex('gift_card_reservations_due')
    .on('gift_card_reservations')
    .columns(['state', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('gift_card_reservations_order')
    .on('gift_card_reservations')
    .column('order_reference')
    .execute();
}

/**
 * What the shopping feeds say of a product beyond the rest (docs/product.md, product feeds): its GTIN
 * (null: none), its colour in words ('' : none) and whether the owner keeps it out of the feeds (0/1).
 * Every product stored before is in the feeds without a GTIN or colour.
 */
async function addProductFeedFields(db: AnyDb): Promise<void> {
  await db.schema.alterTable('catalogue_products').addColumn('gtin', 'text').execute();
  await db.schema
    .alterTable('catalogue_products')
    .addColumn('colour', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('catalogue_products')
    .addColumn('exclude_from_feeds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/**
 * The VAT an order is charged with, stored when it is created (docs/product.md §10.14): the rate in basis
 * points (23% = 2300, the settings allow two decimals) and the seller's VAT number then (null: none).
 * Orders stored before keep NULL in both and are read with the first start's rate and number (VAT_RATE,
 * SELLER_VAT_NUMBER: server/orders/order-vat.ts).
 */
async function addOrderVat(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('vat_rate_bp', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('vat_number', 'text').execute();
}

/**
 * Returns of delivered orders (server/orders/return-store.ts, docs/product.md §10.18): one row per return
 * with its lines as JSON (positions, names, sizes, quantities as sold: no personal data), the reason, the
 * owner's notes, its state and what it refunded. A desk submission's Idempotency-Key is unique per order,
 * so a repeated "open" is one return. Follows its order (deleted with it, kept when it is anonymised).
 */
async function createOrderReturns(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_returns')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('requested', 'received', 'refunded', 'closed')`),
    )
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('override_note', 'text')
    .addColumn('close_reason', 'text')
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    // 'owner' (the desk) or 'withdrawal' (opened by the shopper's notice).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('request_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_returns_order')
    .on('order_returns')
    .columns(['order_id', 'id'])
    .execute();
  await db.schema
    .createIndex('order_returns_request')
    .on('order_returns')
    .columns(['order_id', 'request_key'])
    .unique()
    .execute();
  await db.schema.createIndex('order_returns_created').on('order_returns').column('created_at').execute();
}

/**
 * The cart reminder (server/newsletter/cart-reminder-store.ts, docs/product.md §5.10a): one row per
 * checkout whose shopper ticked the box, with the consent's time, the address, the cart's lines (product,
 * size, quantity as JSON: never a price) and the SHA-256 of the restore link's token. Deleted when the
 * order is paid, and RETENTION.cartReminderDaysAfterSent after its one e-mail; none exists unticked.
 */
async function createCartReminders(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('cart_reminders')
    .addColumn('id', 'integer', serialKey(db))
    // The pending order and its payment session (no foreign key: the row goes on its own schedule).
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('consented_at', 'text', (c) => c.notNull())
    // Both set in the transaction that queues the one e-mail (the claim: no pass sends it twice); the
    // token itself is only in that e-mail.
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('reminded_at', 'text')
    // The shopper's "Put these back in my cart": the link's one use.
    .addColumn('restored_at', 'text')
    // Stripe's own link back to an expired checkout (checkout.session.expired), when it sent one.
    .addColumn('recovery_url', 'text')
    .execute();
  await db.schema
    .createIndex('cart_reminders_due')
    .on('cart_reminders')
    .columns(['reminded_at', 'consented_at'])
    .execute();
  await db.schema.createIndex('cart_reminders_email').on('cart_reminders').column('email_key').execute();
  await db.schema.createIndex('cart_reminders_session').on('cart_reminders').column('session_id').execute();
}

/**
 * Where an order came from (docs/product.md §10.17): 'web' (a shopper's cart), 'quote' (a paid quote) or
 * 'manual' (the owner's own, taken by phone or at a fair). Orders before it are the web's, or a quote's
 * when they carry its reference. A manual order marked paid keeps how it was paid (cash, card reader,
 * bank transfer: no provider knows of it), and the desk's submission key, unique, so a repeated
 * submission is one order (a link order keeps its checkout's link to answer it again); a line the owner
 * priced herself keeps her reason.
 */
async function addOrderChannel(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('web'))
    .execute();
  await db.updateTable('orders').set({ channel: 'quote' }).where('quote_reference', 'is not', null).execute();
  await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
  await db.schema.alterTable('orders').addColumn('request_key', 'text').execute();
  // A link order's hosted checkout, so a repeated submission answers the same link.
  await db.schema.alterTable('orders').addColumn('checkout_url', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('price_reason', 'text').execute();
  await db.schema.createIndex('orders_request_key').on('orders').column('request_key').unique().execute();
}

/** SHA-256 of a page key, hex: what the key tables keep (server/orders/order-key.ts hashes the same way). */
function sha256Hex(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The newsletter's, "tell me when you're back"'s and "tell me when it's back"'s link tokens are kept as
 * SHA-256 hashes, as the order pages' keys are: a copy of the database confirms or unsubscribes nobody.
 * Each token stored so far is hashed where it is, so every link already sent keeps working (the lookup
 * hashes the token it is given). A newsletter sign-up's later e-mails (a confirmation sent again, each
 * campaign message) carry keys of their own, kept (hashed) in `newsletter_keys`, going with their sign-up.
 */
async function hashLinkSecrets(db: AnyDb): Promise<void> {
  for (const table of ['newsletter_signups', 'back_in_touch', 'back_in_stock_requests'] as const) {
    const rows = (await db.selectFrom(table).select(['id', 'token']).execute()) as {
      id: number;
      token: string;
    }[];
    for (const row of rows) {
      await db
        .updateTable(table)
        .set({ token: sha256Hex(row.token) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await db.schema
    .createTable('newsletter_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('signup_id', 'integer', (c) =>
      c.notNull().references('newsletter_signups.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('newsletter_keys_signup').on('newsletter_keys').column('signup_id').execute();
}

/**
 * The order and quote pages' keys are kept as SHA-256 hashes, several per order or quote (every e-mail
 * carries a key of its own; docs/product.md §6.8): a copy of the database opens no page. The plain keys
 * stored so far are hashed into the new tables, so every link already sent keeps working, and their
 * columns go. The bodies of e-mails already sent go too: they carry the same links (the outbox keeps
 * what the desk shows of a sent e-mail, docs/product.md §6.6).
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
 * "Once per e-mail address" compares canonical addresses from here on (domain/shared/email.ts canonicalEmail:
 * no `+tag`, Gmail's dots ignored; docs/product.md §4.2a), and the check stays a query comparing
 * `discount_reservations.email_hash`, with no new column. The hashes stored before were of the lower-cased address: each is
 * recomputed from its order's address, only where the stored hash is indeed that address's (an erased
 * or anonymised one is left as it is). Most addresses have no tag and no dots at Gmail: their hash does
 * not change. The hash is written out here, not imported, so this migration stays what it was.
 */
async function canonicalDiscountAddresses(db: AnyDb): Promise<void> {
  const hash = (address: string) => createHash('sha256').update(`solas-discounts:${address}`).digest('hex');
  const rows: { order_id: string; email_hash: string; email: string }[] = await db
    .selectFrom('discount_reservations as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.order_id', 'r.email_hash', 'o.email'])
    .execute();
  for (const row of rows) {
    if (row.email_hash !== hash(row.email.trim().toLowerCase())) continue;
    const canonical = hash(canonicalEmail(row.email));
    if (canonical === row.email_hash) continue;
    await db
      .updateTable('discount_reservations')
      .set({ email_hash: canonical })
      .where('order_id', '=', row.order_id)
      .execute();
  }
}

/**
 * A refund in part used to replace the order's desk status with `partially_refunded`, which hid an order
 * still to make from the work list and the packing slips. A refund is money, not a step of making
 * (docs/product.md §10.3): each such order gets back the state its own columns and events tell. Delivered
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
 * Quotes the client pays by card (server/quotes/quote-store.ts, docs/product.md, quotes). The lines are
 * JSON as quoted (a catalogue product's price is fixed when the quote is made); `order_id` is the one
 * checkout the quote has open or paid, taken by a conditional update (the claim). The enquiry is a plain
 * id, no foreign key: enquiries live in their own module. The orders a quote becomes name it, and its
 * enquiry.
 */
async function createQuoteTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    // The quote page's key (like the order page's); null once the retention pass erased the quote.
    .addColumn('quote_key', 'text')
    .addColumn('enquiry_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('discount_percent', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`discount_percent between 0 and 90`),
    )
    .addColumn('zone', 'text', (c) => c.notNull().check(sql`zone in ('IE', 'EU', 'WORLD')`))
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('discount', 'integer', (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn('shipping', 'integer', (c) => c.notNull().check(sql`shipping >= 0`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total = subtotal - discount + shipping`))
    // Irish calendar date, valid through its end.
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('order_id', 'text')
    // The hosted checkout's page for order_id, so a second Pay click gets the same one.
    .addColumn('checkout_url', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('withdrawn_at', 'text')
    // The desk submission's Idempotency-Key that made it: a repeat of the submission answers this quote.
    .addColumn('request_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_created').on('quotes').column('created_at').execute();
  await db.schema.createIndex('quotes_enquiry').on('quotes').column('enquiry_id').execute();
  // Unique: two instances given the same submission at once store one quote (NULLs never collide).
  await db.schema.createIndex('quotes_request_key').unique().on('quotes').column('request_key').execute();

  // Nullable, so SQLite adds them without rebuilding the table and its CHECKs.
  await db.schema.alterTable('orders').addColumn('quote_reference', 'text').execute();
  await db.schema.alterTable('orders').addColumn('enquiry_id', 'text').execute();
  await db.schema.createIndex('orders_quote_reference').on('orders').column('quote_reference').execute();
}

/**
 * Discount codes and their reservations (server/offers/discount-store.ts, docs/product.md offers,
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
  await db.schema
    .createIndex('discount_reservations_code_state')
    .on('discount_reservations')
    .columns(['code', 'state'])
    .execute();
  await db.schema
    .createIndex('discount_reservations_session')
    .on('discount_reservations')
    .column('session_id')
    .execute();

  // The order's discount off the items (cents) and the code that gave it (null: none, or the tier's).
  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute();
}

/**
 * Reviews from buyers (server/reviews/review-store.ts, docs/product.md §8.13): one per product of one order
 * (the unique index), the request e-mail once per order (the primary key), and the addresses that asked
 * for no more requests, as hashes only.
 */
async function createReviewTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null once the reviewer's data was erased: the text may stay, the link to the order goes.
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    // The order's reference, for the desk's list (null with the order link).
    .addColumn('reference', 'text')
    .addColumn('product_id', 'text', (c) => c.notNull())
    // The order line reviewed (its position and size), so the review names exactly what was bought.
    .addColumn('line_position', 'integer', (c) => c.notNull())
    .addColumn('size', 'text')
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    // Null once erased (shown as "A verified buyer").
    .addColumn('display_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'published', 'hidden')`))
    // The owner's private reason for hiding it; never shown to shoppers.
    .addColumn('reason', 'text')
    .addColumn('reply', 'text')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    // 'YYYY-MM' of the payment: "Verified buyer, bought in March 2026", kept when the order link goes.
    .addColumn('purchased_month', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await db.schema
    .createIndex('reviews_order_product')
    .on('reviews')
    .columns(['order_id', 'product_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reviews_product_status')
    .on('reviews')
    .columns(['product_id', 'status'])
    .execute();
  await db.schema
    .createIndex('reviews_status_created')
    .on('reviews')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('review_requests')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('queued_at', 'text', (c) => c.notNull())
    // The secret of the e-mail's "no more review requests" link; null once used or erased.
    .addColumn('token', 'text', (c) => c.unique())
    .addColumn('email_hash', 'text')
    .execute();

  await db.schema
    .createTable('review_opt_outs')
    // sha256 of the lower-cased address: enough to recognise it, not to read it.
    .addColumn('email_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // One row whose number grows with every change shoppers can see: each instance compares it to the
  // one it rendered from (the storefront's reviews reach every instance within seconds).
  await db.schema
    .createTable('reviews_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('reviews_version').values({ id: 1, version: 1 }).execute();
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
  await db.schema
    .createIndex('person_invitations_person')
    .on('person_invitations')
    .column('person_id')
    .execute();
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

/**
 * The newsletter's campaigns (server/newsletter/campaign-store.ts, docs/product.md §5.10): a campaign, and
 * one row per confirmed subscriber it goes to, unique per (campaign, sign-up): the row turns into exactly
 * one outbox message in the transaction that queues it, whichever instance does, however often a pass
 * is repeated after a crash. The rows hold ids only: the address is read from the list when the message
 * is queued, and a sign-up deleted since (unsubscribed, erased) is skipped.
 */
async function createCampaignTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('newsletter_campaigns')
    // Random, not guessable (cmp_ + 20 characters).
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON array of product ids, in the order of their blocks.
    .addColumn('product_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('draft', 'scheduled', 'sending', 'sent')`),
    )
    .addColumn('send_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('sent_at', 'text')
    // The e-mail rendered once when the send starts (Markdown and product blocks), without the
    // per-subscriber unsubscribe link each message adds.
    .addColumn('html_body', 'text')
    .addColumn('text_body', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_campaigns_status')
    .on('newsletter_campaigns')
    .columns(['status', 'send_at'])
    .execute();

  await db.schema
    .createTable('campaign_recipients')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('campaign_id', 'text', (c) =>
      c.notNull().references('newsletter_campaigns.id').onDelete('cascade'),
    )
    // newsletter_signups.id, without a foreign key: the sign-up may go (unsubscribe) while the row stays
    // to count it as "unsubscribed since".
    .addColumn('signup_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'queued', 'skipped')`))
    .addColumn('outbox_id', 'integer')
    .addColumn('queued_at', 'text')
    .execute();
  await db.schema
    .createIndex('campaign_recipients_once')
    .on('campaign_recipients')
    .columns(['campaign_id', 'signup_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('campaign_recipients_status')
    .on('campaign_recipients')
    .columns(['campaign_id', 'status', 'id'])
    .execute();
}
