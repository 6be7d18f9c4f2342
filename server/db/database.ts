/**
 * Opens the shop's SQLite database (better-sqlite3 behind Kysely) and brings its schema up to date.
 * The rest of the server only sees `Kysely<Database>`, so another dialect can be added here later.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import { MIGRATIONS, type Migration } from './migrations';
import type { Database } from './schema';

export const DATABASE_FILE = 'solas.sqlite';

/** How long a writer waits for another connection's lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

/** More distinct statements than the server has queries: the cache is only cleared if something is odd. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * better-sqlite3 compiles SQL on every prepare(), and Kysely prepares each query anew: under load that
 * was the largest cost of POST /api/checkout after SQLite's own work (bench:api profile). The server's
 * queries are a small fixed set, so compiled statements are kept by SQL text. Safe here because Kysely
 * runs one query at a time on this single connection and the server never streams (a statement that is
 * mid-iteration could not be reused); SQLite recompiles a cached statement itself after a schema change.
 */
function withStatementCache(native: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => native.close(),
    prepare(text) {
      let statement = cache.get(text);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
        statement = native.prepare(text);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

export interface OpenDatabase {
  readonly db: Kysely<Database>;
  readonly file: string;
  close(): Promise<void>;
}

export async function openDatabase(
  dataDir: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  const native = new BetterSqlite3(file);
  native.pragma('journal_mode = WAL');
  // WAL + NORMAL: a commit survives a process crash; only an OS crash or power cut can lose the very last
  // commits, the usual trade-off for a web application's SQLite.
  native.pragma('synchronous = NORMAL');
  native.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  native.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(native) }) });
  try {
    await migrate(db, migrations);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  let closed = false;
  return {
    db,
    file,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** Applies the migrations not yet recorded, each in its own IMMEDIATE transaction (one writer at a time). */
export async function migrate(
  db: Kysely<Database>,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const applied: number[] = [];
  for (const migration of ordered) {
    const done = await db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const row = await conn
          .selectFrom('schema_migrations')
          .select('version')
          .where('version', '=', migration.version)
          .executeTakeFirst();
        if (row) {
          await sql`commit`.execute(conn);
          return false;
        }
        await migration.up(conn);
        await conn
          .insertInto('schema_migrations')
          .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
          .execute();
        await sql`commit`.execute(conn);
        return true;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
