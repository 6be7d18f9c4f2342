/**
 * The media feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

declare module '../db/schema' {
  interface Database {
    media: MediaTable;
  }
}

/** One rendition of an owner's photo (server/media/media-store.ts). */
export interface MediaTable {
  /** The photo's content address: 32 hex digits of a SHA-256. */
  id: string;
  width: number;
  format: 'avif' | 'webp';
  data: Uint8Array;
  created_at: string;
  unreferenced_since: string | null;
}
