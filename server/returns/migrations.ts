/**
 * The returns' table: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order,
 * by name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, addIndex, migrationSteps, serialKey } from '../db/migration-kit';

export const RETURNS_MIGRATIONS = migrationSteps({
  '0033-returns': createOrderReturns,
});

/**
 * Returns of delivered orders (server/returns/return-store.ts, docs/product/orders.md §10.18): one row per return
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
  await addIndex(db, 'order_returns_order', 'order_returns', ['order_id', 'id']);
  await addIndex(db, 'order_returns_request', 'order_returns', ['order_id', 'request_key'], { unique: true });
  await db.schema.createIndex('order_returns_created').on('order_returns').column('created_at').execute();
}
