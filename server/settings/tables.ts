/**
 * The settings feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { Generated } from 'kysely';

declare module '../db/schema' {
  interface Database {
    settings: SettingsTable;
    back_in_touch: BackInTouchTable;
  }
}

/** An address waiting to hear that the shop is back (server/settings/back-in-touch-store.ts). */
export interface BackInTouchTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: one row per address. */
  email_key: string;
  /** The SHA-256 (hex) of the confirmation link's secret: the secret itself is only in the e-mail. */
  token: string;
  status: 'pending' | 'confirmed';
  created_at: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
}

/** One owner setting (server/settings/settings-store.ts): its name and JSON value. */
export interface SettingsTable {
  name: string;
  value: string;
  updated_at: string;
}
