/**
 * Group commit: the atomic writes that arrive in one turn of the event loop (concurrent checkouts:
 * executeAtomically) are stored together, each still all or none, and one write that fails (a constraint)
 * fails only its own caller. Every caller's promise settles after its rows are committed, so no answer
 * goes out before its rows are stored.
 *
 * - SQLite: one transaction, each write in a savepoint of its own. A checkout's COMMIT (the WAL pages it
 *   wrote, and SQLite's automatic checkpoint in every commit that crosses 1,000 pages) was about a quarter
 *   of its CPU, and consecutive orders touch the same right-edge pages, so a turn's checkouts write most
 *   pages once.
 * - PostgreSQL: the turn's plain inserts as ONE statement (./one-statement.ts), atomic on its own; when it
 *   fails, each write is tried again alone, so only the one that cannot be stored fails. Each statement was
 *   a socket write that wakes a database backend and a commit that waits for the WAL's flush: about 65 µs
 *   of the server's CPU, and more of the database's.
 *
 * The figures are in docs/performance.md (bench:api).
 */

import type { CompiledQuery, Kysely, SqliteDatabase } from 'kysely';
import type { NativeSqlite } from './native-sqlite';
import { asOneStatement } from './one-statement';
import type { Database } from './schema';

type Write = readonly CompiledQuery[];

/** A write's outcome when its rows are stored (anything else is what refused it, whatever was thrown). */
const STORED: unique symbol = Symbol('stored');

/** Stores a group's writes; answers, per write, STORED or the error that refused it. */
type GroupWriter = (writes: readonly Write[]) => Promise<readonly unknown[]>;

interface Waiting {
  readonly queries: Write;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/** A turn with more writes than this is stored in several groups (PostgreSQL's 65,535 parameters). */
const GROUP_MAX = 100;

export class GroupCommit {
  private waiting: Waiting[] = [];

  constructor(private readonly writeGroup: GroupWriter) {}

  /** Writes `queries` all or none, together with the others of this turn. */
  run(queries: Write): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ queries, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const all = this.waiting;
    this.waiting = [];
    for (let from = 0; from < all.length; from += GROUP_MAX) {
      const group = all.slice(from, from + GROUP_MAX);
      let outcomes: readonly unknown[];
      try {
        outcomes = await this.writeGroup(group.map((w) => w.queries));
      } catch (err) {
        for (const w of group) w.reject(err);
        continue;
      }
      group.forEach((w, i) => {
        const outcome = outcomes[i];
        if (outcome === STORED) w.resolve();
        else w.reject(outcome);
      });
    }
  }
}

const SAVEPOINT = 'savepoint one_write';
const RELEASE = 'release one_write';
const NO_PARAMETERS: readonly unknown[] = [];

/**
 * SQLite: the group's transaction, synchronously, holding Kysely's one connection (no other query, and no
 * transaction of Kysely's, runs in between). `statements` is Kysely's own statement cache (database.ts),
 * so each statement is compiled once for both.
 */
export function sqliteGroupWriter(
  db: Kysely<Database>,
  native: NativeSqlite,
  statements: SqliteDatabase,
  /** After each COMMIT, with the number of writes it held (the checkpointer, checkpointer.ts). */
  committed?: (writes: number) => void,
): GroupWriter {
  const write = (writes: readonly Write[]): unknown[] => {
    const outcomes: unknown[] = [];
    // Immediate, as every transaction of the shop (database.ts): another process's writer is waited for.
    native.exec('begin immediate');
    try {
      for (const queries of writes) {
        // Compiled once (the statement cache): exec() parsed both again for every checkout of the group.
        statements.prepare(SAVEPOINT).run(NO_PARAMETERS);
        try {
          for (const query of queries) statements.prepare(query.sql).run(query.parameters);
          statements.prepare(RELEASE).run(NO_PARAMETERS);
          outcomes.push(STORED);
        } catch (err) {
          // SQLite undid the whole transaction itself (a full disk, I/O): every write of the group fails
          // with that error, as a lone transaction would.
          if (!native.inTransaction) throw err;
          native.exec('rollback to one_write');
          native.exec('release one_write');
          outcomes.push(err);
        }
      }
      native.exec('commit');
    } catch (err) {
      if (native.inTransaction) native.exec('rollback');
      throw err;
    }
    committed?.(writes.length);
    return outcomes;
  };
  return (writes) => db.connection().execute(async () => write(writes));
}

/** PostgreSQL: the group as one statement when it can be, else (or when it fails) each write alone. */
export function postgresGroupWriter(db: Kysely<Database>): GroupWriter {
  const alone = async (queries: Write): Promise<unknown> => {
    try {
      const one = asOneStatement(queries);
      if (one) await db.executeQuery(one);
      else if (queries.length === 1 && queries[0]) await db.executeQuery(queries[0]);
      else
        await db.transaction().execute(async (trx) => {
          for (const query of queries) await trx.executeQuery(query);
        });
      return STORED;
    } catch (err) {
      return err;
    }
  };
  return async (writes) => {
    const together = writes.length > 1 ? asOneStatement(writes.flat()) : null;
    if (together) {
      try {
        await db.executeQuery(together);
        return writes.map(() => STORED);
      } catch {
        // One of them cannot be stored (or the statement was lost): each alone finds which.
      }
    }
    return Promise.all(writes.map(alone));
  };
}

/** The group commit of each database the server opened (database.ts). */
const groups = new WeakMap<Kysely<Database>, GroupCommit>();

export function registerGroupCommit(db: Kysely<Database>, group: GroupCommit): void {
  groups.set(db, group);
}

export function groupCommitOf(db: Kysely<Database>): GroupCommit | undefined {
  return groups.get(db);
}
