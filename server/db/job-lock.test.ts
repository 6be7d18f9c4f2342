/**
 * withJobLock: on PostgreSQL one instance at a time runs a job, and the lock is gone with the transaction
 * (also when the job fails); on SQLite it simply runs the job.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { type OpenDatabase, openDatabase } from './database';
import type { SqlDialect } from './dialect';
import { withJobLock } from './job-lock';

/** Two instances (own Kysely, own connections) on one test database of `dialect`, for each test. */
function twoInstances(dialect: SqlDialect) {
  let data: ReturnType<typeof tempDataDir>;
  let target: TestDatabase;
  const instances = {} as { first: OpenDatabase; second: OpenDatabase };

  beforeEach(async () => {
    data = tempDataDir();
    target = await createTestDatabase(dialect, data.dir, { migrated: true });
    instances.first = await openDatabase(target.location);
    instances.second = await openDatabase(target.location);
  });

  afterEach(async () => {
    await instances.first.close();
    await instances.second.close();
    await target.remove();
    data.remove();
  });
  return instances;
}

describe.each(TEST_DIALECTS)('withJobLock on %s', (dialect) => {
  const instances = twoInstances(dialect);

  it('runs the job and gives back its result', async () => {
    expect(await withJobLock(instances.first.db, 'reconcile', async () => 42)).toEqual({
      ran: true,
      value: 42,
    });
  });

  it('releases the lock when the job fails', async () => {
    await expect(
      withJobLock(instances.first.db, 'reconcile', async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(await withJobLock(instances.second.db, 'reconcile', async () => 'next')).toEqual({
      ran: true,
      value: 'next',
    });
  });
});

describe('withJobLock on postgres', () => {
  const instances = twoInstances('postgres');

  it('two instances calling at once: the job runs once', async () => {
    const { first, second } = instances;
    let runs = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let settled = 0;
    const call = (instance: OpenDatabase) =>
      withJobLock(instance.db, 'reconcile', async () => {
        runs += 1;
        await gate;
        return 'done';
      }).finally(() => {
        settled += 1;
      });
    const outcomes = Promise.all([call(first), call(second)]);
    // The loser returns at once while the winner's job is still running.
    await expect.poll(() => settled, { timeout: 15_000 }).toBe(1);
    expect(runs).toBe(1);
    // Another job name is not blocked.
    expect(await withJobLock(first.db, 'other-job', async () => 1)).toEqual({ ran: true, value: 1 });
    release();
    const results = await outcomes;
    expect(results.filter((r) => r.ran)).toEqual([{ ran: true, value: 'done' }]);
    expect(results.filter((r) => !r.ran)).toHaveLength(1);
    expect(runs).toBe(1);
    // Committed: the lock is free again.
    expect((await withJobLock(second.db, 'reconcile', async () => 2)).ran).toBe(true);
  });
});
