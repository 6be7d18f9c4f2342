/**
 * The enquiries feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

import type { Generated } from 'kysely';
import type { EnquiryKind, EnquiryStatus } from '../../domain/enquiries/enquiry-texts';

declare module '../db/schema' {
  interface Database {
    enquiries: EnquiriesTable;
  }
}

/** A corporate or bespoke enquiry (server/enquiries/enquiry-store.ts, docs/product/enquiries.md §16). */
export interface EnquiriesTable {
  id: string;
  name: string;
  email: string;
  company: string | null;
  pieces: number;
  needed_by: string | null;
  /** Cents. */
  budget_per_piece: number | null;
  kind: EnquiryKind;
  occasion: string | null;
  message: string;
  status: EnquiryStatus;
  notes: Generated<string>;
  created_at: string;
  updated_at: string;
}
