/**
 * The exchanges feature's table for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; it mirrors its migrations (migrations.ts) and the table its declaration names.
 */
import type { Generated } from 'kysely';
import type { ExchangeStatus, ReceivedChoice, Settlement } from '../../domain/exchanges/exchanges';

declare module '../db/schema' {
  interface Database {
    order_exchanges: OrderExchangesTable;
  }
}

/** A piece of a delivered order swapped for another size (docs/product/exchanges.md). */
export interface OrderExchangesTable {
  id: Generated<number>;
  order_id: string;
  /** The order line's position. */
  line_id: number;
  product_id: string;
  /** The product's name as sold (no personal data). */
  name: string;
  from_size: 'S' | 'M' | 'L';
  to_size: 'S' | 'M' | 'L';
  status: ExchangeStatus;
  /** The new size's price less the old one's, signed cents. */
  difference: Generated<number>;
  settlement: Generated<Settlement>;
  decline_reason: string | null;
  received_choice: ReceivedChoice | null;
  created_at: string;
  decided_at: string | null;
  received_at: string | null;
  /** When the replacement left the shop: it leaves the making queue's front then. */
  dispatched_at: string | null;
  updated_at: string;
}
