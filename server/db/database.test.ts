import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../test-support/test-app';
import { migrate, openDatabase } from './database';
import { MIGRATIONS } from './migrations';

const dirs: ReturnType<typeof tempDataDir>[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

describe('database', () => {
  it('opens in WAL mode, applies the migrations once and records them', async () => {
    const data = tempDataDir();
    dirs.push(data);
    const first = await openDatabase(data.dir);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    expect(await migrate(first.db)).toEqual([]);
    await first.close();

    const second = await openDatabase(data.dir);
    const rows = await second.db.selectFrom('schema_migrations').selectAll().execute();
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await second.close();
  });

  it('refuses an order whose total is not the sum of its parts', async () => {
    const data = tempDataDir();
    dirs.push(data);
    const { db, close } = await openDatabase(data.dir);
    const at = new Date().toISOString();
    const insert = (total: number) =>
      db
        .insertInto('orders')
        .values({
          id: `ord_${total}`,
          provider: 'test-checkout',
          session_id: null,
          status: 'pending',
          email: 'a@example.ie',
          zone: 'IE',
          currency: 'eur',
          subtotal: 4000,
          shipping: 0,
          gift_wrap: 350,
          total,
          item_count: 1,
          shipping_name: null,
          shipping_address: null,
          failure_reason: null,
          created_at: at,
          updated_at: at,
          paid_at: null,
        })
        .execute();
    await expect(insert(100)).rejects.toThrow(/CHECK constraint/);
    await expect(insert(4350)).resolves.toBeDefined();
    await close();
  });
});
