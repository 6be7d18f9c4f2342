/**
 * Opens the shop's database and brings its schema up to date with Kysely's `Migrator` (./migrations.ts):
 * SQLite in DATA_DIR by default (better-sqlite3), PostgreSQL when DATABASE_URL is set (node-postgres'
 * pool). The rest of the server only sees `Kysely<Database>`; where the dialects differ, the stores ask
 * ./dialect.ts.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
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
import { registerSqliteGroupRunner, type SqliteGroupRunner } from './atomic-writes';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector';
import { dialectOf, type SqlDialect } from './dialect';
import { MIGRATIONS } from './migrations';
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

/**
 * Every transaction of the shop writes, so each one takes SQLite's write lock when it begins (`begin
 * immediate`) and waits up to busy_timeout for another process's writer. A deferred `begin` would read
 * first and could then fail at once with SQLITE_BUSY when another process wrote meanwhile.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
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
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver({ database: this.database });
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
}

/** A DATA_DIR (SQLite, the default) or a PostgreSQL server (DATABASE_URL). */
export type DatabaseLocation =
  | string
  | { readonly dialect: 'sqlite'; readonly dataDir: string }
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
  close(): Promise<void>;
}

/** Where the database reports trouble that no request sees (the SQLite checkpointer thread). */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

export async function openDatabase(
  location: DatabaseLocation,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
  log?: DatabaseLog,
): Promise<OpenDatabase> {
  const opened: Opened & { checkpointer?: Checkpointer } =
    typeof location === 'string'
      ? openSqlite(location, log)
      : location.dialect === 'sqlite'
        ? openSqlite(location.dataDir, log)
        : openPostgres(location);
  const { db, file, description, checkpointer } = opened;
  const shut = async () => {
    await checkpointer?.stop();
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
    async close() {
      if (closed) return;
      closed = true;
      await shut();
    },
  };
}

type Opened = Pick<OpenDatabase, 'db' | 'file' | 'description'>;

/**
 * Switching a new database file to WAL needs a moment alone with it, and SQLite answers SQLITE_BUSY at once
 * (no busy handler) when another process opens the same new file at that instant: two instances started
 * together. Retried briefly; the switch is persistent, so only the first opener of a file ever waits.
 */
