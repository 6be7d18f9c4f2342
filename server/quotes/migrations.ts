/**
 * The quotes' tables: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order, by
 * name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { dispatchDate } from '../../domain/making/dispatch';
import { type AnyDb, migrationSteps } from '../db/migration-kit';

export const QUOTES_MIGRATIONS = migrationSteps({
  '0017-quotes': createQuoteTables,
  '0021-quote-dispatch-by': {
    async up(db: AnyDb) {
      // The date the owner promises a quote's order is dispatched by (docs/product/quotes.md), an Irish
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
});

/**
 * Quotes the client pays by card (server/quotes/quote-store.ts, docs/product/quotes.md). The lines are
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
