/**
 * SQLite's checkpoints on a thread of their own under load (checkpointer.ts): not started by a quiet
 * shop's writes, started by a group commit of several writes, copying the WAL into the database file while
 * the server's own automatic checkpoint waits at its fallback size, and stopped with the database.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import { AUTOCHECKPOINT_PAGES, FALLBACK_AUTOCHECKPOINT_PAGES, START_GROUP_WRITES } from './checkpointer';
import { DATABASE_FILE, executeAtomically, openDatabase } from './database';
import { openWalIndex } from './wal-index';

const dirs: ReturnType<typeof tempDataDir>[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

async function open() {
  const data = tempDataDir();
  dirs.push(data);
  const database = await openDatabase((await createTestDatabase('sqlite', data.dir)).location);
  await sql`create table filler (id integer primary key, body text not null)`.execute(database.db);
  const insert = (i: number, bytes: number) =>
    sql`insert into filler (body) values (${`${i}-`.padEnd(bytes, 'x')})`.compile(database.db);
  const autocheckpoint = async () =>
    (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db)).rows[0]
      ?.wal_autocheckpoint;
  return { ...database, file: path.join(data.dir, DATABASE_FILE), insert, autocheckpoint };
}

describe('the WAL checkpointer thread', () => {
  it('is not started by single writes or small groups: SQLite checkpoints by itself', async () => {
    const database = await open();
    for (let i = 0; i < 20; i++) await executeAtomically(database.db, [database.insert(i, 100)]);
    const small = Array.from({ length: START_GROUP_WRITES - 1 }, (_, i) =>
      executeAtomically(database.db, [database.insert(100 + i, 100)]),
    );
    await Promise.all(small);
    expect(await database.autocheckpoint()).toBe(AUTOCHECKPOINT_PAGES);
    await database.close();
  });

  it('starts with a group commit of several writes and keeps the WAL small from its own thread', async () => {
    const database = await open();
    const rowBytes = 8_000;
    const group = (g: number) =>
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          executeAtomically(database.db, [database.insert(g * 10 + i, rowBytes)]),
        ),
      );
    await group(0);
    expect(await database.autocheckpoint()).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    // The thread is up once it has copied the first group into the database file.
    const before = statSync(database.file).size;
    await expect.poll(() => statSync(database.file).size, { timeout: 15_000 }).toBeGreaterThan(before);

    // About 16 MB of rows: SQLite's own checkpoint waits for 4,000 pages (16 MB) now, so the file growing
    // and a WAL that stays far smaller are the thread's work. It leaves the WAL alone below
    // AUTOCHECKPOINT_PAGES frames (each start of the WAL over costs an fsync on the event loop) and copies
    // it after the next commit once there (that commit's successor starts the WAL over). Paced by the copy
    // itself, not by a few milliseconds the thread may not get on a busy machine (it did not, beside other
    // suites, and the WAL outgrew the bound): once past the threshold, the next group waits for the whole
    // WAL to be copied.
    const wal = openWalIndex(database.file);
    const groups = 200;
    let largest = 0;
    let copies = 0;
    for (let g = 1; g <= groups; g++) {
      await group(g);
      const frames = wal.frames();
      largest = Math.max(largest, frames);
      if (frames >= AUTOCHECKPOINT_PAGES) {
        // The whole WAL copied: the next group's commit starts it over.
        await expect.poll(() => wal.copied(), { timeout: 10_000 }).toBe(frames);
        copies += 1;
      }
    }
    wal.close();
    // Each group is about 30 frames: the WAL started over a few times, never far past the threshold.
    expect(copies).toBeGreaterThanOrEqual(3);
    expect(largest).toBeLessThan(AUTOCHECKPOINT_PAGES + 200);
    await expect
      .poll(() => statSync(database.file).size, { timeout: 15_000 })
      .toBeGreaterThan(groups * 10 * rowBytes * 0.5);
    const total = (groups + 1) * 10;
    const count = await sql<{ n: number }>`select count(*) as n from filler`.execute(database.db);
    expect(count.rows[0]?.n).toBe(total);
    // Closing stops the thread (the test would hang on a thread left behind; it is unref'd, so check the
    // database closes and can be opened again by a new connection at once).
    await database.close();
    const again = await openDatabase(path.dirname(database.file));
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(again.db);
    expect(rows.rows[0]?.n).toBe(total);
    await again.close();
  });
});
