/**
 * The exchanges' table (docs/product/exchanges.md): this feature's part of the schema's history
 * (server/db/migrations.ts says how migrations are written); a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, addIndex, migrationSteps, serialKey } from '../db/migration-kit';

export const EXCHANGES_MIGRATIONS = migrationSteps({
  '0051-exchanges': createOrderExchanges,
});

/**
 * One row per exchange of a piece for another size: the order (by id), the line (its position), the
 * product and both sizes, the price difference in signed cents and how it was settled, and the owner's
 * steps. No names or addresses: only references (the shopper is the order's). The decline reason is the
 * owner's words about the size, erased with the order's personal data (personal-data.ts). Follows its
 * order (deleted with it). At most one exchange that is not declined per line: the partial unique index
 * is the guard two requests at once meet.
 */
async function createOrderExchanges(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_exchanges')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('from_size', 'text', (c) => c.notNull().check(sql`from_size in ('S', 'M', 'L')`))
    .addColumn('to_size', 'text', (c) => c.notNull().check(sql`to_size in ('S', 'M', 'L')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'declined')`))
    .addColumn('difference', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settlement', 'text', (c) =>
      c.notNull().defaultTo('none').check(sql`settlement in ('none', 'payment-link', 'refund')`),
    )
    .addColumn('decline_reason', 'text')
    .addColumn('received_choice', 'text', (c) => c.check(sql`received_choice in ('restock', 'reuse')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('dispatched_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'order_exchanges_order', 'order_exchanges', ['order_id', 'id']);
  await db.schema
    .createIndex('order_exchanges_one_per_line')
    .on('order_exchanges')
    .columns(['order_id', 'line_id'])
    .unique()
    .where(sql.ref('status'), '<>', 'declined')
    .execute();
  await db.schema
    .createIndex('order_exchanges_status')
    .on('order_exchanges')
    .columns(['status', 'dispatched_at'])
    .execute();
}
