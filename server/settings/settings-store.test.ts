/**
 * The owner's settings on both dialects: the environment's defaults until the desk writes a row, the
 * early-bird price's row winning over EARLY_BIRD_UNTIL (turned off included), a row this release cannot
 * read falling back to the default, and one audit row per setting that changed.
 */
import { describe, expect, it, vi } from 'vitest';
import type { EarlyBirdTerms } from '../../domain/offers/early-bird';
import { SEEDED_ZONES, settingsDefaults } from '../../domain/settings/shop-settings';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { NEVER_SAVED, SettingsStore, StaleSettingsError } from './settings-store';

const FROM_ENV: EarlyBirdTerms = { percent: 15, minPieces: 20, until: '2026-10-31' };
const WHO = { session: 'desk-test', address: '127.0.0.1' };
const DEFAULTS = settingsDefaults({
  makingCapacityPerDay: 8,
  earlyBird: FROM_ENV,
  seller: { name: 'Aoife Byrne', address: '1 Main Street, Galway, Ireland', vatNumber: null, vatRate: 23 },
  ownerEmail: 'orders@solas.example',
  closedDates: [{ from: '2026-12-24', to: '2027-01-02' }] as never,
});
const only = (s: { makingCapacityPerDay: number; earlyBird: unknown }) => ({
  makingCapacityPerDay: s.makingCapacityPerDay,
  earlyBird: s.earlyBird,
});

