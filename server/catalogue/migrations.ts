/**
 * The catalogue's tables and the product feeds' fields: this feature's part of the schema's history
 * (server/db/migrations.ts says how migrations are written). The platform's Migrator runs every feature's
 * entries with its own in one order, by name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { seedSnapshot } from '../../domain/catalogue/seed';
import { SEED_COLOURS } from '../../domain/catalogue/seed-colours';
import { type AnyDb, addIndex, migrationSteps, serialKey } from '../db/migration-kit';

export const CATALOGUE_MIGRATIONS = migrationSteps({
  '0011-catalogue': addCatalogueSchema,
  '0036-product-feed-fields': addProductFeedFields,
  '0047-seed-product-colours': seedProductColours,
  '0048-catalogue-customs': addProductCustoms,
});

/**
 * The catalogue in the database (docs/product/catalogue.md; docs/decisions/0012): the products,
 * their pictures in order, the handles a product was known by before, one row holding the catalogue's
 * version and the next product id, and each product's history. Seeded with the 27 bracelets the code held
 * until now (domain/catalogue/seed.ts), as they were: a fresh database shows exactly the shop of before.
 * Lists (materials, sizes, palette, widths) are JSON text: read and written whole, never queried inside.
 */
async function addCatalogueSchema(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_products')
    // An integer, so the next free id is arithmetic; the API and the pages carry it as a string.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('materials', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('full_description', 'text', (c) => c.notNull())
    .addColumn('sizes', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'paused', 'retired')`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('palette', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalogue_images')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('catalogue_products.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('widths', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('placeholder', 'text')
    .addPrimaryKeyConstraint('catalogue_images_pk', ['product_id', 'id'])
    .execute();
  await db.schema
    .createTable('catalogue_former_handles')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('catalogue_products.id'))
    .execute();
  await db.schema
    .createTable('catalogue_state')
    // One row: every edit bumps `version` in its own transaction, which also serialises edits.
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    // Never lowered: an id once given is never given again, whatever becomes of its product.
    .addColumn('next_product_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    /** The session's label, as in admin_audit ('token' for a Bearer script); no address. */
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    /** JSON: { field: { before, after } } for every field the change touched. */
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'catalogue_changes_product', 'catalogue_changes', ['product_id', 'id']);

  const seed = seedSnapshot();
  for (const p of seed.products) {
    await db
      .insertInto('catalogue_products')
      .values({
        id: Number(p.id),
        handle: p.handle,
        name: p.name,
        price: p.price,
        category: p.category,
        materials: JSON.stringify(p.materials),
        description: p.description,
        full_description: p.fullDescription,
        sizes: JSON.stringify(p.sizes),
        status: p.status,
        note: p.note,
        position: p.position,
        palette: JSON.stringify(p.palette),
        created_at: p.updatedAt,
        updated_at: p.updatedAt,
      })
      .execute();
    for (const [position, image] of p.images.entries()) {
      await db
        .insertInto('catalogue_images')
        .values({
          product_id: Number(p.id),
          id: image.id,
          position,
          base: image.base,
          widths: JSON.stringify(image.widths),
          width: image.width,
          height: image.height,
          alt: image.alt,
          placeholder: image.placeholder ?? null,
        })
        .execute();
    }
  }
  const nextId = Math.max(0, ...seed.products.map((p) => Number(p.id))) + 1;
  await db
    .insertInto('catalogue_state')
    // Version 1 is the seed; each edit adds one.
    .values({ id: 1, version: 1, next_product_id: nextId })
    .execute();

  // Each order line keeps the picture it was sold with. Lines sold before this migration get the
  // picture their product had in the code then (the seed); a line of a product the seed does not know
  // keeps none.
  await db.schema.alterTable('order_lines').addColumn('image', 'text').execute();
  for (const p of seed.products) {
    const image = p.images[0];
    if (!image) continue;
    await db
      .updateTable('order_lines')
      .set({ image: image.base })
      .where('product_id', '=', p.id)
      .where('image', 'is', null)
      .execute();
  }
}

/**
 * What the shopping feeds say of a product beyond the rest (docs/product/feeds.md): its GTIN
 * (null: none), its colour in words ('' : none) and whether the owner keeps it out of the feeds (0/1).
 * Every product stored before is in the feeds without a GTIN or colour.
 */
async function addProductFeedFields(db: AnyDb): Promise<void> {
  await db.schema.alterTable('catalogue_products').addColumn('gtin', 'text').execute();
  await db.schema
    .alterTable('catalogue_products')
    .addColumn('colour', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('catalogue_products')
    .addColumn('exclude_from_feeds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/**
 * Google's free listings refuse an Apparel & Accessories item without `g:color` (docs/product/feeds.md
 * §18.1), and none of the 27 first bracelets had one: each gets the colours its description names
 * (domain/catalogue/seed-colours.ts, what the seed itself now carries). Only where the colour is still
 * empty, so a colour the owner gave is kept. Every instance reads the catalogue from the database when
 * it starts, so the new colours are served from then on.
 */
async function seedProductColours(db: AnyDb): Promise<void> {
  for (const [id, colour] of Object.entries(SEED_COLOURS)) {
    await db
      .updateTable('catalogue_products')
      .set({ colour })
      .where('id', '=', Number(id))
      .where('colour', '=', '')
      .execute();
  }
}

/**
 * Each product's customs data (docs/product/customs.md §21.1): HS code, country of origin, materials in
 * English and net weight per size, as one JSON object read and written whole; null until the owner gives
 * it. Nothing is guessed for the products stored before: a wrong declaration is worse than none, and the
 * desk says what is missing before a parcel leaves the EU.
 */
async function addProductCustoms(db: AnyDb): Promise<void> {
  await db.schema.alterTable('catalogue_products').addColumn('customs', 'text').execute();
}
