/**
 * The owner's settings on both dialects: the environment's defaults until the desk writes a row, the
 * early-bird price's row winning over EARLY_BIRD_UNTIL (turned off included), a row this release cannot
 * read falling back to the default, and one audit row per setting that changed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EarlyBirdTerms } from '../../domain/offers/early-bird';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { type OpenDatabase, openDatabase } from '../db/database';
import { SettingsStore } from './settings-store';

const FROM_ENV: EarlyBirdTerms = { percent: 15, minPieces: 20, until: '2026-10-31' };
const WHO = { session: 'desk-test', address: '127.0.0.1' };

describe.each(TEST_DIALECTS)('the settings store on %s', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let target: TestDatabase;
  let database: OpenDatabase;
  let store: SettingsStore;

  beforeEach(async () => {
    data = tempDataDir();
    target = await createTestDatabase(dialect, data.dir);
    database = await openDatabase(target.location);
    store = new SettingsStore(database.db, { makingCapacityPerDay: 8, earlyBird: FROM_ENV });
  });

  afterEach(async () => {
    await database.close();
    await target.remove();
    data.remove();
  });

  const audit = () =>
    database.db
      .selectFrom('admin_audit')
      .select(['target', 'detail'])
      .where('action', '=', 'settings')
      .orderBy('id')
      .execute();

  it('answers the defaults, then the desk’s terms, then none once turned off', async () => {
    expect(await store.read()).toEqual({ makingCapacityPerDay: 8, earlyBird: FROM_ENV });
    const terms = { percent: 10, minPieces: 30, until: '2026-12-20' };
    const both = await store.update({ makingCapacityPerDay: 5, earlyBird: terms }, WHO);
    expect(both).toEqual({ settings: { makingCapacityPerDay: 5, earlyBird: terms }, changed: true });
    expect(await store.update({ earlyBird: { ...terms } }, WHO)).toMatchObject({ changed: false });
    const off = await store.update({ earlyBird: null }, WHO);
    expect(off.settings.earlyBird).toBeNull();
    // A second instance reading the same database agrees at once.
    const other = new SettingsStore(database.db, { makingCapacityPerDay: 8, earlyBird: FROM_ENV });
    expect(await other.read()).toEqual({ makingCapacityPerDay: 5, earlyBird: null });
    expect(await audit()).toEqual([
      { target: 'makingCapacityPerDay', detail: '8 -> 5 pieces a day' },
      {
        target: 'earlyBird',
        detail: '15% from 20 pieces through 2026-10-31 -> 10% from 30 pieces through 2026-12-20',
      },
      { target: 'earlyBird', detail: '10% from 30 pieces through 2026-12-20 -> off' },
    ]);
  });

  it('falls back to the default for a row it cannot read', async () => {
    await database.db
      .insertInto('settings')
      .values({
        name: 'earlyBird',
        value: JSON.stringify({ percent: 150 }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await store.read()).earlyBird).toEqual(FROM_ENV);
  });
});
