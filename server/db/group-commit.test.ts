/**
 * Group commit (./group-commit.ts), on both dialects: the atomic writes of one turn are stored together
 * (one transaction on SQLite, one statement on PostgreSQL), a write that fails is undone alone and fails
 * only its caller, and a transaction of Kysely's that is open when a group is due is never joined or
 * interleaved.
 */
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { executeAtomically, type OpenDatabase, openDatabase } from './database';
import { groupCommitOf } from './group-commit';

const spied = pg.Client.prototype.query;

describe.each(TEST_DIALECTS)('group commit on %s', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let target: TestDatabase;
  let opened: OpenDatabase;

  beforeEach(async () => {
    data = tempDataDir();
    target = await createTestDatabase(dialect, data.dir, { migrated: true });
    opened = await openDatabase(target.location);
    await sql`create table probe (id integer primary key, note text not null)`.execute(opened.db);
  });

  afterEach(async () => {
    await opened.close();
    await target.remove();
    data.remove();
  });

  // As Kysely writes an insert in each dialect (PostgreSQL's are combined only in this form).
  const insert = (id: number, note = `note ${id}`) =>
    CompiledQuery.raw(
      dialect === 'postgres'
        ? 'insert into "probe" ("id", "note") values ($1, $2)'
        : 'insert into "probe" ("id", "note") values (?, ?)',
      [id, note],
    );

  async function notes(): Promise<string[]> {
    const { rows } = await sql<{ note: string }>`select note from probe order by id`.execute(opened.db);
    return rows.map((r) => r.note);
  }

  it('writes the turn’s writes together, each all or none', async () => {
    expect(groupCommitOf(opened.db)).toBeDefined();
    await Promise.all([1, 2, 3].map((id) => executeAtomically(opened.db, [insert(id), insert(id + 10)])));
    expect(await notes()).toEqual(['note 1', 'note 2', 'note 3', 'note 11', 'note 12', 'note 13']);
  });

  it('stores a turn’s writes in one transaction on SQLite and one statement on PostgreSQL', async () => {
    // What reaches node-postgres (SQLite's group is one transaction by construction: sqliteGroupWriter).
    const sent: string[] = [];
    const spy =
      dialect === 'postgres'
        ? vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
            this: pg.Client,
            ...args: unknown[]
          ) {
            const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
            if (text?.includes('"probe"')) sent.push(text);
            return spied.call(this, ...(args as Parameters<pg.Client['query']>));
          } as pg.Client['query'])
        : null;
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => executeAtomically(opened.db, [insert(i + 1), insert(i + 101)])),
      );
    } finally {
      spy?.mockRestore();
    }
    expect(await notes()).toHaveLength(80);
    if (dialect === 'postgres') {
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^with w0 as \(insert into "probe"/);
    }
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
    expect(refused?.status === 'rejected' && String(refused.reason)).toMatch(
      /UNIQUE constraint failed|duplicate key value/,
    );
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
