/**
 * The health check's own connection to the database (ops/health.ts), beside the shop's. PostgreSQL: one
 * connection of its own (its statements and its connect bounded by short timeouts), so a pool saturated
 * by requests waiting on a lock never keeps /api/health waiting behind them. SQLite: the shop's one
 * connection never queues behind other requests (it is synchronous) and reads while another process
 * writes (WAL), so the schema is read there; a second connection tells whether a write could start now
 * (another process holding the write lock is what makes every write of the shop wait).
 */
import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import type pg from 'pg';
import { lazyModule } from '../lib/lazy-module';
import { type NativeSqlite, openNativeSqlite } from './native-sqlite';

export interface DatabaseProbe {
  /** The names of the migrations the database recorded; null on SQLite (read on the shop's connection). */
  readonly appliedMigrations: (() => Promise<string[]>) | null;
  /**
   * False when no write could start within `waitMs` (SQLite: another connection holds the write lock).
   * Always true on PostgreSQL, whose writers wait row by row, not for the whole database.
   */
  writable(waitMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Bounds every statement and connect of the PostgreSQL probe: it answers or fails, never queues. */
const PG_PROBE_TIMEOUT_MS = 2_000;

/** Between two tries for SQLite's write lock, without blocking the event loop meanwhile. */
const SQLITE_RETRY_MS = 25;

const loadPg = lazyModule<typeof pg>('pg');

export function sqliteProbe(dataDir: string, file: string): DatabaseProbe {
  let native: NativeSqlite | null = null;
  // Opened on first use: a server that is never asked for its health never holds a second handle.
  const open = () => {
    if (!native) {
      native = openNativeSqlite(path.join(dataDir, file), { mustExist: true });
      // Never wait inside SQLite: that would block the event loop (node:sqlite is synchronous).
      native.pragma('busy_timeout = 0');
    }
    return native;
  };
  const tryWrite = (): boolean => {
    const connection = open();
    try {
      connection.exec('begin immediate');
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return false;
      throw err;
    }
    connection.exec('rollback');
    return true;
  };
  return {
    appliedMigrations: null,
    async writable(waitMs) {
      const until = Date.now() + waitMs;
      for (;;) {
        if (tryWrite()) return true;
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, SQLITE_RETRY_MS));
      }
    },
    async close() {
      native?.close();
      native = null;
    },
  };
}

export function postgresProbe(location: { readonly url: string; readonly schema?: string }): DatabaseProbe {
  let pool: pg.Pool | null = null;
  const open = () => {
    if (!pool) {
      const settings = [
        `-c statement_timeout=${PG_PROBE_TIMEOUT_MS}`,
        `-c lock_timeout=${PG_PROBE_TIMEOUT_MS}`,
      ];
      if (location.schema) settings.push(`-c search_path=${location.schema}`);
      pool = new (loadPg().Pool)({
        connectionString: location.url,
        max: 1,
        connectionTimeoutMillis: PG_PROBE_TIMEOUT_MS,
        options: settings.join(' '),
      });
      // A connection that dies while idle is dropped by the pool; the next probe opens a new one.
      pool.on('error', () => {});
      pool.on('connect', (client) => {
        client.on('error', () => {});
      });
    }
    return pool;
  };
  return {
    async appliedMigrations() {
      const result = await open().query<{ name: string }>(`select name from "${DEFAULT_MIGRATION_TABLE}"`);
      return result.rows.map((r) => r.name);
    },
    async writable() {
      return true;
    },
    async close() {
      const p = pool;
      pool = null;
      await p?.end();
    },
  };
}
