/**
 * 0052-reservation-holder on both databases: `material_reservations.order_id`, which held an exchange's
 * remake (`exchange:<id>`) beside orders' ids, is `holder_id`. The rows stay as they were, the primary key
 * (holder, material) still refuses a second row of one holder and material, and the store settles an
 * order's and a remake's reservations by their holder.
 */
import { describe, expect, it } from 'vitest';
import { olderSchemaSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { migrate } from '../db/database';
import { MIGRATIONS } from '../db/migrations';
import { MaterialStore } from './material-store';

const AT = '2026-11-20T10:00:00.000Z';

describe.each(TEST_DIALECTS)('reservations named by their holder (%s)', (dialect) => {
  const olderSchema = olderSchemaSuite(dialect, '0052');

  it('keeps every reservation under holder_id, with its primary key, and settles them by holder', () =>
    olderSchema(async ({ db }) => {
      await db
        .insertInto('materials')
        .values({
          id: 'mat_clasp',
          name: 'Clasp',
          unit: 'piece',
          on_hand: 10,
          reserved: 3,
          low_stock: 1,
          unit_cost: null,
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      // The column as 0050 made it: today's type names it holder_id.
      // biome-ignore lint/suspicious/noExplicitAny: a row of the older schema.
      const older = db as any;
      await older
        .insertInto('material_reservations')
        .values([
          { order_id: 'ord_paid', material_id: 'mat_clasp', quantity: 2, state: 'reserved', at: AT },
          { order_id: 'exchange:7', material_id: 'mat_clasp', quantity: 1, state: 'reserved', at: AT },
        ])
        .execute();

      expect(await migrate(db, MIGRATIONS)).toContain('0052-reservation-holder');
      const rows = await db.selectFrom('material_reservations').selectAll().orderBy('holder_id').execute();
      expect(rows).toEqual([
        { holder_id: 'exchange:7', material_id: 'mat_clasp', quantity: 1, state: 'reserved', at: AT },
        { holder_id: 'ord_paid', material_id: 'mat_clasp', quantity: 2, state: 'reserved', at: AT },
      ]);
      // The primary key still holds one row per holder and material.
      await expect(
        db
          .insertInto('material_reservations')
          .values({
            holder_id: 'exchange:7',
            material_id: 'mat_clasp',
            quantity: 1,
            state: 'reserved',
            at: AT,
          })
          .execute(),
      ).rejects.toThrow();

      // The remake made and sent: its clasp is used for good; the order's stays reserved.
      const store = new MaterialStore(db);
      expect(await store.settle('exchange:7', 'consumed', AT)).toEqual(['mat_clasp']);
      expect(await store.settle('exchange:7', 'consumed', AT)).toEqual([]);
      const clasp = await db
        .selectFrom('materials')
        .select(['on_hand', 'reserved'])
        .where('id', '=', 'mat_clasp')
        .executeTakeFirstOrThrow();
      expect(clasp).toEqual({ on_hand: 9, reserved: 2 });
      expect(await store.holdsMaterials(db, 'ord_paid')).toBe(true);
    }));
});
