/**
 * The fulfilment feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

import type { Generated } from 'kysely';
import type { TimelineKind } from '../../domain/orders/admin-api';

declare module '../db/schema' {
  interface Database {
    order_events: OrderEventsTable;
    order_notes: OrderNotesTable;
  }
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  at: string;
  kind: TimelineKind;
  actor: 'owner' | 'shop' | 'provider';
  text: string;
  amount: number | null;
  dedupe_key: string | null;
  /** The person who did it (the owner's or a maker's step), or "API token". */
  actor_name: Generated<string | null>;
}

export interface OrderNotesTable {
  id: Generated<number>;
  order_id: string;
  at: string;
  text: string;
  /** Who wrote it: the person's name, or "API token". */
  actor_name: Generated<string | null>;
}
