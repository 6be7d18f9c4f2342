/**
 * The labels' table: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order,
 * by name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, addIndex, migrationSteps, serialKey } from '../db/migration-kit';

export const SHIPPING_MIGRATIONS = migrationSteps({
  '0049-shipping-labels': createShippingLabels,
});

/**
 * Labels bought for orders (server/shipping/label-store.ts, docs/product/shipping.md §22): one row per label,
 * its provider's id, carrier, tracking number and the PDF (base64: the same text column on both
 * databases; it prints the shopper's name and address, so it goes with the order's personal data). A row
 * is 'buying' while the provider is asked, 'live' once bought, 'voided' after. One order has at most one
 * label that is not voided: a partial unique index, the same statement on SQLite and PostgreSQL, so of
 * ten "Buy label" at once one claims the order and nine are refused before any provider is asked.
 */
async function createShippingLabels(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('shipping_labels')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('buying', 'live', 'voided')`))
    // 'shipengine' or 'test' (the built-in TEST provider).
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_label_id', 'text')
    .addColumn('carrier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('weight_grams', 'integer', (c) => c.notNull())
    // JSON of the customs items sent with it (none inside the EU): descriptions, values, codes; no person.
    .addColumn('customs', 'text')
    .addColumn('label_pdf', 'text')
    // The carrier's last tracking status code (ShipEngine's NY, AC, IT, DE...); null before any event.
    .addColumn('tracking_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'text')
    .execute();
  await sql`create unique index shipping_labels_one_live on shipping_labels (order_id) where status <> 'voided'`.execute(
    db,
  );
  await addIndex(db, 'shipping_labels_order', 'shipping_labels', ['order_id', 'id']);
  await addIndex(db, 'shipping_labels_tracking', 'shipping_labels', ['tracking_number']);
  await addIndex(db, 'shipping_labels_created', 'shipping_labels', ['created_at']);
}
