/**
 * The store suites' preamble: each test of the calling describe gets a database of its own at the latest
 * migration (createTestDatabase's template copy), opened, with its DATA_DIR, and what the suite builds on
 * it; all closed and removed after the test. Call it inside `describe.each(TEST_DIALECTS)`.
 */
import { afterEach, beforeEach } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../server/db/database';
import type { SqlDialect } from '../../server/db/dialect';
import { MIGRATIONS } from '../../server/db/migrations';
import { tempDataDir } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface StoreSuite<S> {
  /** What `build` made for the running test (its store). */
  readonly store: S;
  /** The running test's database, opened. */
  readonly database: OpenDatabase;
  /** Where it lives: a second instance opens `target.location`. */
  readonly target: TestDatabase;
  readonly data: ReturnType<typeof tempDataDir>;
  /**
   * For a migration's test: swaps the running test's database for an empty one migrated up to (not
   * including) `migration`, lets `fill` write the rows the older schema held, then opens it with every
   * migration, running the one under test, and builds the store again on it.
   */
  migrateFrom(migration: string, fill: (old: OpenDatabase) => Promise<void>): Promise<void>;
}

interface Opened<S> {
  readonly store: S;
  readonly database: OpenDatabase;
  readonly target: TestDatabase;
  readonly data: ReturnType<typeof tempDataDir>;
}

/** Without `build`, the suite makes its stores in a beforeEach of its own (run after this one's). */
export function storeSuite(dialect: SqlDialect): StoreSuite<undefined>;
export function storeSuite<S>(
  dialect: SqlDialect,
  build: (database: OpenDatabase) => S | Promise<S>,
): StoreSuite<S>;
export function storeSuite<S>(
  dialect: SqlDialect,
  build: (database: OpenDatabase) => S | Promise<S> = () => undefined as S,
): StoreSuite<S> {
  let current: Opened<S> | undefined;
  const opened = (): Opened<S> => {
    if (!current) throw new Error('storeSuite: no database outside a test');
    return current;
  };
  const close = async (): Promise<void> => {
    const closing = current;
    current = undefined;
    if (!closing) return;
    await closing.database.close();
    await closing.target.remove();
    closing.data.remove();
  };
  beforeEach(async () => {
    const data = tempDataDir();
    const target = await createTestDatabase(dialect, data.dir, { migrated: true });
    const database = await openDatabase(target.location);
    current = { data, target, database, store: await build(database) };
  });
  afterEach(close);
  return {
    get store() {
      return opened().store;
    },
    get database() {
      return opened().database;
    },
    get target() {
      return opened().target;
    },
    get data() {
      return opened().data;
    },
    async migrateFrom(migration, fill) {
      await close();
      const data = tempDataDir();
      const target = await createTestDatabase(dialect, data.dir);
      const old = await openDatabase(target.location, migrationsBefore(migration));
      try {
        await fill(old);
      } finally {
        await old.close();
      }
      const database = await openDatabase(target.location);
      current = { data, target, database, store: await build(database) };
    },
  };
}

/** The migrations whose names sort before `migration`: the schema as it was before that one. */
export function migrationsBefore(migration: string): typeof MIGRATIONS {
  return Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < migration));
}

/**
 * For a migration's suite: registers the clean-up and answers how a test runs `work` on a database of its
 * own (empty, then migrated up to but not including `migration`), closed after whatever `work` does.
 */
export function olderSchemaSuite(
  dialect: SqlDialect,
  migration: string,
): (work: (database: OpenDatabase) => Promise<void>) => Promise<void> {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async (work) => {
    const data = tempDataDir();
    cleanups.push(() => data.remove());
    const target = await createTestDatabase(dialect, data.dir);
    cleanups.push(() => target.remove());
    const opened = await openDatabase(target.location, migrationsBefore(migration));
    try {
      await work(opened);
    } finally {
      await opened.close();
    }
  };
}
