/**
 * What counts as "the database came back empty", and what the recovery does with a database that is not
 * empty but damaged (the outage suite, ops/database-outage.test.ts, drives the empty one through the app).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import { isSchemaMissing } from '../lib/unavailable';
import { type OpenDatabase, openDatabase, pendingMigrationCount } from './database';
import { SchemaRecovery } from './schema-recovery';

describe('isSchemaMissing', () => {
  it("is each dialect's missing-table error, and nothing else", () => {
    expect(isSchemaMissing({ code: 'SQLITE_ERROR', message: 'no such table: orders' })).toBe(true);
    expect(isSchemaMissing({ code: '42P01', message: 'relation "orders" does not exist' })).toBe(true);
    expect(isSchemaMissing({ code: 'SQLITE_ERROR', message: 'near "selct": syntax error' })).toBe(false);
    expect(isSchemaMissing({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isSchemaMissing(new Error('no such table: orders'))).toBe(false);
    expect(isSchemaMissing(null)).toBe(false);
  });
});

describe('SchemaRecovery', () => {
  let data: ReturnType<typeof tempDataDir>;
  let database: OpenDatabase;
  const logged: { level: 'warn' | 'error'; msg: string }[] = [];
  const log = {
    warn: (_: object, msg: string) => logged.push({ level: 'warn', msg }),
    error: (_: object, msg: string) => logged.push({ level: 'error', msg }),
  };

  beforeEach(async () => {
    data = tempDataDir();
    database = await openDatabase((await createTestDatabase('sqlite', data.dir)).location);
    logged.length = 0;
  });

  afterEach(async () => {
    await database.close();
    data.remove();
  });

  it('leaves a damaged database (a table gone, its migrations recorded) alone and says so once', async () => {
    await sql`drop table newsletter_signups`.execute(database.db);
    const recovery = new SchemaRecovery(database.db, log);
    await recovery.recover();
    await recovery.recover();
    expect(logged).toEqual([{ level: 'error', msg: expect.stringMatching(/restore it from a backup/) }]);
    const tables = await database.db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('newsletter_signups');
  });

  it('migrates an empty database again, one run for every caller at once', async () => {
    for (const table of await database.db.introspection.getTables({ withInternalKyselyTables: true })) {
      await sql`drop table ${sql.table(table.name)}`.execute(database.db);
    }
    const recovery = new SchemaRecovery(database.db, log);
    await Promise.all([recovery.recover(), recovery.recover(), recovery.recover()]);
    expect(logged).toEqual([
      { level: 'warn', msg: expect.stringMatching(/came back empty; its migrations ran again/) },
    ]);
    expect(await pendingMigrationCount(database.db)).toBe(0);
  });
});
