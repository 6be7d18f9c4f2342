/**
 * The shop's PostgreSQL introspection sees its own schema only, and keeps answering while other schemas of
 * the same database come and go (the Migrator asks it at every start; Kysely's own introspector failed
 * when a schema was dropped during its query).
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/test-database';
import { migrate, type OpenDatabase, openDatabase } from './database';

describe('PostgreSQL introspection in the current schema', () => {
  let database: TestDatabase;
  let opened: OpenDatabase;
  const data = tempDataDir();

  beforeAll(async () => {
    database = await createTestDatabase('postgres', data.dir);
    opened = await openDatabase(database.location);
  });

  afterAll(async () => {
    await opened.close();
    await database.remove();
    data.remove();
  });

  it("lists the shop's tables with their columns, and Kysely's own tables only when asked", async () => {
    const tables = await opened.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    expect(names).toContain('orders');
    expect(names).not.toContain('kysely_migration');
    expect([...new Set(tables.map((t) => t.schema))]).toEqual([expect.stringMatching(/^test_/)]);
    const orders = tables.find((t) => t.name === 'orders');
    expect(orders?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'email', 'total']));
    const withKysely = await opened.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withKysely.map((t) => t.name)).toContain('kysely_migration');
  });

  it('keeps answering, and migrating, while other schemas are created and dropped', async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i += 1) {
        const schema = `churn_${process.pid}_${i}`;
        await admin.query(
          `create schema ${schema}; create table ${schema}.t (id serial primary key, x text)`,
        );
        await admin.query(`drop schema ${schema} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 40; i += 1) {
        await opened.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(await migrate(opened.db)).toEqual([]);
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  });
});
