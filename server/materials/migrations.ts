/**
 * The materials' tables (docs/product/materials.md §23): this feature's part of the schema's history
 * (server/db/migrations.ts says how migrations are written); a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, migrationSteps } from '../db/migration-kit';

export const MATERIALS_MIGRATIONS = migrationSteps({
  '0050-materials': createMaterialTables,
  '0052-reservation-holder': renameReservationHolder,
});

/**
 * `on_hand` and `reserved` are whole units; the checks are the concurrency guard: a reservation is one
 * conditional UPDATE (`reserved + q <= on_hand`), so two payments never take the same last clasp, and stock
 * never goes below zero on either database. A reservation row per order and material says whether the
 * order's pieces still hold it, were made with it, or gave it back. No personal data: orders by id only.
 *
 * Also the catalogue's `unmakeable_sizes` (catalogue-store.ts writes it): the sizes the materials cannot
 * cover now, in the snapshot every instance serves, so pages and checkout refuse them. One step, as the
 * two land together.
 */
async function createMaterialTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('materials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().check(sql`unit in ('bead', 'cm', 'gram', 'piece')`))
    .addColumn('on_hand', 'integer', (c) => c.notNull().check(sql`on_hand >= 0`))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0).check(sql`reserved >= 0`))
    .addColumn('low_stock', 'integer', (c) => c.notNull().check(sql`low_stock >= 0`))
    .addColumn('unit_cost', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('materials_reserved_on_hand', sql`reserved <= on_hand`)
    .execute();
  await db.schema
    .createTable('material_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('cost', 'integer', (c) => c.notNull().check(sql`cost >= 0`))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('material_purchases_material')
    .on('material_purchases')
    .column('material_id')
    .execute();
  await db.schema
    .createTable('product_materials')
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('material_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('product_materials_pk', ['product_id', 'size', 'material_id'])
    .execute();
  await db.schema
    .createIndex('product_materials_material')
    .on('product_materials')
    .column('material_id')
    .execute();
  await db.schema
    .createTable('product_labour')
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes >= 0`))
    .addPrimaryKeyConstraint('product_labour_pk', ['product_id', 'size'])
    .execute();
  await db.schema
    .createTable('material_reservations')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('material_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('reserved', 'consumed', 'released')`))
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('material_reservations_pk', ['order_id', 'material_id'])
    .execute();
  await db.schema
    .createIndex('material_reservations_state')
    .on('material_reservations')
    .column('state')
    .execute();
  // The products this feature paused (and only those come back on a stock receipt: a pause of the
  // owner's own stays hers).
  await db.schema
    .createTable('material_paused_products')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('material_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('hourly_rate', 'integer', (c) => c.notNull().check(sql`hourly_rate >= 0`))
    .addColumn('packaging', 'integer', (c) => c.notNull().check(sql`packaging >= 0`))
    .addColumn('multiplier', 'integer', (c) => c.notNull().check(sql`multiplier >= 100`))
    .execute();
  await db.schema
    .alterTable('catalogue_products')
    .addColumn('unmakeable_sizes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

/**
 * A reservation's holder is a paid order's id or an exchange's remake (`exchange:<id>`, docs/product/
 * exchanges.md §24.3), so `order_id` said less than it held: `holder_id` names both. A rename on both
 * databases (SQLite 3.25 and later, and PostgreSQL) keeps the rows, the primary key (holder, material) and
 * its meaning; no data moves.
 */
async function renameReservationHolder(db: AnyDb): Promise<void> {
  await db.schema.alterTable('material_reservations').renameColumn('order_id', 'holder_id').execute();
}
