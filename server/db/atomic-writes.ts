/**
 * Atomic writes (a checkout's order, lines and test session), committed in groups: every write handed in
 * during one turn of the event loop is committed together at the end of that turn (group commit).
 *
 * Why: under load one turn reads the requests of many connections at once, and each checkout used to be a
 * commit of its own. On SQLite a commit writes every page it touched to the WAL (about a dozen for a
 * checkout: the orders table and its indexes, the lines, the session), and the pages of the rightmost
 * leaves are the same for every order of a turn, so one commit for the turn writes them once. On
 * PostgreSQL a commit is a round trip and a WAL flush. Each write is still all or none by itself, and a
 * write that fails fails alone: on SQLite each write is a savepoint inside the group's transaction, on
 * PostgreSQL a failed group statement is retried write by write. Nobody is answered before their write is
 * committed, so durability is what it was; a request waits at most until the end of the turn it arrived
 * in (one `setImmediate`), and under no load a group is one write.
 *
 * Figures (docs/performance.md): measured with bench:api.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { endOfTurn } from '../ops/end-of-turn';
import { dialectOf } from './dialect';
import type { Database } from './schema';

/**
 * Runs each group entry's statements all or none, all entries in one transaction; per entry, null when it
 * was written or the error that undid it. Throws when the whole transaction failed (nothing was kept).
 */
export type SqliteGroupRunner = (writes: readonly (readonly CompiledQuery[])[]) => readonly unknown[];

/** A group never grows past this many writes, so one turn's burst cannot hold unbounded memory. */
export const MAX_GROUP_WRITES = 200;

/** PostgreSQL accepts at most 65,535 parameters in one statement; a group stays well below. */
const MAX_GROUP_PARAMETERS = 30_000;

interface Pending {
  readonly queries: readonly CompiledQuery[];
  resolve(): void;
  reject(error: unknown): void;
}

type CommitGroup = (writes: readonly Pending[]) => Promise<void>;

/** The writes of the current turn for one database, committed at its end. */
class WriteGroups {
  private pending: Pending[] = [];
  private parameters = 0;
  private readonly flushAtEndOfTurn = endOfTurn(() => this.flush());

  constructor(private readonly commit: CommitGroup) {}

  submit(queries: readonly CompiledQuery[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const parameters = queries.reduce((n, q) => n + q.parameters.length, 0);
      if (
        this.pending.length >= MAX_GROUP_WRITES ||
        (this.pending.length > 0 && this.parameters + parameters > MAX_GROUP_PARAMETERS)
      ) {
        this.flush();
      }
      this.pending.push({ queries, resolve, reject });
      this.parameters += parameters;
      // After the poll phase: every request read in this turn has reached its write by then.
      this.flushAtEndOfTurn();
    });
  }

  private flush(): void {
    const writes = this.pending;
    if (writes.length === 0) return;
    this.pending = [];
    this.parameters = 0;
    this.commit(writes).catch((error: unknown) => {
      for (const write of writes) write.reject(error);
    });
  }
}

/** Each database's groups: SQLite's set up when database.ts opens it, PostgreSQL's at its first write. */
const groups = new WeakMap<Kysely<Database>, WriteGroups>();

/** database.ts, opening a SQLite database: its writes are grouped through its native runner. */
export function registerSqliteGroupRunner(db: Kysely<Database>, runner: SqliteGroupRunner): void {
  groups.set(db, new WriteGroups(sqliteCommit(db, runner)));
}

/** SQLite: the group in one native transaction, each write a savepoint, while Kysely's connection is held. */
function sqliteCommit(db: Kysely<Database>, runner: SqliteGroupRunner): CommitGroup {
  return async (writes) => {
    const outcomes = await db.connection().execute(async () => runner(writes.map((w) => w.queries)));
    writes.forEach((write, i) => {
      const error = outcomes[i];
      if (error === null || error === undefined) write.resolve();
      else write.reject(error);
    });
  };
}

