/**
 * Both dialects for the store-level suites (`describe.each(TEST_DIALECTS)`): SQLite in a temporary
 * DATA_DIR, or PostgreSQL at TEST_DATABASE_URL in a schema or database of its own (created here, dropped
 * by `remove`), so test files run in parallel on one server. No PostgreSQL server is an error, never a skip:
 * `npm test` starts one first (scripts/ensure-postgres.ts).
 *
 * `{ migrated: true }` gives a database already at the latest migration, copied from a template migrated
 * once (SQLite: a file per test worker; PostgreSQL: a database per machine and set of migrations, copied by
 * CREATE DATABASE ... TEMPLATE into a database of the test's own). Migrating afresh took ~500 ms a
 * PostgreSQL database and ~70 ms a SQLite one, over 600 times a run; a copy takes ~90 ms of the server's
 * CPU (made ahead of need: `takeTemplateCopy`) and ~1 ms. The app's own start still runs the migrator,
 * which finds nothing to do. Suites that test migrations, or work on the schema itself, keep the default:
 * an empty database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { declareShop } from '../../server/app';
import { DATABASE_FILE, type DatabaseLocation, openDatabase } from '../../server/db/database';
import type { SqlDialect } from '../../server/db/dialect';
import { MIGRATIONS } from '../../server/db/migrations';

// Every feature's migrations with the platform's, as the app has them: openDatabase's default list.
declareShop();

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The dialects the store-level suites run on: both, unless TEST_DIALECTS names one (`npm run test:quick`
 * runs SQLite only; a suite that needs PostgreSQL itself, for NOTIFY or locks, still asks for it).
 */
export const TEST_DIALECTS: readonly SqlDialect[] = dialectsFromEnv(process.env.TEST_DIALECTS);

function dialectsFromEnv(value: string | undefined): readonly SqlDialect[] {
  if (value === undefined || value.trim() === '') return ['sqlite', 'postgres'];
  const named = value.split(',').map((v) => v.trim());
  const dialects = named.filter((v): v is SqlDialect => v === 'sqlite' || v === 'postgres');
  if (dialects.length !== named.length || dialects.length === 0) {
    throw new Error(
      `TEST_DIALECTS must be sqlite, postgres or both (comma-separated); got ${JSON.stringify(value)}`,
    );
  }
  return dialects;
}

/**
 * The dialect of the route and service suites (`describe.each(ROUTE_DIALECTS)`): one, SQLite unless
 * TEST_DIALECTS names PostgreSQL alone. Routes and services never see the dialect: the stores hide it, and
 * their suites (and the migrations', and the SQL's) run on both. A test whose rule does depend on the
 * database (concurrent requests meeting in it, NOTIFY between instances, locks, SKIP LOCKED, time zones)
 * stays on TEST_DIALECTS, in a describe of its own where the rest of its file runs here.
 */
export const ROUTE_DIALECTS: readonly SqlDialect[] = TEST_DIALECTS.includes('sqlite')
  ? ['sqlite']
  : TEST_DIALECTS;

