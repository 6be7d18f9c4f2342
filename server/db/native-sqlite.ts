/**
 * The shop's SQLite connections, over Node's own `node:sqlite` (Node 22.13 and later; the shop runs on the
 * Node 24 that `npm ci` installs beside it). Nothing to compile at install: a native addon took most of a
 * clean install's time. Everything else in the server sees this small interface: the statements Kysely's
 * SQLite driver expects, `exec`, one-value pragmas, and errors coded as SQLite names them (`SQLITE_BUSY`,
 * `SQLITE_CONSTRAINT_UNIQUE`), which lib/unavailable.ts turns into a 503.
 */
import { existsSync } from 'node:fs';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SqliteStatement } from 'kysely';

export interface NativeSqlite {
  /** A compiled statement in the shape Kysely's SQLite driver calls (parameters as one array). */
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  /** `pragma <setting>`: the first column of its first row (undefined when it returns none). */
  pragma(setting: string): unknown;
  /** Whether a transaction is open (SQLite ends one by itself on some errors: a full disk, I/O). */
  readonly inTransaction: boolean;
  close(): void;
}

export interface NativeSqliteOptions {
  readonly readOnly?: boolean;
  /** Refuse to create the file (SQLITE_CANTOPEN) when it is not there. */
  readonly mustExist?: boolean;
}

/** Node's built-in module, or null on a Node without it (20): the shop then runs on PostgreSQL only. */
function sqliteModule(): typeof import('node:sqlite') {
  const found = process.getBuiltinModule?.('node:sqlite') as typeof import('node:sqlite') | undefined;
  if (!found) {
    throw new Error(
      `SQLite needs Node.js 22.13 or later (this is ${process.version}): start the shop with npm start, ` +
        'which runs the Node.js 24 that npm ci installs, or set DATABASE_URL to use PostgreSQL',
    );
  }
  return found;
}

/** SQLite's primary result codes (the low byte of an extended code) by number, as SQLite names them. */
const PRIMARY_CODES = [
  'OK',
  'ERROR',
  'INTERNAL',
  'PERM',
  'ABORT',
  'BUSY',
  'LOCKED',
  'NOMEM',
  'READONLY',
  'INTERRUPT',
  'IOERR',
  'CORRUPT',
  'NOTFOUND',
  'FULL',
  'CANTOPEN',
  'PROTOCOL',
  'EMPTY',
  'SCHEMA',
  'TOOBIG',
  'CONSTRAINT',
  'MISMATCH',
  'MISUSE',
  'NOLFS',
  'AUTH',
  'FORMAT',
  'RANGE',
  'NOTADB',
] as const;

/** The extended codes the shop tells apart. */
const EXTENDED_CODES: Readonly<Record<number, string>> = {
  275: 'CONSTRAINT_CHECK',
  517: 'BUSY_SNAPSHOT',
  787: 'CONSTRAINT_FOREIGNKEY',
  1299: 'CONSTRAINT_NOTNULL',
  1555: 'CONSTRAINT_PRIMARYKEY',
  2067: 'CONSTRAINT_UNIQUE',
};

/** `node:sqlite` codes every SQLite error ERR_SQLITE_ERROR with the number beside it: name it instead. */
export function sqliteErrorCode(errcode: number): string {
  const name = EXTENDED_CODES[errcode] ?? PRIMARY_CODES[errcode & 0xff] ?? 'ERROR';
  return `SQLITE_${name}`;
}

function coded(error: unknown): unknown {
  if (
    typeof error === 'object' &&
    error !== null &&
    'errcode' in error &&
    typeof error.errcode === 'number'
  ) {
    Object.defineProperty(error, 'code', {
      value: sqliteErrorCode(error.errcode),
      configurable: true,
      writable: true,
    });
  }
  return error;
}

function guarded<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw coded(error);
  }
}

function statementOf(native: StatementSync): SqliteStatement {
  // A statement that returns columns is read with all() (SELECT, and INSERT ... RETURNING), as Kysely asks.
  const reader = native.columns().length > 0;
  return {
    reader,
    all: (parameters) => guarded(() => native.all(...(parameters as never[]))),
    run: (parameters) => guarded(() => native.run(...(parameters as never[]))),
    iterate: (parameters) => guarded(() => native.iterate(...(parameters as never[]))),
  };
}

export function openNativeSqlite(file: string, options: NativeSqliteOptions = {}): NativeSqlite {
  const { DatabaseSync } = sqliteModule();
  if (options.mustExist && !existsSync(file)) {
    throw Object.assign(new Error(`unable to open database file: ${file} does not exist`), {
      code: 'SQLITE_CANTOPEN',
    });
  }
  // Foreign keys as SQLite's own default (off); the shop's connection turns them on itself.
  const db: DatabaseSync = guarded(
    () => new DatabaseSync(file, { readOnly: options.readOnly ?? false, enableForeignKeyConstraints: false }),
  );
  return {
    prepare: (sql) => statementOf(guarded(() => db.prepare(sql))),
    exec: (sql) => guarded(() => db.exec(sql)),
    pragma: (setting) =>
      guarded(() => {
        const row = db.prepare(`pragma ${setting}`).get() as Record<string, unknown> | undefined;
        return row ? Object.values(row)[0] : undefined;
      }),
    get inTransaction() {
      return db.isTransaction;
    },
    close: () => db.close(),
  };
}

/** SQLite's largest backup step: every page left. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of the database at `file` into `to` while the shop keeps writing (SQLite's online
 * backup, every page in one step).
 */
export async function backupNativeSqlite(file: string, to: string): Promise<void> {
  const { DatabaseSync, backup } = sqliteModule();
  if (!existsSync(file)) throw new Error(`No database at ${file}`);
  const source = new DatabaseSync(file, { enableForeignKeyConstraints: false });
  try {
    // Waits politely for a writer instead of failing.
    source.exec('pragma busy_timeout = 5000');
    // All pages in one step: SQLite restarts a stepped backup whenever another connection writes between
    // two steps, so a shop taking orders all the while (or a slow machine) could keep it from ever ending.
    // One step reads one snapshot (WAL: writers go on meanwhile) and ends.
    await backup(source, to, { rate: ALL_PAGES });
  } catch (error) {
    throw coded(error);
  } finally {
    source.close();
  }
}
