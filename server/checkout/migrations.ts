/**
 * The checkout's table of gift cards bought with an order: this feature's part of the schema's history
 * (server/db/migrations.ts says how migrations are written). The platform's Migrator runs every feature's
 * entries with its own in one order, by name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, migrationSteps } from '../db/migration-kit';

export const CHECKOUT_MIGRATIONS = migrationSteps({
  '0040-order-gift-cards': createOrderGiftCards,
  // Who the cards are from (the buyer's name): an order of gift cards alone has no address to name her,
  // and the recipient's e-mail must not give her e-mail address as the sender (docs/product/gift-cards.md
  // §19.3). Nullable: SQLite adds it without rebuilding the table; rows before it fall back as before.
  '0046-order-gift-card-from': {
    async up(db: AnyDb) {
      await db.schema.alterTable('order_gift_cards').addColumn('from_name', 'text').execute();
    },
  },
});

/**
 * The gift cards a checkout buys (server/checkout/gift-card-line-store.ts, docs/product/gift-cards.md §19), kept with
 * the pending order until it is paid: then each becomes a card (gift_cards) and its row is deleted in the
 * payment's transaction. Personal data (the recipient's name and e-mail, the message) lives here only
 * while the order is unpaid, and goes with the order (cascade) when an unpaid order is purged.
 */
async function createOrderGiftCards(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_gift_cards')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 1000 and amount <= 50000`))
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    // 'YYYY-MM-DD' on the Irish calendar, checked at checkout.
    .addColumn('send_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_gift_cards_pk', ['order_id', 'position'])
    .execute();
}
