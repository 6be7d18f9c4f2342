/**
 * The VAT mode's upgrade and the invoices' and credit notes' tables: this feature's part of the schema's
 * history (server/db/migrations.ts says how migrations are written). The platform's Migrator runs every
 * feature's entries with its own in one order, by name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, migrationSteps } from '../db/migration-kit';

export const VAT_MIGRATIONS = migrationSteps({
  '0038-vat-mode': upgradeVatMode,
  '0039-vat-records': createVatRecords,
  '0042-order-vat': createOrderVat,
  // Why a credit note is issued (docs/product/vat.md §20.6): the refund's reason, or the cancellation's. Its
  // lines (the goods, quantities, net and VAT by rate it credits) are in `lines` as before. Nullable: the
  // notes issued before say none, and SQLite adds it without rebuilding the table.
  '0045-credit-note-reason': {
    async up(db: AnyDb) {
      await db.schema.alterTable('vat_credit_notes').addColumn('reason', 'text').execute();
    },
  },
});

/**
 * The owner's VAT mode (docs/product/vat.md §20): a shop saved as VAT-registered (a seller row with a VAT
 * number) becomes registered in Ireland, as it charged before; a shop without a number stays as it was
 * (no row: the mode follows the number). The flat rate stays in the seller row, unread by VAT.
 */
async function upgradeVatMode(db: AnyDb): Promise<void> {
  const rows = (await db
    .selectFrom('settings')
    .select(['name', 'value', 'updated_at'])
    .where('name', 'in', ['seller', 'vat'])
    .execute()) as { name: string; value: string; updated_at: string }[];
  const seller = rows.find((row) => row.name === 'seller');
  if (seller === undefined || rows.some((row) => row.name === 'vat')) return;
  let vatNumber: unknown = null;
  try {
    vatNumber = (JSON.parse(seller.value) as { vatNumber?: unknown }).vatNumber ?? null;
  } catch {
    return;
  }
  if (typeof vatNumber !== 'string' || vatNumber === '') return;
  const value = JSON.stringify({ mode: 'ireland', vatNumber, gb: 'no_sale', ukVatNumber: null });
  await db.insertInto('settings').values({ name: 'vat', value, updated_at: seller.updated_at }).execute();
}

/**
 * Invoices and credit notes (server/vat/vat-store.ts, docs/product/vat.md §20): one counter row per kind and
 * year, updated under its row lock inside the payment's or refund's transaction, so numbers are gapless
 * and never reused on any number of instances; each record keeps the order's reference, its VAT
 * breakdown and the seller's and buyer's snapshot as JSON. Kept six years after issue, erasure or not
 * (a buyer erased is then "Customer (erased)"): the retention rule is in server/privacy.
 */
async function createVatRecords(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('vat_sequences')
    // threshold_notice: the 80% e-mail's one send per year (its row is its mark, `last` stays 1).
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('invoice', 'credit_note', 'threshold_notice')`),
    )
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('vat_sequences_pk', ['kind', 'year'])
    .execute();
  await db.schema
    .createTable('vat_invoices')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('order_reference', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('scheme', 'text', (c) => c.notNull())
    .addColumn('total_net', 'integer', (c) => c.notNull())
    .addColumn('total_vat', 'integer', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('buyer_vat_number', 'text')
    .addColumn('vies_consultation', 'text')
    .addColumn('erased_at', 'text')
    .execute();
  await db.schema.createIndex('vat_invoices_issued').on('vat_invoices').column('issued_at').execute();
  await db.schema
    .createTable('vat_credit_notes')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('invoice_number', 'text', (c) => c.notNull().references('vat_invoices.number'))
    .addColumn('order_reference', 'text', (c) => c.notNull())
    .addColumn('refund_id', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('total_net', 'integer', (c) => c.notNull())
    .addColumn('total_vat', 'integer', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vat_credit_notes_issued').on('vat_credit_notes').column('issued_at').execute();
}

/**
 * Each order's VAT as the checkout priced it (server/vat/order-vat-store.ts, docs/product/vat.md §20): its
 * country, scheme and per line (pieces, shipping, gift wrap) rate, net and VAT as JSON, a business buyer's
 * name, number and VIES consultation, and the mark that VIES did not answer (VAT charged, to refund once it
 * confirms). Erased with its order (the invoice keeps what the law asks).
 */
async function createOrderVat(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_vat')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('scheme', 'text', (c) => c.notNull())
    .addColumn('total_net', 'integer', (c) => c.notNull())
    .addColumn('total_vat', 'integer', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text')
    .addColumn('business_vat_number', 'text')
    .addColumn('vies_consultation', 'text')
    .addColumn('vat_to_refund', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
