/**
 * The orders' tables and columns: this feature's part of the schema's history (server/db/migrations.ts
 * says how migrations are written). The platform's Migrator runs every feature's entries with its own in
 * one order, by name; a released entry is never edited. The orders and their lines were created with the
 * platform's tables in 0001 and the desk's columns came with the desk's tables in 0007: those stay in
 * server/db/migrations.ts, which says why.
 */
import { sql } from 'kysely';
import { type AnyDb, migrationSteps } from '../db/migration-kit';

export const ORDERS_MIGRATIONS = migrationSteps({
  '0003-reconcile-queue': {
    async up(db: AnyDb) {
      // When the reconcile pass last asked the provider about a pending order: the pass takes the orders
      // that waited longest since (or since they were created), so new ones never queue behind old ones.
      await db.schema.alterTable('orders').addColumn('checked_at', 'text').execute();
    },
  },
  '0004-sizes-gift-message': {
    async up(db: AnyDb) {
      // Every order line before sizes was made in Medium (docs/product/sizes.md §13.1): the default back-fills
      // them on both dialects (a NOT NULL column with a constant default is portable), and the check keeps
      // anything else out.
      await db.schema
        .alterTable('order_lines')
        .addColumn('size', 'text', (c) => c.notNull().defaultTo('M').check(sql`size in ('S', 'M', 'L')`))
        .execute();
      // The shopper's gift message, plain text; null when there is none (every order before).
      await db.schema.alterTable('orders').addColumn('gift_message', 'text').execute();
    },
  },
  '0005-dispatch-date': {
    async up(db: AnyDb) {
      // The dispatch date promised at payment (an Irish calendar date, 'YYYY-MM-DD'), stored so the
      // confirmation page and both e-mails say what was computed then, whatever the closures become.
      // Null until paid, and for orders paid before the column existed (they were promised a range of
      // business days, which the e-mails still say for them).
      await db.schema.alterTable('orders').addColumn('dispatch_date', 'text').execute();
    },
  },
  '0008-order-page': {
    async up(db: AnyDb) {
      // The shopper's key to the order page (docs/product/order-flow.md §6.8): random, created when the order is
      // paid, or on first need for orders paid before this migration, so the column stays nullable.
      await db.schema.alterTable('orders').addColumn('order_key', 'text').execute();
      // The order page and "Find your order" look orders up by the reference the shopper has.
      await db.schema.createIndex('orders_reference').on('orders').column('reference').execute();
      // One withdrawal notice per order (the primary key): a notice sent twice is one notice.
      await db.schema
        .createTable('withdrawal_notices')
        .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON: the line positions withdrawn from, with their names and quantities as the shopper saw them.
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0032-order-channel': addOrderChannel,
  '0034-order-vat': addOrderVat,
  // The gift cards an order bought (cents, in its total): their sale is no revenue and carries no VAT
  // (docs/product/gift-cards.md §19.2). A default, so SQLite adds it without rebuilding the table.
  '0041-order-gift-cards-sold': {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('orders')
        .addColumn('gift_cards_sold', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  // The VAT a checkout order settled at payment and the VAT a business was not charged (the reverse
  // charge, inside `discount`), so every reader of an order states the same VAT as its invoice
  // (docs/product/vat.md §20). Defaults: SQLite adds them without rebuilding the table.
  '0043-order-settled-vat': {
    async up(db: AnyDb) {
      await db.schema.alterTable('orders').addColumn('vat_total', 'integer').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('vat_not_charged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
});

/**
 * Where an order came from (docs/product/orders.md §10.17): 'web' (a shopper's cart), 'quote' (a paid quote) or
 * 'manual' (the owner's own, taken by phone or at a fair). Orders before it are the web's, or a quote's
 * when they carry its reference. A manual order marked paid keeps how it was paid (cash, card reader,
 * bank transfer: no provider knows of it), and the desk's submission key, unique, so a repeated
 * submission is one order (a link order keeps its checkout's link to answer it again); a line the owner
 * priced herself keeps her reason.
 */
async function addOrderChannel(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('web'))
    .execute();
  await db.updateTable('orders').set({ channel: 'quote' }).where('quote_reference', 'is not', null).execute();
  await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
  await db.schema.alterTable('orders').addColumn('request_key', 'text').execute();
  // A link order's hosted checkout, so a repeated submission answers the same link.
  await db.schema.alterTable('orders').addColumn('checkout_url', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('price_reason', 'text').execute();
  await db.schema.createIndex('orders_request_key').on('orders').column('request_key').unique().execute();
}

/**
 * The VAT an order is charged with, stored when it is created (docs/product/desk.md §10.14): the rate in basis
 * points (23% = 2300, the settings allow two decimals) and the seller's VAT number then (null: none).
 * Orders stored before keep NULL in both and are read with the first start's rate and number (VAT_RATE,
 * SELLER_VAT_NUMBER: server/orders/order-vat.ts).
 */
async function addOrderVat(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('vat_rate_bp', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('vat_number', 'text').execute();
}
