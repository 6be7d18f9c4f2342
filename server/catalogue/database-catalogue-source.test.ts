/**
 * Every instance serves the new catalogue within 5 seconds: two apps on one PostgreSQL schema, an edit on
 * one is in the other's source through NOTIFY (the poll switched off), through the poll alone when the
 * LISTEN connection is down, and again by NOTIFY once it has reconnected. And migration 0011 upgrades a
 * database holding orders: every order kept, its lines given the picture they were sold with.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../tests/support/store-suite';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS } from '../../tests/support/test-database';
import { openDatabase } from '../db/database';
import { DatabaseCatalogueSource } from './database-catalogue-source';

const TOKEN = 'catalogue-instances-token-0123';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

function rename(app: FastifyInstance, id: string, name: string) {
  return app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: { name },
  });
}

const nameOf = (app: FastifyInstance, id: string) =>
  app.catalogue.source.current().products.find((p) => p.id === id)?.name;

describe('two instances on one PostgreSQL schema', () => {
  async function instances(pollMs: number): Promise<[FastifyInstance, FastifyInstance]> {
    const data = tempDataDir();
    const database = await createTestDatabase('postgres', data.dir);
    cleanups.push(
      () => data.remove(),
      () => database.remove(),
    );
    const env = { DATA_DIR: data.dir, ADMIN_TOKEN: TOKEN, RATE_LIMITS: 'off', ...database.env };
    const a = await buildTestApp(env, { cataloguePollMs: pollMs });
    cleanups.push(() => a.close());
    const b = await buildTestApp(env, { cataloguePollMs: pollMs });
    cleanups.push(() => b.close());
    const source = b.catalogue.source as DatabaseCatalogueSource;
    await until(() => source.listening, 5_000);
    return [a, b];
  }

  it('sees an edit through LISTEN/NOTIFY within 5 s, with no poll at all', async () => {
    const [a, b] = await instances(0);
    const seen: string[] = [];
    b.catalogue.source.subscribe((s) => seen.push(s.version));
    expect((await rename(a, '7', 'Winter Solstice')).statusCode).toBe(200);
    expect(nameOf(a, '7')).toBe('Winter Solstice');
    const ms = await until(() => nameOf(b, '7') === 'Winter Solstice', 5_000);
    expect(ms).toBeLessThan(5_000);
    expect(seen).toEqual(['2']);
  });

  it('catches up by the poll while the LISTEN connection is down, and listens again after it', async () => {
    const [a, b] = await instances(300);
    const source = b.catalogue.source as DatabaseCatalogueSource;
    source.dropListenConnection();
    await until(() => !source.listening, 2_000);
    expect((await rename(a, '8', 'Lost Notice')).statusCode).toBe(200);
    await until(() => nameOf(b, '8') === 'Lost Notice', 5_000);
    await until(() => source.listening, 5_000);
    expect((await rename(a, '8', 'Heard Again')).statusCode).toBe(200);
    await until(() => nameOf(b, '8') === 'Heard Again', 5_000);
  });
});

describe.each(TEST_DIALECTS)('migration 0011 on %s', (dialect) => {
  it('upgrades a database with orders: every order kept, lines given the picture they were sold with', async () => {
    const data = tempDataDir();
    const database = await createTestDatabase(dialect, data.dir);
    cleanups.push(
      () => data.remove(),
      () => database.remove(),
    );
    const before = migrationsBefore('0011');
    const old = await openDatabase(database.location, before);
    const at = new Date().toISOString();
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before 0011.
    const db = old.db as unknown as Kysely<any>;
    await db
      .insertInto('orders')
      .values({
        id: 'ord_old',
        provider: 'test-checkout',
        status: 'paid',
        desk_status: 'paid',
        email: 'old@example.ie',
        zone: 'IE',
        currency: 'eur',
        subtotal: 7500,
        shipping: 0,
        gift_wrap: 0,
        total: 7500,
        item_count: 2,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('order_lines')
      .values([
        {
          order_id: 'ord_old',
          position: 0,
          product_id: '4',
          name: 'Harvest Moon',
          unit_price: 3500,
          quantity: 1,
          line_total: 3500,
        },
        {
          order_id: 'ord_old',
          position: 1,
          product_id: '1',
          name: 'First Light',
          unit_price: 4000,
          quantity: 1,
          line_total: 4000,
        },
      ])
      .execute();
    await old.close();

    const upgraded = await openDatabase(database.location);
    cleanups.push(() => upgraded.close());
    expect(upgraded.applied[0]).toBe('0011-catalogue');
    const orders = await upgraded.db.selectFrom('orders').selectAll().execute();
    expect(orders.map((o) => [o.id, o.total])).toEqual([['ord_old', 7500]]);
    const lines = await upgraded.db.selectFrom('order_lines').selectAll().orderBy('position').execute();
    expect(lines.map((l) => [l.name, l.unit_price, l.size, l.image])).toEqual([
      ['Harvest Moon', 3500, 'M', '/img/product-4-1'],
      ['First Light', 4000, 'M', '/img/product-1-1'],
    ]);
    const products = await upgraded.db.selectFrom('catalogue_products').select('id').execute();
    expect(products).toHaveLength(27);
  });
});

describe('the source on its own', () => {
  it('tells subscribers once per newer version and never goes back to an older one', async () => {
    let version = 1;
    const snapshot = (v: number) => ({ version: String(v), products: [], formerHandles: {} });
    const source = await DatabaseCatalogueSource.open({
      store: { version: async () => String(version), snapshot: async () => snapshot(version) },
      pollMs: 0,
    });
    cleanups.push(() => source.close());
    const seen: string[] = [];
    source.subscribe((s) => seen.push(s.version));
    await source.refresh();
    version = 3;
    await Promise.all([source.refresh(), source.refresh(), source.refresh()]);
    expect(seen).toEqual(['3']);
    expect(source.current().version).toBe('3');
  });
});
