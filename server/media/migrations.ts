/**
 * The owner's photos' table: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order, by
 * name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { dialectOf } from '../db/dialect';
import { type AnyDb, migrationSteps } from '../db/migration-kit';

export const MEDIA_MIGRATIONS = migrationSteps({
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
});
