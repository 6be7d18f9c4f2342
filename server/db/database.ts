/**
 * Opens the shop's database and brings its schema up to date with Kysely's `Migrator` (./migrations.ts):
 * SQLite in DATA_DIR by default (Node's node:sqlite, ./native-sqlite.ts), PostgreSQL when DATABASE_URL is set (node-postgres'
 * pool). The rest of the server only sees `Kysely<Database>`; where the dialects differ, the stores ask
 * ./dialect.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  type DatabaseConnection,
  DEFAULT_MIGRATION_TABLE,
  type DialectAdapter,
  type Driver,
  Kysely,
  type Migration,
  Migrator,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
  sql,
} from 'kysely';
import type pg from 'pg';
import { lazyModule } from '../lib/lazy-module';
import { Checkpointer, type CheckpointerLog } from './checkpointer';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector';
import { dialectOf, type SqlDialect } from './dialect';
import {
  GroupCommit,
  groupCommitOf,
  postgresGroupWriter,
  registerGroupCommit,
  sqliteGroupWriter,
} from './group-commit';
import { shopMigrations } from './migrations';
import { type NativeSqlite, openNativeSqlite } from './native-sqlite';
import { type DatabaseProbe, postgresProbe, sqliteProbe } from './probe';
import type { Database } from './schema';

export const DATABASE_FILE = 'solas.sqlite';

/** How long a writer waits for another connection's lock before SQLITE_BUSY (`waitMs` by default). */
const BUSY_TIMEOUT_MS = 5_000;

/** More distinct statements than the server has queries: the cache is only cleared if something is odd. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * SQLite compiles SQL on every prepare(), and Kysely prepares each query anew: under load that
 * was the largest cost of POST /api/checkout after SQLite's own work (bench:api profile). The server's
 * queries are a small fixed set, so compiled statements are kept by SQL text. Safe here because Kysely
 * runs one query at a time on this single connection and the server never streams (a statement that is
 * mid-iteration could not be reused); SQLite recompiles a cached statement itself after a schema change.
 */
