/**
 * Both dialects for the store-level suites (`describe.each(TEST_DIALECTS)`): SQLite in a temporary
 * DATA_DIR, or PostgreSQL at TEST_DATABASE_URL in a schema of its own (created here, dropped by
 * `remove`), so test files run in parallel on one server. No PostgreSQL server is an error, never a skip:
 * `npm test` starts one first (scripts/ensure-postgres.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseLocation } from '../../server/db/database';
import type { SqlDialect } from '../../server/db/dialect';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export const TEST_DIALECTS: readonly SqlDialect[] = ['sqlite', 'postgres'];

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

export async function createTestDatabase(dialect: SqlDialect, dataDir: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    return { dialect, location: dataDir, env: {}, remove: async () => {} };
  }
  // Lower-case letters and digits only: safe to write into SQL and search_path unquoted.
  const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create schema ${schema}`));
  let removed = false;
  return {
    dialect,
    location: { dialect: 'postgres', url: TEST_DATABASE_URL, poolMax: 5, schema },
    env: { DATABASE_URL: urlWithSchema(TEST_DATABASE_URL, schema), DATABASE_POOL_MAX: '5' },
    async remove() {
      if (removed) return;
      removed = true;
      await withAdmin((client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
}
