/**
 * executeAtomically's group commit (atomic-writes.ts) on both dialects: the writes of one turn are one
 * commit, each write is still all or none and fails alone, groups are bounded, and writes of later turns
 * are groups of their own.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { combineInserts, executeAtomically, MAX_GROUP_WRITES } from './atomic-writes';
import { type OpenDatabase, openDatabase } from './database';
import type { Database } from './schema';

/** One write: two rows (`rate_limits` is a small table with a primary key), all or none. */
function write(db: Kysely<Database>, ...keys: string[]): CompiledQuery[] {
  return keys.map((key) =>
    db.insertInto('rate_limits').values({ key, hits: 1, window_ends_ms: 1 }).compile(),
  );
}

async function storedKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('rate_limits').select('key').orderBy('key').execute();
  return rows.map((r) => r.key);
}

describe.each(TEST_DIALECTS)('atomic writes on %s', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let target: TestDatabase;
  let database: OpenDatabase;

  beforeEach(async () => {
    data = tempDataDir();
    target = await createTestDatabase(dialect, data.dir);
    database = await openDatabase(target.location);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await database.close();
    await target.remove();
    data.remove();
  });

  /** How many commits the group commit made: SQLite takes Kysely's connection once per group, PostgreSQL sends one statement. */
  function countCommits(db: Kysely<Database>) {
    return dialect === 'sqlite' ? vi.spyOn(db, 'connection') : vi.spyOn(db, 'executeQuery');
  }

  it('commits the writes of one turn together, every row of every write stored', async () => {
    const { db } = database;
    const commits = countCommits(db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => executeAtomically(db, write(db, `a${i}`, `b${i}`))),
    );
    expect(commits).toHaveBeenCalledTimes(1);
    expect(await storedKeys(db)).toHaveLength(40);
  });

  it('a write that fails is undone alone: its other row is not stored, the others commit', async () => {
    const { db } = database;
    await executeAtomically(db, write(db, 'taken'));
    const outcomes = await Promise.allSettled([
      executeAtomically(db, write(db, 'first-1', 'first-2')),
      // Its first row is new, its second a key already stored: neither may be kept.
      executeAtomically(db, write(db, 'lost', 'taken')),
      executeAtomically(db, write(db, 'last-1', 'last-2')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await storedKeys(db)).toEqual(['first-1', 'first-2', 'last-1', 'last-2', 'taken'].sort());
  });

  it('a write alone in its turn is all or none too', async () => {
    const { db } = database;
    await executeAtomically(db, write(db, 'taken'));
    await expect(executeAtomically(db, write(db, 'lost', 'taken'))).rejects.toThrow();
    expect(await storedKeys(db)).toEqual(['taken']);
  });

  it('bounds a group: a burst larger than a group is several commits, all stored', async () => {
    const { db } = database;
    const commits = countCommits(db);
    const count = MAX_GROUP_WRITES * 2 + 7;
    await Promise.all(Array.from({ length: count }, (_, i) => executeAtomically(db, write(db, `k${i}`))));
    expect(commits).toHaveBeenCalledTimes(3);
    expect(await storedKeys(db)).toHaveLength(count);
  });

  it('writes of a later turn are a group of their own', async () => {
    const { db } = database;
    const commits = countCommits(db);
    const first = executeAtomically(db, write(db, 'one'));
    await new Promise((resolve) => setImmediate(resolve));
    const second = executeAtomically(db, write(db, 'two'));
    await Promise.all([first, second]);
    expect(commits).toHaveBeenCalledTimes(2);
    expect(await storedKeys(db)).toEqual(['one', 'two']);
  });
});

describe('combineInserts (PostgreSQL)', () => {
  const insert = (sql: string, parameters: unknown[]): CompiledQuery =>
    ({ sql, parameters, query: { kind: 'RawNode' } }) as unknown as CompiledQuery;

  it('makes one multi-row insert per table, placeholders renumbered in order, tables in a with', () => {
    const combined = combineInserts([
      insert('insert into "a" ("x", "y") values ($1, $2)', [1, 2]),
      insert('insert into "b" ("z") values ($1), ($2)', [3, 4]),
      insert('insert into "a" ("x", "y") values ($1, $2)', [5, 6]),
    ]);
    expect(combined.sql).toBe(
      'with w0 as (insert into "a" ("x", "y") values ($1, $2), ($3, $4)) insert into "b" ("z") values ($5), ($6)',
    );
    expect(combined.parameters).toEqual([1, 2, 5, 6, 3, 4]);
  });

  it('refuses anything but a plain insert', () => {
    expect(() =>
      combineInserts([
        insert('insert into "a" ("x") values ($1) returning "x"', [1]),
        insert('insert into "a" ("x") values ($1)', [2]),
      ]),
    ).toThrow(/not a plain insert/);
    expect(() => combineInserts([insert('update "a" set "x" = $1', [1])])).toThrow(/not a plain insert/);
  });
});
