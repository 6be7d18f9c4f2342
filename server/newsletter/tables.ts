/**
 * The newsletter feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Generated } from 'kysely';

declare module '../db/schema' {
  interface Database {
    newsletter_signups: NewsletterSignupsTable;
    newsletter_campaigns: NewsletterCampaignsTable;
    campaign_recipients: CampaignRecipientsTable;
    newsletter_keys: NewsletterKeysTable;
    back_in_stock_requests: BackInStockRequestsTable;
    cart_reminders: CartRemindersTable;
  }
}

export interface NewsletterSignupsTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: the de-duplication key. */
  email_key: string;
  source: string;
  created_at: string;
  /** Subscribed only once the confirmation link was followed (double opt-in). */
  status: NewsletterStatus;
  /**
   * The SHA-256 (hex) of the first secret of this address's confirmation and unsubscribe links (the
   * secret is only in its e-mail; later e-mails' keys are in newsletter_keys).
   */
  token: string;
  /** The last confirmation e-mail queued: at most one an hour. */
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
}

export type NewsletterStatus = 'pending' | 'confirmed';

/** One checkout whose shopper asked for the one cart reminder (server/newsletter/cart-reminder-store.ts). */
export interface CartRemindersTable {
  id: Generated<number>;
  order_id: string;
  session_id: string;
  email: string;
  /** Lower-cased e-mail. */
  email_key: string;
  /** The mailbox (domain/shared/email.ts canonicalEmail: no `+tag`, Gmail's dots ignored): one reminder a week each. */
  mailbox_key: string;
  /** JSON array of { id, size, quantity }: never a price. */
  lines: string;
  /** When the box was ticked: the consent's proof. */
  consented_at: string;
  /** SHA-256 (hex) of the restore link's token; null until the reminder is queued. */
  token_hash: string | null;
  reminded_at: string | null;
  restored_at: string | null;
  recovery_url: string | null;
}

/** "Tell me when it's back": an address waiting for one paused product (server/newsletter). */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  product_id: string;
  email: string;
  /** Lower-cased e-mail. */
  email_key: string;
  status: 'pending' | 'confirmed';
  /** The SHA-256 (hex) of the confirmation link's secret: the secret itself is only in the e-mail. */
  token: string;
  created_at: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
}

/** A newsletter campaign (server/newsletter/campaign-store.ts). */
export interface NewsletterCampaignsTable {
  id: string;
  subject: string;
  preview: string;
  /** Markdown. */
  body: string;
  /** JSON array of product ids. */
  product_ids: string;
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  send_at: string | null;
  started_at: string | null;
  sent_at: string | null;
  /** Rendered once when the send starts. */
  html_body: string | null;
  text_body: string | null;
  recipients: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One confirmed subscriber of one campaign: ids only, never an address. */
export interface CampaignRecipientsTable {
  id: Generated<number>;
  campaign_id: string;
  signup_id: number;
  status: 'waiting' | 'queued' | 'skipped';
  outbox_id: number | null;
  queued_at: string | null;
}

/**
 * The SHA-256 (hex) of each key a newsletter e-mail carried (a confirmation, a campaign message): each
 * opens its sign-up's links beside the sign-up's first (`newsletter_signups.token`); they go with it.
 */
export interface NewsletterKeysTable {
  key_hash: string;
  signup_id: number;
  created_at: string;
}
