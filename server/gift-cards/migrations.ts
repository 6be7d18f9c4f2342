/**
 * The gift cards' tables: this feature's part of the schema's history (server/db/migrations.ts says how
 * migrations are written). The platform's Migrator runs every feature's entries with its own in one order,
 * by name; a released entry is never edited.
 */
import { sql } from 'kysely';
import { type AnyDb, addIndex, migrationSteps, serialKey } from '../db/migration-kit';

export const GIFT_CARDS_MIGRATIONS = migrationSteps({
  '0037-gift-cards': createGiftCardTables,
  // A card issued as a refund's gift-card part (docs/product/gift-cards.md §19.3, "Refunds"): the refund's id,
  // unique so each refund issues at most one card on any number of instances, and so Numbers counts it
  // neither sold nor issued free. Nullable: SQLite adds it without rebuilding the table.
  '0044-gift-card-refund': {
    async up(db: AnyDb) {
      await db.schema.alterTable('gift_cards').addColumn('refund_id', 'text').execute();
      await addIndex(db, 'gift_cards_refund', 'gift_cards', ['refund_id'], { unique: true });
    },
  },
  // The gift cards a checkout buys, kept with the pending order until it is paid (these two entries were
  // the checkout's before the table came to gift cards; their names and steps are unchanged).
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
 * Gift cards (server/gift-cards, docs/product/gift-cards.md §19). A card is kept by the hash of its code (as order
 * keys are) and its last 4 characters; `balance` is the sum of its ledger, written in the same transaction
 * as each ledger row and never below zero (the check), so a conditional update is the concurrency guard.
 * `pending_code` holds the code only while the recipient's e-mail waits for its send date, and is cleared
 * in the transaction that queues it. A reservation holds part of a balance for one checkout session.
 * Personal data (names, e-mails, message): kept while the card may be spent, erased on request (privacy).
 */
async function createGiftCardTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last4', 'text', (c) => c.notNull())
    // A sold card is €10..€500 (the domain checks it); a reissued balance may be less.
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0 and amount <= 50000`))
    .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // The Irish calendar day the recipient's e-mail goes (YYYY-MM-DD).
    .addColumn('send_on', 'text', (c) => c.notNull())
    .addColumn('pending_code', 'text')
    // When the recipient's e-mail was queued, and its outbox row (a resend copies it).
    .addColumn('sent_at', 'text')
    .addColumn('mail_id', 'integer')
    .addColumn('order_reference', 'text')
    // 1: issued by the owner without payment (Numbers counts it as issued free, not sold).
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_cards_order').on('gift_cards').column('order_reference').execute();
  await db.schema.createIndex('gift_cards_recipient').on('gift_cards').column('recipient_email').execute();
  await db.schema.createIndex('gift_cards_buyer').on('gift_cards').column('buyer_email').execute();
  await db.schema.createIndex('gift_cards_due').on('gift_cards').columns(['sent_at', 'send_on']).execute();

  await db.schema
    .createTable('gift_card_ledger')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('issued', 'reserved', 'released', 'spent', 'restored', 'adjusted')`),
    )
    // Signed cents: the movement's effect on the balance.
    .addColumn('amount', 'integer', (c) => c.notNull())
    // The checkout session, the order's reference or the refund's id.
    .addColumn('reference', 'text')
    .addColumn('person', 'text')
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'gift_card_ledger_card', 'gift_card_ledger', ['card_id', 'id']);

  await db.schema
    .createTable('gift_card_reservations')
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
    // The card's place in the checkout's list: cards pay, and refunds go back, in this order.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('reserved', 'released', 'spent')`))
    .addColumn('order_reference', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_card_reservations_pk', ['session_id', 'card_id'])
    .execute();
  await addIndex(db, 'gift_card_reservations_due', 'gift_card_reservations', ['state', 'expires_at']);
  await addIndex(db, 'gift_card_reservations_order', 'gift_card_reservations', ['order_reference']);
}

/**
 * The gift cards a checkout buys (server/gift-cards/order-gift-card-store.ts, docs/product/gift-cards.md §19), kept with
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