export interface TestDatabase {
  readonly dialect: SqlDialect;
  /** For openDatabase. */
  readonly location: DatabaseLocation;
  /** For loadConfig / buildTestApp / a server process, next to DATA_DIR (which still holds the outbox's files). */
  readonly env: Readonly<Record<string, string>>;
  /** Drops the PostgreSQL schema with everything in it (SQLite's file goes with its DATA_DIR). */
  remove(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `No PostgreSQL at TEST_DATABASE_URL (${TEST_DATABASE_URL}): run 'npx tsx scripts/ensure-postgres.ts' or set TEST_DATABASE_URL`,
      { cause: err },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A URL whose connections all work in `schema` (libpq's `options`, which node-postgres passes on). */
export function urlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * The migrations as this checkout has them: a template is reused only while they are the same. The
 * files' whole text counts (the platform's and every feature's migrations.ts, and what they share), not only each entry's `up`: an entry calls a helper of the file, and a
 * helper changed under the same entry would otherwise reuse a template migrated by its old version.
 */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const server = new URL('../../server/', import.meta.url);
  // The platform's migrations.ts and every feature's (server/<feature>/migrations.ts), in a fixed order.
  const folders = readdirSync(server, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    const file = new URL(`${folder}/migrations.ts`, server);
    try {
      hash.update(readFileSync(file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  hash.update(readFileSync(new URL('../../server/db/migration-kit.ts', import.meta.url)));
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    hash
      .update(name)
      .update(String(migration.up))
      .update(String(migration.down ?? ''));
  }
  return hash.digest('hex').slice(0, 16);
}

let sqliteTemplate: Promise<string> | null = null;

/** A migrated SQLite file, made once per test worker; closed, so the file alone is the whole database. */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'solas-sqlite-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const opened = await openDatabase(dir);
    await opened.close();
    return path.join(dir, DATABASE_FILE);
  })();
  return sqliteTemplate;
}

/** The same server, another database. */
function urlOfDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Serialises building the template among every test process on the machine. */
const TEMPLATE_LOCK_KEY = 520_612_001;
let postgresTemplate: Promise<string> | null = null;

/**
 * The name of a migrated template database for these migrations, built once per machine: under an
 * advisory lock, migrated under a temporary name and renamed when complete, so no process copies a
 * half-built one. Nothing stays connected to it (PostgreSQL copies only a template nobody uses).
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdmin(async (client) => {
    const name = `solas_template_${migrationsFingerprint()}`;
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_${process.pid}`;
      await client.query(`drop database if exists ${building}`);
      await client.query(`create database ${building}`);
      const opened = await openDatabase({
        dialect: 'postgres',
        url: urlOfDatabase(TEST_DATABASE_URL, building),
        poolMax: 2,
      });
      await opened.close();
      await client.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return postgresTemplate;
}

/** The names of this run's test databases: `test_<pid>_<random>`, the pid the test runner's. */
export const TEST_DATABASE_PREFIX = 'test_';

function copyOfTemplate(): Promise<string> {
  // Lower-case letters and digits only: safe to write into SQL unquoted.
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(6).toString('hex')}`;
  return migratedPostgresTemplate().then((template) =>
    withAdmin((client) => client.query(`create database ${name} template ${template}`)).then(() => name),
  );
}

let spareCopy: Promise<string> | null = null;

/**
 * A copy of the template for the test asking now. Under Vitest each test worker keeps the next copy being
 * made while its test runs: a copy takes ~90 ms of the database server's CPU but ~600 ms of waiting (it
 * writes and syncs the whole template), which every PostgreSQL test waited for before it began. The last
 * spare of a run is dropped by the run's teardown (tests/setup/test-databases.ts).
 */
function takeTemplateCopy(): Promise<string> {
  if (!process.env.VITEST) return copyOfTemplate();
  const ready = spareCopy ?? copyOfTemplate();
  spareCopy = copyOfTemplate();
  // A failure is reported to the test that takes this copy, not as an unhandled rejection now.
  spareCopy.catch(() => {});
  return ready;
}

/**
 * Drops the test databases `pid` left (each test worker's spare copy, or a drop still under way), once the
 * copies it started have finished: a copy a worker began just before the run ended would otherwise appear
 * after the list was read. Quiet when no PostgreSQL answers: a run of component tests alone needs none.
 */
export async function dropTestDatabasesOf(pid: number): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await client.connect();
  } catch {
    return;
  }
  const pattern = `${`${TEST_DATABASE_PREFIX}${pid}_`.replaceAll('_', '\\_')}%`;
  try {
    for (let waited = 0; waited < 20; waited += 1) {
      const copying = await client.query(
        "select 1 from pg_stat_activity where state = 'active' and query like $1",
        [`create database ${pattern}`],
      );
      if (!copying.rowCount) break;
      await sleep(500);
    }
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [pattern],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

/** `remove` runs its drop the first time only: suites call it from more than one cleanup. */
function once(drop: () => Promise<unknown>): () => Promise<void> {
  let dropped: Promise<void> | undefined;
  return () => {
    dropped ??= drop().then(() => undefined);
    return dropped;
  };
}

async function migratedTestDatabase(dialect: SqlDialect, dataDir: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const template = await migratedSqliteFile();
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(template, path.join(dataDir, DATABASE_FILE));
    return { dialect, location: dataDir, env: {}, remove: async () => {} };
  }
  const name = await takeTemplateCopy();
  const url = urlOfDatabase(TEST_DATABASE_URL, name);
  return {
    dialect,
    location: { dialect: 'postgres', url, poolMax: 5 },
    env: { DATABASE_URL: url, DATABASE_POOL_MAX: '5' },
    // FORCE: a connection a test left open does not keep the database. Under Vitest the next test does not
    // wait for the drop (~150 ms, mostly waiting on the disk); the run's teardown drops what is left.
    remove: once(async () => {
      const drop = withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      if (process.env.VITEST) drop.catch(() => {});
      else await drop;
    }),
  };
}

export async function createTestDatabase(
  dialect: SqlDialect,
  dataDir: string,
  options: { readonly migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (options.migrated) return migratedTestDatabase(dialect, dataDir);
  if (dialect === 'sqlite') {
    return { dialect, location: dataDir, env: {}, remove: async () => {} };
  }
  // Lower-case letters and digits only: safe to write into SQL and search_path unquoted.
  const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create schema ${schema}`));
  return {
    dialect,
    location: { dialect: 'postgres', url: TEST_DATABASE_URL, poolMax: 5, schema },
    env: { DATABASE_URL: urlWithSchema(TEST_DATABASE_URL, schema), DATABASE_POOL_MAX: '5' },
    remove: once(() => withAdmin((client) => client.query(`drop schema if exists ${schema} cascade`))),
  };
}
