/**
 * The orders feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

import type { Generated, Selectable } from 'kysely';
import type { OrderChannel } from '../../domain/checkout/order-channels';
import type { SizeCode } from '../../domain/config';
import type { FulfilmentStatus } from '../../domain/orders/admin-api';
import type { OrderPaymentMethod } from '../../domain/orders/manual-order';

declare module '../db/schema' {
  interface Database {
    orders: OrdersTable;
    order_lines: OrderLinesTable;
    withdrawal_notices: WithdrawalNoticesTable;
    order_keys: OrderKeysTable;
  }
}

export type StoredOrderStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface OrdersTable {
  id: string;
  provider: string;
  /** Null until the payment provider has created the hosted session. */
  session_id: string | null;
  /** What the shopper and the owner call the order (see orderReference); set with session_id. */
  reference: string | null;
  status: StoredOrderStatus;
  email: string;
  zone: string;
  currency: string;
  subtotal: number;
  shipping: number;
  gift_wrap: number;
  total: number;
  item_count: number;
  shipping_name: string | null;
  /** JSON of ShippingAddress (see payments/provider.ts). */
  shipping_address: string | null;
  /** Why an order never reached the shopper's checkout or why its payment failed. */
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** When the reconcile pass last asked the provider about this pending order (see checkout/reconcile.ts). */
  checked_at: string | null;
  /** The order's place in the desk's flow (FulfilmentStatus in domain/orders/admin-api.ts); `status` stays the payment's. */
  desk_status: FulfilmentStatus;
  /** Cents refunded so far, by the desk or in the provider's dashboard. */
  refunded: Generated<number>;
  /** The provider's payment (Stripe: the payment intent; the test checkout: its session). */
  payment_id: string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  /** Why the shop could not settle the order by itself (a mismatched amount, an unknown session). */
  review_reason: string | null;
  cancel_reason: string | null;
  dispute_reason: string | null;
  dispute_amount: number | null;
  dispute_respond_by: string | null;
  /** When a desk refund was handed to the provider; null when none is in flight. */
  refund_claimed_ms: number | null;
  /** The shopper's gift message (plain text, only with gift wrap); null without one. */
  gift_message: string | null;
  /** The dispatch date computed at payment ('YYYY-MM-DD', Irish calendar); null until paid. */
  dispatch_date: string | null;
  /** Cents off the items (a code's or the early-bird tier's); 0 for none. */
  discount: Generated<number>;
  /** The discount code applied (upper case); null without one or when the tier won. */
  discount_code: string | null;
  /** The quote this order pays (server/quotes); null for a cart's order. */
  quote_reference: Generated<string | null>;
  /** The enquiry the quote answered; null without one. */
  enquiry_id: Generated<string | null>;
  /** 'web', 'quote' or 'manual' (domain/checkout/order-channels.ts); 'web' by default. */
  channel: Generated<OrderChannel>;
  /** How a manual order marked paid was paid (PAYMENT_METHODS); null for every other order. */
  payment_method: Generated<OrderPaymentMethod | null>;
  /** Cents of gift cards the order bought, in its total: no revenue, no VAT (docs/product/gift-cards.md §19.2). */
  gift_cards_sold: Generated<number>;
  /** The desk's Idempotency-Key of the submission that made a manual order (unique); null otherwise. */
  request_key: Generated<string | null>;
  /** A manual order's payment link (its hosted checkout), answered again to a repeated submission. */
  checkout_url: Generated<string | null>;
  /** The VAT rate the order was charged with, basis points (23% = 2300); null for orders stored before. */
  vat_rate_bp: Generated<number | null>;
  /** The seller's VAT number when the order was made (null: none); see vat_rate_bp for older orders. */
  vat_number: Generated<string | null>;
  /**
   * The VAT the payment settled (cents, docs/product/vat.md §20), vat_rate_bp then the rate it was charged
   * at; null: an order the VAT rules did not price, read with its flat vat_rate_bp.
   */
  vat_total: Generated<number | null>;
  /** The VAT a valid intra-EU business was not charged (cents, inside `discount`): the reverse charge. */
  vat_not_charged: Generated<number>;
}

export interface OrderLinesTable {
  order_id: string;
  position: number;
  product_id: string;
  /** The product's name, without the size (pages and e-mails add it, see nameWithSize). */
  name: string;
  /**
   * 'S' | 'M' | 'L'; 'M' for lines stored before sizes. A quote's custom line (product id `custom:…`)
   * stores 'M' and has no size: every reader shows and answers none (domain/catalogue/sizes.ts lineSize).
   */
  size: Generated<SizeCode>;
  unit_price: number;
  quantity: number;
  line_total: number;
  /**
   * The base URL of the product's main picture as sold (ProductImage.base, e.g. '/img/product-1-1');
   * null for a line of a product the catalogue did not know when this column was added.
   */
  image: string | null;
  /** The owner's reason for the line's own price (a manual order, docs/product/orders.md §10.17); null otherwise. */
  price_reason: Generated<string | null>;
}

/** The shopper's notice of withdrawal (the EU model withdrawal form, sent from the order page). */
export interface WithdrawalNoticesTable {
  order_id: string;
  /** The shopper's name as they signed the notice. */
  name: string;
  /** JSON of WithdrawnItem[] (domain/orders/order-page.ts). */
  items: string;
  reason: string | null;
  created_at: string;
}

/**
 * The SHA-256 (hex) of each key an e-mail carried to an order's page (server/orders/order-key.ts): an
 * order has as many as e-mails linked to it, each opening the page; none once anonymised.
 */
export interface OrderKeysTable {
  key_hash: string;
  order_id: string;
  created_at: string;
}

export type OrderRow = Selectable<OrdersTable>;

export type OrderLineRow = Selectable<OrderLinesTable>;
