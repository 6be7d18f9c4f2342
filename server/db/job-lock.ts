/**
 * Periodic jobs (reconcile, and any later one) run on one instance at a time. On PostgreSQL the lock is
 * `pg_try_advisory_xact_lock` inside a transaction, not the session-level `pg_try_advisory_lock`: a
 * transaction-level lock ends with the transaction, whatever happens (fn throws, the commit fails, the
 * connection breaks), so it can never stay behind on a pooled connection that goes back to the pool and
 * lives on, blocking the job on every instance until that connection closes. The cost is one pooled
 * connection held, idle in its transaction, while fn runs (fn's own queries use other connections).
 * An instance that dies mid-job loses its connection and with it the lock; the next pass anywhere runs.
 *
 * On SQLite it is a no-op: one process serves one file, and each job already runs one pass at a time.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from './dialect';
import type { Database } from './schema';

/** The advisory locks' first key: the shop's own, apart from other users of the database (and Kysely's). */
const SHOP_LOCK_CLASS = 0x50_1a_5;

export type JobOutcome<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/** Runs fn unless another instance is running the job `name` right now (then `{ ran: false }`). */
export async function withJobLock<T>(
  db: Kysely<Database>,
  name: string,
  fn: () => Promise<T>,
): Promise<JobOutcome<T>> {
  if (dialectOf(db) === 'sqlite') return { ran: true, value: await fn() };
  return db.transaction().execute(async (trx): Promise<JobOutcome<T>> => {
    // Keyed by schema too: shops (or test files) in different schemas of one database never block each other.
    const result = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${sql.lit(
      SHOP_LOCK_CLASS,
    )}, hashtext(current_schema() || ':' || ${name})) as locked`.execute(trx);
    if (result.rows[0]?.locked !== true) return { ran: false };
    return { ran: true, value: await fn() };
  });
}

/**
 * Serialises the transactions that take `name` on PostgreSQL: waits for the one holding it, held until
 * this transaction ends (commit, rollback or a broken connection). Under READ COMMITTED the next holder's
 * statements then see what the previous one committed. A no-op on SQLite, where a transaction's first
 * write already takes the file's one write lock.
 */
export async function lockForTransaction(trx: Transaction<Database>, name: string): Promise<void> {
  if (dialectOf(trx) === 'sqlite') return;
  await sql`select pg_advisory_xact_lock(${sql.lit(SHOP_LOCK_CLASS)}, hashtext(current_schema() || ':' || ${name}))`.execute(
    trx,
  );
}
