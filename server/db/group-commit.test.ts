/**
 * Group commit on SQLite (./group-commit.ts): the atomic writes of one turn share a transaction, a write
 * that fails is undone alone and fails only its caller, and a transaction of Kysely's that is open when a
 * group is due is never joined or interleaved. PostgreSQL has no group commit (stores.test.ts covers the
 * same writes there).
 */
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { executeAtomically, type OpenDatabase, openDatabase } from './database';
import { groupCommitOf } from './group-commit';

let data: ReturnType<typeof tempDataDir>;
let opened: OpenDatabase;

beforeEach(async () => {
  data = tempDataDir();
  opened = await openDatabase(data.dir);
  await sql`create table probe (id integer primary key, note text not null)`.execute(opened.db);
});

afterEach(async () => {
  await opened.close();
  data.remove();
});

const insert = (id: number, note = `note ${id}`) =>
  CompiledQuery.raw('insert into probe (id, note) values (?, ?)', [id, note]);

async function notes(): Promise<string[]> {
  const { rows } = await sql<{ note: string }>`select note from probe order by id`.execute(opened.db);
  return rows.map((r) => r.note);
}

describe('group commit on SQLite', () => {
  it('writes the turn’s writes together, each all or none', async () => {
    expect(groupCommitOf(opened.db)).toBeDefined();
    const before = await sql<{ n: number }>`select total_changes() as n`.execute(opened.db);
    await Promise.all([1, 2, 3].map((id) => executeAtomically(opened.db, [insert(id), insert(id + 10)])));
    expect(await notes()).toEqual(['note 1', 'note 2', 'note 3', 'note 11', 'note 12', 'note 13']);
    const after = await sql<{ n: number }>`select total_changes() as n`.execute(opened.db);
    expect((after.rows[0]?.n ?? 0) - (before.rows[0]?.n ?? 0)).toBe(6);
  });

  it('undoes a failing write alone and fails only its caller', async () => {
    await executeAtomically(opened.db, [insert(5)]);
    const results = await Promise.allSettled([
      executeAtomically(opened.db, [insert(1)]),
      // Its second row collides with an existing one: its first row must not stay either.
      executeAtomically(opened.db, [insert(2), insert(5, 'again')]),
      executeAtomically(opened.db, [insert(3)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refused = results[1];
    expect(refused?.status === 'rejected' && String(refused.reason)).toMatch(/UNIQUE constraint failed/);
    expect(await notes()).toEqual(['note 1', 'note 3', 'note 5']);
  });

  it('waits for a transaction of Kysely’s that is open, never writing inside it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = opened.db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(1));
      await held;
      // Undone: a grouped write that had joined this transaction would be undone with it.
      throw new Error('rolled back on purpose');
    });
    const grouped = executeAtomically(opened.db, [insert(2)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow('rolled back on purpose');
    await grouped;
    expect(await notes()).toEqual(['note 2']);
  });
});
