/**
 * The shipping feature's table for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; it mirrors its migration (migrations.ts) and the table its declaration names.
 */
import type { Generated } from 'kysely';

declare module '../db/schema' {
  interface Database {
    shipping_labels: ShippingLabelsTable;
  }
}

/** A label bought for an order (docs/product/shipping.md §22; server/shipping/label-store.ts). */
export interface ShippingLabelsTable {
  id: Generated<number>;
  order_id: string;
  reference: string;
  status: 'buying' | 'live' | 'voided';
  provider: string;
  provider_label_id: string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  weight_grams: number;
  /** JSON of the customs items sent with the label; null inside the EU. */
  customs: string | null;
  /** The label's PDF, base64; null once erased or past its retention. */
  label_pdf: string | null;
  tracking_status: string | null;
  created_at: string;
  updated_at: string;
  voided_at: string | null;
}
