/**
 * Group commit on SQLite: the atomic writes that arrive in one turn of the event loop (concurrent
 * checkouts: executeAtomically) share one transaction, each in a savepoint of its own, so one write that
 * fails (a constraint) undoes only its own rows and rejects only its own caller. Every caller's promise
 * settles after the COMMIT, so no answer goes out before its rows are stored.
 *
 * Why: a checkout's COMMIT (the WAL pages it wrote, and SQLite's automatic checkpoint in every commit that
 * crosses 1,000 pages) was about a quarter of its CPU on SQLite, and consecutive orders touch the same
 * right-edge pages, so a turn's checkouts write most pages once (bench:api, docs/performance.md). PostgreSQL
 * commits per transaction on its own backends, with a pool: it does not use this.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, Kysely, SqliteDatabase } from 'kysely';
import type { Database } from './schema';

interface Waiting {
  readonly queries: readonly CompiledQuery[];
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

export class GroupCommit {
  private waiting: Waiting[] = [];

  constructor(
    /** The same database through Kysely: its one connection is held while a group is written. */
    private readonly db: Kysely<Database>,
    private readonly native: BetterSqlite3.Database,
    /** Kysely's own statement cache (database.ts), so each statement is compiled once for both. */
    private readonly statements: SqliteDatabase,
  ) {}

  /** Writes `queries` all or none, together with the others of this turn. */
  run(queries: readonly CompiledQuery[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ queries, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const group = this.waiting;
    this.waiting = [];
    let failed: Map<Waiting, unknown>;
    try {
      // Holding Kysely's connection: no other query, and no transaction of Kysely's, runs in between.
      failed = await this.db.connection().execute(async () => this.write(group));
    } catch (err) {
      for (const w of group) w.reject(err);
      return;
    }
    for (const w of group) {
      if (failed.has(w)) w.reject(failed.get(w));
      else w.resolve();
    }
  }

  /** The group's transaction, synchronously; what it returns are the writes that were undone alone. */
  private write(group: readonly Waiting[]): Map<Waiting, unknown> {
    const { native } = this;
    const failed = new Map<Waiting, unknown>();
    // Immediate, as every transaction of the shop (database.ts): another process's writer is waited for.
    native.exec('begin immediate');
    try {
      for (const w of group) {
        native.exec('savepoint one_write');
        try {
          for (const query of w.queries) this.statements.prepare(query.sql).run(query.parameters);
          native.exec('release one_write');
        } catch (err) {
          // SQLite undid the whole transaction itself (a full disk, I/O): every write of the group fails
          // with that error, as a lone transaction would.
          if (!native.inTransaction) throw err;
          native.exec('rollback to one_write');
          native.exec('release one_write');
          failed.set(w, err);
        }
      }
      native.exec('commit');
    } catch (err) {
      if (native.inTransaction) native.exec('rollback');
      throw err;
    }
    return failed;
  }
}

/** The group commit of each SQLite database the server opened (database.ts); none for PostgreSQL. */
const groups = new WeakMap<Kysely<Database>, GroupCommit>();

export function registerGroupCommit(db: Kysely<Database>, group: GroupCommit): void {
  groups.set(db, group);
}

export function groupCommitOf(db: Kysely<Database>): GroupCommit | undefined {
  return groups.get(db);
}
