/**
 * The newsletter's campaigns, "tell me when it's back", the cart reminders and the hashed link tokens: this
 * feature's part of the schema's history (server/db/migrations.ts says how migrations are written). The
 * platform's Migrator runs every feature's entries with its own in one order, by name; a released entry is
 * never edited.
 */
import { sql } from 'kysely';
import { canonicalEmail } from '../../domain/shared/email';
import { type AnyDb, addIndex, migrationSteps, serialKey, sha256Hex } from '../db/migration-kit';

export const NEWSLETTER_MIGRATIONS = migrationSteps({
  '0029-newsletter-campaigns': createCampaignTables,
  '0030-back-in-stock': {
    async up(db: AnyDb) {
      // "Tell me when it's back" (server/newsletter/back-in-stock-store.ts): one row per paused product and
      // address, double opt-in like the newsletter's, deleted once its one e-mail is queued (or unconfirmed
      // after RETENTION.unconfirmedSignupDays).
      await db.schema
        .createTable('back_in_stock_requests')
        .addColumn('id', 'integer', serialKey(db))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed')`))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('confirmation_sent_at', 'text')
        .addColumn('confirmed_at', 'text')
        .execute();
      await addIndex(db, 'back_in_stock_once', 'back_in_stock_requests', ['product_id', 'email_key'], {
        unique: true,
      });
      await addIndex(db, 'back_in_stock_email', 'back_in_stock_requests', ['email_key']);
    },
  },
  '0031-cart-reminders': createCartReminders,
  '0035-hashed-link-tokens': hashLinkSecrets,
  '0047-cart-reminder-mailboxes': addCartReminderMailboxes,
});

/**
 * The newsletter's campaigns (server/newsletter/campaign-store.ts, docs/product/states.md §5.10): a campaign, and
 * one row per confirmed subscriber it goes to, unique per (campaign, sign-up): the row turns into exactly
 * one outbox message in the transaction that queues it, whichever instance does, however often a pass
 * is repeated after a crash. The rows hold ids only: the address is read from the list when the message
 * is queued, and a sign-up deleted since (unsubscribed, erased) is skipped.
 */
async function createCampaignTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('newsletter_campaigns')
    // Random, not guessable (cmp_ + 20 characters).
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON array of product ids, in the order of their blocks.
    .addColumn('product_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('draft', 'scheduled', 'sending', 'sent')`),
    )
    .addColumn('send_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('sent_at', 'text')
    // The e-mail rendered once when the send starts (Markdown and product blocks), without the
    // per-subscriber unsubscribe link each message adds.
    .addColumn('html_body', 'text')
    .addColumn('text_body', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'newsletter_campaigns_status', 'newsletter_campaigns', ['status', 'send_at']);

  await db.schema
    .createTable('campaign_recipients')
    .addColumn('id', 'integer', serialKey(db))
    .addColumn('campaign_id', 'text', (c) =>
      c.notNull().references('newsletter_campaigns.id').onDelete('cascade'),
    )
    // newsletter_signups.id, without a foreign key: the sign-up may go (unsubscribe) while the row stays
    // to count it as "unsubscribed since".
    .addColumn('signup_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'queued', 'skipped')`))
    .addColumn('outbox_id', 'integer')
    .addColumn('queued_at', 'text')
    .execute();
  await addIndex(db, 'campaign_recipients_once', 'campaign_recipients', ['campaign_id', 'signup_id'], {
    unique: true,
  });
  await addIndex(db, 'campaign_recipients_status', 'campaign_recipients', ['campaign_id', 'status', 'id']);
}

/**
 * The cart reminder (server/newsletter/cart-reminder-store.ts, docs/product/states.md §5.10a): one row per
 * checkout whose shopper ticked the box, with the consent's time, the address, the cart's lines (product,
 * size, quantity as JSON: never a price) and the SHA-256 of the restore link's token. Deleted when the
 * order is paid, and RETENTION.cartReminderDaysAfterSent after its one e-mail; none exists unticked.
 */
async function createCartReminders(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('cart_reminders')
    .addColumn('id', 'integer', serialKey(db))
    // The pending order and its payment session (no foreign key: the row goes on its own schedule).
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('consented_at', 'text', (c) => c.notNull())
    // Both set in the transaction that queues the one e-mail (the claim: no pass sends it twice); the
    // token itself is only in that e-mail.
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('reminded_at', 'text')
    // The shopper's "Put these back in my cart": the link's one use.
    .addColumn('restored_at', 'text')
    // Stripe's own link back to an expired checkout (checkout.session.expired), when it sent one.
    .addColumn('recovery_url', 'text')
    .execute();
  await addIndex(db, 'cart_reminders_due', 'cart_reminders', ['reminded_at', 'consented_at']);
  await db.schema.createIndex('cart_reminders_email').on('cart_reminders').column('email_key').execute();
  await db.schema.createIndex('cart_reminders_session').on('cart_reminders').column('session_id').execute();
}

/**
 * The newsletter's, "tell me when you're back"'s and "tell me when it's back"'s link tokens are kept as
 * SHA-256 hashes, as the order pages' keys are: a copy of the database confirms or unsubscribes nobody.
 * Each token stored so far is hashed where it is, so every link already sent keeps working (the lookup
 * hashes the token it is given). A newsletter sign-up's later e-mails (a confirmation sent again, each
 * campaign message) carry keys of their own, kept (hashed) in `newsletter_keys`, going with their sign-up.
 */
async function hashLinkSecrets(db: AnyDb): Promise<void> {
  for (const table of ['newsletter_signups', 'back_in_touch', 'back_in_stock_requests'] as const) {
    const rows = (await db.selectFrom(table).select(['id', 'token']).execute()) as {
      id: number;
      token: string;
    }[];
    for (const row of rows) {
      await db
        .updateTable(table)
        .set({ token: sha256Hex(row.token) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await db.schema
    .createTable('newsletter_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('signup_id', 'integer', (c) =>
      c.notNull().references('newsletter_signups.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('newsletter_keys_signup').on('newsletter_keys').column('signup_id').execute();
}

/**
 * "One cart reminder per address a week" compares mailboxes (docs/product/states.md §5.10a): `+tag` and
 * Gmail's dots reach one inbox, so `ann+1@gmail.com` and `a.nn@gmail.com` are one address there
 * (domain/shared/email.ts canonicalEmail). `email_key` stays the lower-cased address (the payment's, the
 * export's and the erasure's key); `mailbox_key` is the one the weekly rule locks and compares, filled in
 * for the rows already kept.
 */
async function addCartReminderMailboxes(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('cart_reminders')
    .addColumn('mailbox_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows: { id: number; email: string }[] = await db
    .selectFrom('cart_reminders')
    .select(['id', 'email'])
    .execute();
  for (const row of rows) {
    await db
      .updateTable('cart_reminders')
      .set({ mailbox_key: canonicalEmail(row.email) })
      .where('id', '=', row.id)
      .execute();
  }
  await addIndex(db, 'cart_reminders_mailbox', 'cart_reminders', ['mailbox_key']);
}