function switchToWal(native: BetterSqlite3.Database): void {
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

/** How often the checkpointer thread moves the WAL's committed pages into the database file. */
const CHECKPOINT_INTERVAL_MS = 100;

/**
 * The server's own connection checkpoints only when the WAL has grown this far (about 16 MB): never while
 * the checkpointer thread keeps up, and still bounded if that thread is gone.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 4_000;

/** A WAL file larger than this after a checkpoint is truncated back (a burst leaves no lasting file). */
const JOURNAL_SIZE_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * SQLite's automatic checkpoint runs inside the commit that crosses 1,000 WAL pages, on the connection
 * that commits: copying the pages into the database file and its fsyncs (synchronous=NORMAL syncs at
 * checkpoints) blocked the event loop for tens of milliseconds every few dozen checkouts, every request in
 * flight waiting (the checkout's p99 in bench:api). A worker thread with a connection of its own runs a
 * PASSIVE checkpoint instead: it never blocks the server's writers or readers. Same durability: the same
 * pages are written and synced, by another thread.
 *
 * It checkpoints right after each group commit (`nudge`), and every CHECKPOINT_INTERVAL_MS for the other
 * writes. The WAL only restarts from its beginning at a commit that finds every frame already copied; on a
 * timer alone, under a steady stream of commits, some commit always landed during the checkpoint, the WAL
 * never restarted, and every 4,000 pages the server's connection ran the fallback checkpoint itself, in
 * the middle of a commit (10-40 ms, 6-7 times a second under bench:api's checkout load). Started as soon
 * as a commit ends, the copy usually finishes while the server prepares the next group.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
let failed = false;
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // Reported once; the server's fallback autocheckpoint bounds the WAL meanwhile.
    if (!failed) parentPort.postMessage({ error: String((err && err.message) || err) });
    failed = true;
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
// Commits reported while a checkpoint ran are served by one checkpoint after it.
let nudged = false;
parentPort.on('message', (message) => {
  if (message === 'commit') {
    if (nudged) return;
    nudged = true;
    setImmediate(() => {
      nudged = false;
      checkpoint();
    });
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

const requireHere = createRequire(import.meta.url);

interface Checkpointer {
  /** A commit has ended: checkpoint now (see CHECKPOINTER). */
  nudge(): void;
  stop(): Promise<void>;
}

function startCheckpointer(file: string, log: DatabaseLog | undefined): Checkpointer {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: {
      driver: requireHere.resolve('better-sqlite3'),
      file,
      busyTimeoutMs: BUSY_TIMEOUT_MS,
      intervalMs: CHECKPOINT_INTERVAL_MS,
    },
  });
  // Never what keeps the process alive; an error in it must not end the server (the fallback holds).
  worker.unref();
  worker.on('error', (error) => {
    log?.warn(
      { err: error.message },
      'database: the WAL checkpointer thread stopped; the server checkpoints by itself now',
    );
  });
  // The thread reports its first failure once; the fallback autocheckpoint bounds the WAL meanwhile, but
  // the owner should know the WAL is no longer checkpointed in the background.
  worker.on('message', (message: unknown) => {
    const error = (message as { error?: unknown } | null)?.error;
    if (typeof error === 'string') {
      log?.warn({ err: error }, 'database: WAL checkpoints failed; the server checkpoints by itself now');
    }
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped = false;
  return {
    nudge() {
      if (!stopped) worker.postMessage('commit');
    },
    async stop() {
      stopped = true;
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 2_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/**
 * executeAtomically's group commit on SQLite (atomic-writes.ts): the turn's writes in one IMMEDIATE
 * transaction, each write a savepoint (better-sqlite3 makes a transaction function called inside another
 * one a savepoint), so a write that fails is undone alone and the others commit. SQLite undoes a whole
 * transaction by itself on some errors (a full disk, I/O): then nothing of the group is kept, and the rest
 * must not go on outside a transaction, so the group fails as a whole.
 */
function sqliteGroupRunner(
  native: BetterSqlite3.Database,
  cached: { prepare(sql: string): { run(parameters: readonly unknown[]): unknown } },
  afterCommit: () => void,
): SqliteGroupRunner {
  const write = native.transaction((queries: readonly CompiledQuery[]) => {
    for (const query of queries) cached.prepare(query.sql).run(query.parameters);
  });
  const group = native.transaction((writes: readonly (readonly CompiledQuery[])[]) =>
    writes.map((queries) => {
      try {
        write(queries);
        return null;
      } catch (error) {
        if (!native.inTransaction) throw error;
        return error;
      }
    }),
  );
  return (writes) => {
    try {
      return group.immediate(writes);
    } finally {
      afterCommit();
    }
  };
}

function openSqlite(dataDir: string, log?: DatabaseLog): Opened & { checkpointer: Checkpointer } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  const native = new BetterSqlite3(file);
  native.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  switchToWal(native);
  // WAL + NORMAL: a commit survives a process crash; only an OS crash or power cut can lose the very last
  // commits, the usual trade-off for a web application's SQLite.
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  native.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  native.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
  const cached = withStatementCache(native);
  const db = new Kysely<Database>({ dialect: new ShopSqliteDialect(cached) });
  const checkpointer = startCheckpointer(file, log);
  registerSqliteGroupRunner(db, sqliteGroupRunner(native, cached, checkpointer.nudge));
  return { db, file, description: file, checkpointer };
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
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
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
  return { db, file: null, description: describePostgresUrl(location.url) };
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
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    // PostgreSQL: Kysely's tables in the schema the shop works in (search_path), not whichever schema of
    // the database happens to hold a table of that name. The Migrator's advisory lock makes instances
    // started together wait for one another.
    ...(dialectOf(db) === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'setting up the migrations';
    throw new Error(`Database migration failed (${failed})`, { cause: error });
  }
  return results.map((r) => r.migrationName);
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
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<number> {
  const result = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(
    db,
  );
  const applied = new Set(result.rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !applied.has(name)).length;
}

export { executeAtomically } from './atomic-writes';
