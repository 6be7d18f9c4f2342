// `npm run migrate`: brings the database's schema up to date and exits, for deploys that migrate before
// they start (or roll) instances. The database is the shop's: PostgreSQL with DATABASE_URL, else SQLite
// in DATA_DIR. Instances started meanwhile wait for the migration lock and find nothing left to do.
import { declareShop } from '../server/app';
import { ConfigError, loadConfig } from '../server/config';
import { appliedMigrationCount, openDatabase } from '../server/db/database';

// The features' migrations with the platform's: the schema the app runs on.
declareShop();
try {
  const database = await openDatabase(loadConfig().database);
  try {
    const total = await appliedMigrationCount(database.db);
    const applied = database.applied.length > 0 ? `applied ${database.applied.join(', ')}` : 'nothing to do';
    console.log(`migrate: ${database.description}: ${applied} (${total} migrations in all)`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `migrate failed: ${describe(err)}`);
  process.exit(1);
}

/** The Migrator's error names the migration; its cause says what the database refused. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
}
