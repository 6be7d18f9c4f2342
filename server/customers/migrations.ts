/**
 * The owner's customer notes: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order, by
 * name; a released entry is never edited.
 */
import { type AnyDb, addIndex, migrationSteps } from '../db/migration-kit';

export const CUSTOMERS_MIGRATIONS = migrationSteps({
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
      await addIndex(db, 'customer_notes_updated', 'customer_notes', ['updated_at']);
    },
  },
});
