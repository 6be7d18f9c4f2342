/**
 * The settings table and "tell me when you're back": this feature's part of the schema's history
 * (server/db/migrations.ts says how migrations are written). The platform's Migrator runs every feature's
 * entries with its own in one order, by name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, migrationSteps, serialKey } from '../db/migration-kit';

export const SETTINGS_MIGRATIONS = migrationSteps({
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
});
