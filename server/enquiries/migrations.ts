/**
 * The enquiries' table: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order, by
 * name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, addIndex, migrationSteps } from '../db/migration-kit';

export const ENQUIRIES_MIGRATIONS = migrationSteps({
  '0016-enquiries': {
    async up(db: AnyDb) {
      // Corporate and bespoke enquiries (server/enquiries/enquiry-store.ts, docs/product/enquiries.md §16). Personal
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
      await addIndex(db, 'enquiries_status_created', 'enquiries', ['status', 'created_at']);
      // The retention pass looks rows up by age, the owner's privacy requests by address.
      await db.schema.createIndex('enquiries_updated').on('enquiries').column('updated_at').execute();
      await db.schema.createIndex('enquiries_email').on('enquiries').column('email').execute();
    },
  },
});
