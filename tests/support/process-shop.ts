/**
 * The crash suites' set-up: real server processes (./server-process.ts) on one data directory, mailing an
 * SMTP sink in this process, on the database of the dialect a suite runs. Registered once per file: each
 * test gets a fresh directory and sink, and after it every process still running is killed (SIGKILL) and
 * all of it removed.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase } from '../../server/db/database';
import type { SqlDialect } from '../../server/db/dialect';
import type { Database } from '../../server/db/schema';
import { type ServerProcess, startServerProcess, tinyWebDist } from './server-process';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { tempDataDir } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface ProcessShop {
  /** DATA_DIR of every process this test starts (the pages' small build sits beside it). */
  readonly dataDir: () => string;
  readonly smtp: () => SmtpSink;
  /** The shop's database for this test, of `dialect`: called from the suite's own beforeEach. */
  useDatabase(dialect: SqlDialect): Promise<void>;
  /** A server process on this test's data, database and mail server; `extra` adds to (or overrides) `env`. */
  start(extra?: Record<string, string>): Promise<ServerProcess>;
  /** The database as another process sees it, opened for `read` and closed again. */
  withDb<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T>;
}

/** `env`: what every process of the file is started with, beside the data, the pages, the mail and the database. */
export function processShopPerTest(env: Readonly<Record<string, string>>): ProcessShop {
  let data: ReturnType<typeof tempDataDir> | null = null;
  let smtp: SmtpSink | null = null;
  let database: TestDatabase | null = null;
  const running: ServerProcess[] = [];
  const dataDir = () => path.join(data?.dir ?? '', 'data');

  beforeEach(async () => {
    data = tempDataDir();
    smtp = await startSmtpSink();
  });

  afterEach(async () => {
    for (const p of running.splice(0)) {
      p.kill('SIGKILL');
      await p.exited;
    }
    await database?.remove();
    database = null;
    await smtp?.stop();
    data?.remove();
  });

  return {
    dataDir,
    smtp: () => {
      if (!smtp) throw new Error('no mail server outside a test');
      return smtp;
    },
    async useDatabase(dialect) {
      database = await createTestDatabase(dialect, dataDir(), { migrated: true });
    },
    async start(extra = {}) {
      const server = await startServerProcess({
        DATA_DIR: dataDir(),
        WEB_DIST_DIR: tinyWebDist(path.join(data?.dir ?? '', 'web')),
        SMTP_URL: smtp?.url ?? '',
        RATE_LIMITS: 'off',
        ...env,
        ...database?.env,
        ...extra,
      });
      running.push(server);
      return server;
    },
    async withDb(read) {
      if (!database) throw new Error('no database for this test');
      const opened = await openDatabase(database.location);
      try {
        return await read(opened.db);
      } finally {
        await opened.close();
      }
    },
  };
}
