/**
 * The reviews' tables: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order, by
 * name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, addIndex, migrationSteps } from '../db/migration-kit';

export const REVIEWS_MIGRATIONS = migrationSteps({
  '0014-reviews': createReviewTables,
});

/**
 * Reviews from buyers (server/reviews/review-store.ts, docs/product/settled-choices.md §8.13): one per product of one order
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
  await addIndex(db, 'reviews_order_product', 'reviews', ['order_id', 'product_id'], { unique: true });
  await addIndex(db, 'reviews_product_status', 'reviews', ['product_id', 'status']);
  await addIndex(db, 'reviews_status_created', 'reviews', ['status', 'created_at']);

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