function withStatementCache(native: NativeSqlite): SqliteDatabase {
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

/**
 * Every transaction of the shop writes, so each one takes SQLite's write lock when it begins (`begin
 * immediate`) and waits up to busy_timeout for another process's writer. A deferred `begin` would read
 * first and could then fail at once with SQLITE_BUSY when another process wrote meanwhile.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  constructor(
    database: SqliteDatabase,
    private readonly inTransaction: () => boolean,
  ) {
    super({ database });
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite undoes a whole transaction by itself on some errors (a full disk, I/O): then there is nothing
   * to roll back, and the error that undid it (a 503, not a 500) is the one the caller must see.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.inTransaction()) await super.rollbackTransaction(connection);
  }
}

/**
 * SQLite rolls DDL back like any other statement, but Kysely's SQLite adapter says it does not, and then
 * its Migrator runs migrations outside a transaction: a failed one would leave half a schema, and two
 * servers starting on one DATA_DIR would both apply the same migration (the adapter's migration lock is a
 * no-op). Saying so makes the Migrator run everything in one immediate transaction: one process migrates,
 * the other waits, then finds nothing left to do.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ShopSqliteDialect extends SqliteDialect {
  /** The statement cache Kysely's queries go through; the group commit uses it too. */
  readonly cached: SqliteDatabase;

  constructor(private readonly native: NativeSqlite) {
    const cached = withStatementCache(native);
    super({ database: cached });
    this.cached = cached;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.cached, () => this.native.inTransaction);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** PostgreSQL: `url` as libpq takes it (TLS when it asks, e.g. `?sslmode=require`). */
export interface PostgresLocation {
  readonly dialect: 'postgres';
  readonly url: string;
  readonly poolMax: number;
  /** Tests only: the schema every connection works in (`search_path`), one per test file. */
  readonly schema?: string;
  /** Tests only: how long a statement waits for a connection (CONNECT_TIMEOUT_MS when not given). */
  readonly waitMs?: number;
}

/** A DATA_DIR (SQLite, the default) or a PostgreSQL server (DATABASE_URL). */
export type DatabaseLocation =
  | string
  | {
      readonly dialect: 'sqlite';
      readonly dataDir: string;
      /**
       * Tests only: how long a writer waits for another connection's lock (BUSY_TIMEOUT_MS when not
       * given), so that a test of that wait running out does not spend the production's seconds on it.
       */
      readonly waitMs?: number;
    }
  | PostgresLocation;

export interface OpenDatabase {
  readonly db: Kysely<Database>;
  readonly dialect: SqlDialect;
  /** SQLite's file; null on PostgreSQL. */
  readonly file: string | null;
  /** For log lines: the file, or the server and database without credentials. */
  readonly description: string;
  /** The migrations this opening applied (none when the schema was current). */
  readonly applied: readonly string[];
  /** PostgreSQL's connection pool as it is now (the /metrics scrape); null on SQLite, which has none. */
  readonly poolCounts: (() => PoolCounts) | null;
  /** The health check's own connection, beside the pool (./probe.ts). */
  readonly probe: DatabaseProbe;
  close(): Promise<void>;
}

export interface PoolCounts {
  /** Connections open, idle or checked out. */
  readonly total: number;
  readonly idle: number;
  /** Queries waiting for a connection. */
  readonly waiting: number;
}

export async function openDatabase(
  location: DatabaseLocation,
  migrations: Readonly<Record<string, Migration>> = shopMigrations(),
  /** Where trouble that no request sees is told (SQLite's checkpointer thread failing). */
  log?: CheckpointerLog,
): Promise<OpenDatabase> {
  const {
    db,
    file,
    description,
    poolCounts = null,
    stop,
  } = typeof location === 'string'
    ? openSqlite(location, log)
    : location.dialect === 'sqlite'
      ? openSqlite(location.dataDir, log, location.waitMs)
      : openPostgres(location);
  const probe =
    typeof location === 'string'
      ? sqliteProbe(location, DATABASE_FILE)
      : location.dialect === 'sqlite'
        ? sqliteProbe(location.dataDir, DATABASE_FILE)
        : postgresProbe(location);
  const shut = async () => {
    await probe.close();
    await stop?.();
    await db.destroy();
  };
  let applied: string[];
  try {
    applied = await migrate(db, migrations);
  } catch (err) {
    await shut();
    throw err;
  }
  let closed = false;
  return {
    db,
    file,
    description,
    dialect: dialectOf(db),
    applied,
    poolCounts,
    probe,
    async close() {
      if (closed) return;
      closed = true;
      await shut();
    },
  };
}

type Opened = Pick<OpenDatabase, 'db' | 'file' | 'description'> &
  Partial<Pick<OpenDatabase, 'poolCounts'>> & {
    /** Stops what runs beside the connection (SQLite's checkpointer thread), before it closes. */
    readonly stop?: () => Promise<void>;
  };

/**
 * Switching a new database file to WAL needs a moment alone with it, and SQLite answers SQLITE_BUSY at once
 * (no busy handler) when another process opens the same new file at that instant: two instances started
 * together. Retried briefly; the switch is persistent, so only the first opener of a file ever waits.
 */
function switchToWal(native: NativeSqlite): void {
  for (let attempt = 1; ; attempt += 1) {
    try {
      native.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 50) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

/** A WAL file larger than this after a checkpoint is truncated back (a burst leaves no lasting file). */
const JOURNAL_SIZE_LIMIT_BYTES = 32 * 1024 * 1024;

function openSqlite(
  dataDir: string,
  log: CheckpointerLog | undefined,
  busyTimeoutMs = BUSY_TIMEOUT_MS,
): Opened {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  const native = openNativeSqlite(file);
  native.pragma(`busy_timeout = ${busyTimeoutMs}`);
  switchToWal(native);
  // WAL + NORMAL: a commit survives a process crash; only an OS crash or power cut can lose the very last
  // commits, the usual trade-off for a web application's SQLite.
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  // Temporary files in memory. Group commit (group-commit.ts) gives each write a savepoint, and SQLite
  // keeps a savepoint's undo copy of every page it touches in a statement journal: a temporary file by
  // default, about 30 write system calls a checkout under load (five times the WAL's own). Never needed
  // after a crash (the WAL is what recovers), so memory loses nothing.
  native.pragma('temp_store = MEMORY');
  // SQLite's own automatic checkpoint keeps the WAL bounded, moved to a thread under load (checkpointer.ts);
  // the size limit gives the file's space back after a burst.
  native.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
  const checkpointer = new Checkpointer(native, { file, busyTimeoutMs }, log);
  const dialect = new ShopSqliteDialect(native);
  const db = new Kysely<Database>({ dialect });
  const writer = sqliteGroupWriter(db, native, dialect.cached, (writes) => checkpointer.committed(writes));
  registerGroupCommit(db, new GroupCommit(writer));
  return { db, file, description: file, stop: () => checkpointer.stop() };
}

const PG_INT8_OID = 20;

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * node-postgres returns bigint (int8) as a string, since it may exceed 2^53. The shop's int8 values are
 * epoch milliseconds and counts, far below that, and its types say `number` as SQLite gives them: parse
 * them as numbers for this pool only (never pg's global parsers, which other code in the process shares).
 */
const SHOP_PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : loadPg().types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** node-postgres, loaded when a PostgreSQL database is opened (lib/lazy-module.ts). */
const loadPg = lazyModule<typeof pg>('pg');

function openPostgres(location: PostgresLocation): Opened {
  const pool = new (loadPg().Pool)({
    connectionString: location.url,
    max: location.poolMax,
    // A server that does not answer at all (no RST, e.g. a lost network) fails a request in seconds with a
    // 503 instead of keeping it waiting for the pool forever.
    connectionTimeoutMillis: location.waitMs ?? CONNECT_TIMEOUT_MS,
    types: SHOP_PG_TYPES,
    ...(location.schema ? { options: `-c search_path=${location.schema}` } : {}),
  });
  // A connection that dies while idle in the pool (server restart, network) is dropped by the pool and the
  // next query opens a new one; without a listener the 'error' event would end the process.
  pool.on('error', () => {});
  // The same for a connection that dies while checked out but between queries (inside a transaction, or
  // just before its release): node-postgres emits 'error' on the client, which no one else listens to
  // then. The query in flight, if any, fails with the error itself (503), and the pool drops the broken
  // client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  registerGroupCommit(db, new GroupCommit(postgresGroupWriter(db)));
  return {
    db,
    file: null,
    description: describePostgresUrl(location.url),
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** postgres://host:port/database, never the user's password (log lines). */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `postgres://${u.host}${u.pathname}`;
  } catch {
    return 'postgres';
  }
}

/**
 * Applies the migrations not yet recorded in Kysely's `kysely_migration` table, all in one transaction
 * (SQLite and PostgreSQL both roll DDL back), and returns their names. A failure leaves the schema as it
 * was and is thrown: the shop does not start on a half-migrated database.
 */
export async function migrate(
  db: Kysely<Database>,
  migrations: Readonly<Record<string, Migration>> = shopMigrations(),
): Promise<string[]> {
  // PostgreSQL: Kysely's tables in the schema the shop works in (search_path), not whichever schema of
  // the database happens to hold a table of that name.
  const schema = dialectOf(db) === 'postgres' ? await currentSchema(db) : undefined;
  if (await alreadyCurrent(db, migrations, schema)) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    // The Migrator's advisory lock makes instances started together wait for one another.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'setting up the migrations';
    throw new Error(`Database migration failed (${failed})`, { cause: error });
  }
  return results.map((r) => r.migrationName);
}

/**
 * True when the database has recorded exactly `migrations`, read with one plain query: most starts have
 * nothing to migrate, and the Migrator's own check (it looks the tables up in the catalogue first) took
 * ~170 ms of every PostgreSQL start. Anything else (no table yet, a migration missing or one this
 * release does not know) is the Migrator's to handle.
 */
async function alreadyCurrent(
  db: Kysely<Database>,
  migrations: Readonly<Record<string, Migration>>,
  schema: string | undefined,
): Promise<boolean> {
  let applied: Set<string>;
  try {
    applied = await appliedMigrationNames(db, schema);
  } catch {
    return false;
  }
  const names = Object.keys(migrations);
  return applied.size === names.length && names.every((name) => applied.has(name));
}

/** The names in Kysely's `kysely_migration` table: in `schema` when given, else the search path's. */
async function appliedMigrationNames(db: Kysely<Database>, schema?: string): Promise<Set<string>> {
  const table = sql.table(schema ? `${schema}.${DEFAULT_MIGRATION_TABLE}` : DEFAULT_MIGRATION_TABLE);
  const result = await sql<{ name: string }>`select name from ${table}`.execute(db);
  return new Set(result.rows.map((r) => r.name));
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}

/** How many migrations the database has recorded: a cheap query that proves the database answers. */
export async function appliedMigrationCount(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ n: number | bigint }>`select count(*) as n from ${sql.table(
    DEFAULT_MIGRATION_TABLE,
  )}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * How many of `migrations` the database has not recorded (0: the schema is current). Another process
 * running `npm run migrate` for a newer release commits all its migrations at once, so an instance of that
 * release sees its count drop from all of them to 0.
 */
export async function pendingMigrationCount(
  db: Kysely<Database>,
  migrations: Readonly<Record<string, Migration>> = shopMigrations(),
): Promise<number> {
  const applied = await appliedMigrationNames(db);
  return Object.keys(migrations).filter((name) => !applied.has(name)).length;
}

/**
 * Runs compiled statements (a checkout's order, its lines and its test session) all or none: in one
 * transaction, or as part of the transaction `db` already is; otherwise with the other writes of the same
 * turn (./group-commit.ts).
 */
export async function executeAtomically(
  db: Kysely<Database>,
  queries: readonly CompiledQuery[],
): Promise<void> {
  const run = async (trx: Kysely<Database>) => {
    for (const query of queries) await trx.executeQuery(query);
  };
  if (queries.length === 0) return;
  if (db.isTransaction) return run(db);
  const group = groupCommitOf(db);
  if (group) return group.run(queries);
  await db.transaction().execute(run);
}
