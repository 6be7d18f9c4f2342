/**
 * The customers feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

declare module '../db/schema' {
  interface Database {
    customer_notes: CustomerNotesTable;
  }
}

/** The owner's note about one customer (server/customers/customer-store.ts). */
export interface CustomerNotesTable {
  /** The lower-cased e-mail address. */
  email_key: string;
  note: string;
  updated_at: string;
}