/** PostgreSQL: the group as one statement; if it fails (nothing was written), each write on its own. */
function postgresCommit(db: Kysely<Database>): CommitGroup {
  const alone = async (write: Pending) => {
    try {
      await db.executeQuery(oneStatement(write.queries));
      write.resolve();
    } catch (error) {
      write.reject(error);
    }
  };
  return async (writes) => {
    const [only] = writes;
    if (writes.length === 1 && only) {
      await alone(only);
      return;
    }
    try {
      await db.executeQuery(oneStatement(writes.flatMap((w) => w.queries)));
    } catch {
      // One statement is all or nothing, so nothing of the group was written: each write again alone, so
      // that a write that cannot be stored fails only its own request.
      await Promise.all(writes.map(alone));
      return;
    }
    for (const write of writes) write.resolve();
  };
}

function oneStatement(queries: readonly CompiledQuery[]): CompiledQuery {
  return queries.length === 1 ? (queries[0] as CompiledQuery) : combineInserts(queries);
}

/** `insert into "t" (...) values (...), (...)` as Kysely writes it: no RETURNING, no ON CONFLICT. */
const PLAIN_INSERT = /^(insert into "\w+" \([^)]*\)) values (\(.*\))$/s;

/**
 * Plain inserts as ONE PostgreSQL statement. Inserts into the same table with the same columns become one
 * multi-row insert; several tables become `with w0 as (insert ...), w1 as (insert ...) insert ...`. A
 * statement is atomic by itself, so this needs no begin and commit: one round trip. Foreign keys between
 * the inserts hold (PostgreSQL checks them at the end of the statement). Kysely writes every value as a
 * parameter ($1, $2, ...; identifiers are quoted and the shop's never hold a `$`), so each insert's
 * placeholders are renumbered after the previous ones'.
 */
export function combineInserts(queries: readonly CompiledQuery[]): CompiledQuery {
  const tables = new Map<string, CompiledQuery[]>();
  for (const query of queries) {
    const match = PLAIN_INSERT.exec(query.sql);
    if (!match?.[1] || / returning | on conflict /i.test(query.sql)) {
      throw new Error(`executeAtomically: not a plain insert: ${query.sql.slice(0, 60)}`);
    }
    const same = tables.get(match[1]);
    if (same) same.push(query);
    else tables.set(match[1], [query]);
  }
  let offset = 0;
  const parameters: unknown[] = [];
  const parts = [...tables].map(([head, inserts]) => {
    const rows = inserts.map((insert) => {
      const from = offset;
      offset += insert.parameters.length;
      parameters.push(...insert.parameters);
      const values = insert.sql.slice(insert.sql.indexOf(') values (') + ') values '.length);
      return values.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + from}`);
    });
    return `${head} values ${rows.join(', ')}`;
  });
  const last = parts.pop() ?? '';
  const text =
    parts.length === 0 ? last : `with ${parts.map((p, i) => `w${i} as (${p})`).join(', ')} ${last}`;
  return CompiledQuery.raw(text, parameters);
}

/**
 * Runs plain inserts (`preparedInsert(...).compile`) all or none, committed with the other writes of the
 * same turn (above). On a SQLite database opened by database.ts: a savepoint in one native better-sqlite3
 * transaction per turn. On PostgreSQL: one statement per turn (combineInserts). Otherwise (a Kysely
 * transaction passed in, which must run inside it, or another database): a Kysely transaction, one query
 * after the other.
 */
export async function executeAtomically(
  db: Kysely<Database>,
  queries: readonly CompiledQuery[],
): Promise<void> {
  if (queries.length === 0) return;
  const found = groups.get(db);
  if (found) return found.submit(queries);
  if (dialectOf(db) === 'postgres') {
    if (db.isTransaction) {
      await db.executeQuery(oneStatement(queries));
      return;
    }
    const created = new WriteGroups(postgresCommit(db));
    groups.set(db, created);
    return created.submit(queries);
  }
  await db.transaction().execute(async (trx) => {
    for (const query of queries) await trx.executeQuery(query);
  });
}
