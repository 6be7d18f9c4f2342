/**
 * Whether an error means "the database cannot serve this right now, try again shortly" (an API answers
 * 503 with Retry-After) rather than a bug (500). Both dialects' words for it live here, with the store.
 */

/** The Retry-After (seconds) of every answer that says the database is unavailable for now. */
export const UNAVAILABLE_RETRY_AFTER_S = '5';

/** SQLite could not take the write right now (locked, disk full, I/O). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN)/;

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), class 53 (insufficient resources:
 * disk full, too many connections), 57P01-57P03 (the server is shutting down or not yet accepting
 * connections; 57P01 is also what `pg_terminate_backend` gives), 55P03 (lock not available).
 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[123]|55P03)$/;

/** The server cannot be reached at all (node-postgres surfaces the socket's error). */
const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres' own errors, which carry no code: the connection broke, or the pool could not open one. */
const PG_CLIENT_UNAVAILABLE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** PostgreSQL's undefined_table; SQLite has no code of its own for it, only the message. */
const PG_UNDEFINED_TABLE = '42P01';

/** A table is missing: the database came back empty under the running instance (./schema-recovery.ts). */
export function isSchemaMissing(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code === PG_UNDEFINED_TABLE) return true;
  return code === 'SQLITE_ERROR' && typeof message === 'string' && message.startsWith('no such table');
}

export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  // Emptied under the running instance: it migrates again (./schema-recovery.ts).
  if (isSchemaMissing(err)) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    return SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code) || NETWORK_UNAVAILABLE.has(code);
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && PG_CLIENT_UNAVAILABLE.test(message);
}
