/**
 * What the migrations of the platform and of every feature share (./migrations.ts says how migrations are
 * written): the database as it was then, and the column types that differ between the dialects.
 */
import { createHash } from 'node:crypto';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { dialectOf } from './dialect';

// Migrations run against the schema as it was then, not as ./schema.ts types it today.
// biome-ignore lint/suspicious/noExplicitAny: see above.
export type AnyDb = Kysely<any>;

/** What one migration does to the database: run once, never undone (a released one is never edited). */
export type MigrationStep = (db: AnyDb) => Promise<void>;

/**
 * A file's migrations as the Migrator takes them: each name given the function of its step (one line a
 * step, so the list reads as the schema's history), or a migration written in place as it was released.
 */
export function migrationSteps(
  steps: Readonly<Record<string, MigrationStep | Migration>>,
): Readonly<Record<string, Migration>> {
  return Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [name, typeof step === 'function' ? { up: step } : step]),
  );
}

/**
 * A generated integer key: SQLite's `integer primary key autoincrement` (what SQLite databases already
 * have), PostgreSQL's identity column (int4, so it comes back as a JS number like SQLite's).
 */
export function serialKey(db: AnyDb) {
  return (c: ColumnDefinitionBuilder) =>
    dialectOf(db) === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
}

/**
 * Epoch milliseconds exceed a 32-bit integer: PostgreSQL needs int8 (read back as numbers, see
 * ./database.ts); SQLite's `integer` already holds 64 bits, and its databases keep the type they have.
 */
export function epochMsType(db: AnyDb) {
  return dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
}

/** SHA-256 of a page key, hex: what the key tables keep (server/orders/order-key.ts hashes the same way). */
export function sha256Hex(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * An index on `table`'s `columns` in that order (`unique`: a unique index): the same statement as the
 * schema builder's chain, in one line where the chain takes five.
 */
export async function addIndex(
  db: AnyDb,
  name: string,
  table: string,
  columns: readonly string[],
  { unique = false }: { readonly unique?: boolean } = {},
): Promise<void> {
  const index = db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns]);
  await (unique ? index.unique() : index).execute();
}
