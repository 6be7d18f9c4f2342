/**
 * The one line a start prints when DATABASE_URL leads nowhere: which server and database it tried (never
 * the user or password) and why it failed, instead of the driver's stack trace. Anything else thrown at
 * start is a bug and keeps its trace.
 */
import type { DatabaseConfig } from '../config';
import { isDatabaseUnavailable } from '../lib/unavailable';

/** PostgreSQL's SQLSTATEs for a server that answers but will not open this database for this user. */
const PG_REFUSED_OPENING = /^(28[0-9A-Z]{3}|3D000)$/;

const SOCKET_CAUSES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

interface CodedError {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly errors?: unknown;
}

function causeOf(err: CodedError): string {
  const code = typeof err.code === 'string' ? err.code : null;
  const known = code ? SOCKET_CAUSES[code] : undefined;
  // A connection tried on several addresses fails with each one's error and an empty message of its own.
  const first = Array.isArray(err.errors) ? (err.errors[0] as CodedError | undefined) : undefined;
  const own = typeof err.message === 'string' && err.message !== '' ? err.message : first?.message;
  const line = String(known ?? own ?? 'unknown error').split('\n')[0] ?? '';
  return code ? `${line} (${code})` : line;
}

export function describeOpenFailure(err: unknown, database: DatabaseConfig): string | null {
  if (database.dialect !== 'postgres' || typeof err !== 'object' || err === null) return null;
  const coded = err as CodedError;
  const refused = typeof coded.code === 'string' && PG_REFUSED_OPENING.test(coded.code);
  if (!refused && !isDatabaseUnavailable(err)) return null;
  let where = 'PostgreSQL (DATABASE_URL cannot be read)';
  try {
    const url = new URL(database.url);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(the user name)';
    where = `PostgreSQL at host ${url.hostname}, port ${url.port || '5432'}, database ${name}`;
  } catch {
    // where stays general: the URL itself may hold the password.
  }
  return `Cannot open the database: ${where}: ${causeOf(coded)}`;
}