describe.each(TEST_DIALECTS)('the settings store on %s', (dialect) => {
  const suite = storeSuite(dialect, (database) => new SettingsStore(database.db, DEFAULTS));

  const audit = () =>
    suite.database.db
      .selectFrom('admin_audit')
      .select(['target', 'detail'])
      .where('action', '=', 'settings')
      .orderBy('id')
      .execute();

  it('answers the defaults, then the desk’s terms, then none once turned off', async () => {
    expect(only(await suite.store.read())).toEqual({ makingCapacityPerDay: 8, earlyBird: FROM_ENV });
    const terms = { percent: 10, minPieces: 30, until: '2026-12-20' };
    const both = await suite.store.update({ makingCapacityPerDay: 5, earlyBird: terms }, WHO);
    expect(both.changed).toBe(true);
    expect(only(both.settings)).toEqual({ makingCapacityPerDay: 5, earlyBird: terms });
    expect(await suite.store.update({ earlyBird: { ...terms } }, WHO)).toMatchObject({ changed: false });
    const off = await suite.store.update({ earlyBird: null }, WHO);
    expect(off.settings.earlyBird).toBeNull();
    // A second instance reading the same database agrees at once.
    const other = new SettingsStore(suite.database.db, DEFAULTS);
    expect(only(await other.read())).toEqual({ makingCapacityPerDay: 5, earlyBird: null });
    expect(await audit()).toEqual([
      { target: 'makingCapacityPerDay', detail: '8 -> 5 pieces a day' },
      {
        target: 'earlyBird',
        detail: '15% from 20 pieces through 2026-10-31 -> 10% from 30 pieces through 2026-12-20',
      },
      { target: 'earlyBird', detail: '10% from 30 pieces through 2026-12-20 -> off' },
    ]);
  });

  it('dates the legal pages by the last change of the seller or the shipping, nothing else', async () => {
    expect((await suite.store.read()).legalUpdatedAt).toBeNull();
    await suite.store.update({ workingDays: [1, 2, 3], announcement: { text: 'Hello', enabled: true } }, WHO);
    expect((await suite.store.read()).legalUpdatedAt).toBeNull();
    const zones = SEEDED_ZONES.map((z) => (z.id === 'IE' ? { ...z, price: 600 } : z));
    const saved = await suite.store.update({ shipping: { zones } }, WHO);
    expect(saved.settings.legalUpdatedAt).toBe(saved.settings.updatedAt);
    await suite.store.update({ workingDays: [1, 2] }, WHO);
    const later = await suite.store.read();
    expect(later.updatedAt > saved.settings.updatedAt).toBe(true);
    expect(later.legalUpdatedAt).toBe(saved.settings.updatedAt);
  });

  it('dates every save after the one before, in one millisecond or with the clock set back', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00.000Z') });
    try {
      const first = await suite.store.update({ workingDays: [1, 2, 3] }, WHO);
      expect(first.settings.updatedAt).toBe('2026-11-27T10:00:00.000Z');
      // The same millisecond: a desk that read the settings before this save is still refused.
      const second = await suite.store.update({ workingDays: [1, 2] }, WHO);
      expect(second.settings.updatedAt).toBe('2026-11-27T10:00:00.001Z');
      await expect(
        suite.store.update({ workingDays: [1], updatedAt: first.settings.updatedAt }, WHO),
      ).rejects.toBeInstanceOf(StaleSettingsError);
      vi.setSystemTime(new Date('2026-11-27T09:59:00.000Z'));
      const third = await suite.store.update({ workingDays: [1] }, WHO);
      expect(third.settings.updatedAt).toBe('2026-11-27T10:00:00.002Z');
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to the default for a row it cannot read', async () => {
    await suite.database.db
      .insertInto('settings')
      .values({
        name: 'earlyBird',
        value: JSON.stringify({ percent: 150 }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await suite.store.read()).earlyBird).toEqual(FROM_ENV);
  });

  it('answers the first start’s defaults from the environment and today’s zones, never saved', async () => {
    const settings = await suite.store.read();
    expect(settings.updatedAt).toBe(NEVER_SAVED);
    expect(settings.seller).toEqual({
      name: 'Aoife Byrne',
      address: '1 Main Street, Galway, Ireland',
      email: 'hello@solas.example',
      orderEmail: 'orders@solas.example',
      vatNumber: null,
      vatRate: 23,
    });
    expect(settings.shipping.zones.map((z) => [z.id, z.price, z.freeFrom])).toEqual([
      ['IE', 495, 4000],
      ['EU', 995, null],
      ['WORLD', 1495, null],
    ]);
    expect(settings.closures).toEqual([{ from: '2026-12-24', to: '2027-01-02', reason: 'Closed' }]);
    expect(settings.workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(settings.away).toEqual({ mode: 'off', until: null, message: '' });
  });

  it('replaces each key whole, audits before and after, and refuses a stale save', async () => {
    const first = await suite.store.read();
    const zones = SEEDED_ZONES.map((z) =>
      z.id === 'EU'
        ? { ...z, price: 1200, freeFrom: 6000 }
        : z.id === 'WORLD'
          ? { ...z, countries: z.countries.filter((c) => c !== 'GB') }
          : z,
    );
    const saved = await suite.store.update(
      {
        shipping: { zones },
        announcement: { text: 'Back from the fair', enabled: true },
        updatedAt: first.updatedAt,
      },
      WHO,
    );
    expect(saved.changed).toBe(true);
    expect(saved.settings.updatedAt > first.updatedAt).toBe(true);
    expect(saved.settings.shipping.zones.find((z) => z.id === 'EU')).toMatchObject({
      price: 1200,
      freeFrom: 6000,
    });
    expect(await audit()).toEqual([
      {
        target: 'shipping',
        detail:
          'EU: shipping price: €9.95 → €12.00; EU: free shipping from: none → €60.00; Rest of world: countries: removed GB',
      },
      {
        target: 'announcement',
        detail: expect.stringMatching(
          /^Announcement: “Free shipping in Ireland from €40 • 30-day returns” → “Back from the fair”$/,
        ),
      },
    ]);
    // A second owner who read the settings before that save: refused, nothing written.
    await expect(
      suite.store.update({ workingDays: [1, 2, 3], updatedAt: first.updatedAt }, WHO),
    ).rejects.toBeInstanceOf(StaleSettingsError);
    expect((await suite.store.read()).workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(await audit()).toHaveLength(2);
    // With the current time, the same save goes through.
    const again = await suite.store.update(
      { workingDays: [1, 2, 3], updatedAt: saved.settings.updatedAt },
      WHO,
    );
    expect(again.settings.workingDays).toEqual([1, 2, 3]);
  });

  it('publishes in the save’s transaction, and a failure there writes nothing', async () => {
    let published = 0;
    const failing = new SettingsStore(suite.database.db, DEFAULTS, {
      published: async () => {
        published += 1;
        throw new Error('no notification');
      },
    });
    await expect(failing.update({ workingDays: [2, 3] }, WHO)).rejects.toThrow('no notification');
    expect(published).toBe(1);
    expect((await suite.store.read()).workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(await audit()).toEqual([]);
  });
});
