/**
 * An order the owner takes herself, by phone or at a craft fair (docs/product/orders.md §10.17): the contract of
 * `POST /api/admin/orders` and its preview, shared by the desk's New order form and the server. The server
 * prices every line from the catalogue it serves now; a line's `unitPrice` is the owner's own price for it,
 * in cents, and needs a reason. Every order also has a channel: where it came from.
 */
import * as z from 'zod/mini';
import { ORDER_CHANNELS, type OrderChannel } from '../checkout/order-channels';
import { SIZE_CODES, type SizeCode, ZONE_IDS, type ZoneId } from '../config';
import { singleLine } from '../shared/input-text-checks';

export const MANUAL_ORDER_API = {
  /** POST: make the order (201). */
  create: '/api/admin/orders',
  /** POST the same body (payment optional): the server's prices and totals, nothing stored. */
  preview: '/api/admin/orders/preview',
  /** POST {}: the unpaid order's payment link e-mailed to the customer again (202). */
  emailLink: '/api/admin/orders/:reference/payment-link',
} as const;

export const ORDER_CHANNEL_LABELS: Readonly<Record<OrderChannel, string>> = {
  web: 'Web',
  quote: 'Quote',
  manual: 'Phone or fair',
  handed_over: 'Handed over',
};

/** How an order marked paid in the desk was paid: no payment provider knows of it. */
export const PAYMENT_METHODS = ['cash', 'card_reader', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How an order was paid when no provider's payment says it: the owner's methods, or gift cards that paid
 * the whole order at checkout (docs/product/gift-cards.md §19).
 */
export type OrderPaymentMethod = PaymentMethod | 'gift_card';

export const PAYMENT_METHOD_LABELS: Readonly<Record<OrderPaymentMethod, string>> = {
  cash: 'Cash',
  card_reader: 'Card reader',
  bank_transfer: 'Bank transfer',
  gift_card: 'Gift card',
};

export const MANUAL_PAYMENTS = ['paid', 'link'] as const;
export type ManualPayment = (typeof MANUAL_PAYMENTS)[number];

/**
 * How an order was paid, in the owner's words: the method she recorded in the desk, else the payment
 * provider's name (the test checkout takes no money).
 */
export function paymentMethodLabel(method: OrderPaymentMethod | null, provider: string | null): string {
  if (method) return PAYMENT_METHOD_LABELS[method];
  if (provider === 'stripe') return 'Card (Stripe)';
  if (provider === 'test-checkout') return 'Test checkout (no money taken)';
  return 'Card';
}

export const MANUAL_ORDER_LIMITS = {
  /** As many lines as a cart may hold products (domain/config.ts LIMITS.maxCartLines). */
  lines: 27,
  /** A fair's or a shop's order may be bigger than a shopper's cart. */
  quantity: 100,
  /** €10,000 a piece, the quotes' bound: more is a typing mistake. */
  unitPrice: 1_000_000,
  reason: 200,
  name: 200,
  addressLine: 200,
} as const;

export const MANUAL_ORDER_MESSAGES = {
  items: `items: choose from 1 to ${MANUAL_ORDER_LIMITS.lines} lines`,
  quantity: `a whole number from 1 to ${MANUAL_ORDER_LIMITS.quantity}`,
  unitPrice: `a price in cents, a whole number from 0 to ${MANUAL_ORDER_LIMITS.unitPrice}`,
  reasonNeeded: 'say why this line has its own price',
  unknownProduct: 'no product has this id',
  duplicate: 'this product and size are already on another line',
  name: "customer.name: the customer's name is needed",
  email: 'customer.email: give the customer’s e-mail address',
  address: 'customer.address.line1: the first line of the address is needed',
  city: 'customer.address.city: the town or city is needed',
  country: 'customer.address.country: a two-letter country code, e.g. IE',
  noSaleToGb:
    'customer.address.country: the shop does not sell to Great Britain while the VAT settings say so (Settings, VAT)',
  zone: 'zone: choose Ireland (IE), the EU (EU) or the rest of the world (WORLD)',
  payment: "payment: 'paid' (taken already) or 'link' (a payment link for the customer)",
  method: 'method: how it was paid: cash, card_reader or bank_transfer',
  methodWithLink: 'method: a payment link is paid by card on the checkout; leave the method out',
  freeLink: 'payment: nothing to pay by card; mark an order of €0.00 paid instead',
  handedOverCustomer:
    'customer: a sale handed over on the spot has no delivery; leave the name and address out',
  handedOverPayment: 'payment: a sale handed over on the spot is paid there; mark it paid with its method',
  handedOverEmail: 'emailCustomer: a sale handed over on the spot has no e-mail address to write to',
  noLink: 'This order has no payment link to send: it is paid, or its checkout is closed',
  noCustomer: 'This order has no customer e-mail to send the link to',
} as const;

/** Body of POST .../payment-link: nothing to say, the order is in the path. */
export const emailLinkSchema = z.strictObject({});
export const emailLinkResponseSchema = z.object({ ok: z.literal(true) });

/** A country the zone does not ship to: the 400 names the field. */
export function countryOutsideZoneMessage(country: string, zoneName: string): string {
  return `customer.address.country: ${country} is not in the zone ${zoneName}`;
}

/** A paused or retired product (the line is named by the route: `items[0].id: ...`). */
export function notOrderableMessage(name: string, status: 'paused' | 'retired'): string {
  return status === 'paused' ? `${name} is paused and cannot be ordered` : `${name} is no longer made`;
}

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: message }), singleLine());
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max), singleLine()));

export const manualOrderItemSchema = z.strictObject({
  id: z.string({ error: MANUAL_ORDER_MESSAGES.unknownProduct }).check(z.minLength(1), z.maxLength(40)),
  size: z.optional(z.enum(SIZE_CODES as [SizeCode, ...SizeCode[]])),
  /** Its bounds (MANUAL_ORDER_LIMITS) are checked by the server, which names the line. */
  quantity: z.int(),
  /** The owner's price for one piece, in cents; absent: the catalogue's. Bounds checked as quantity's. */
  unitPrice: z.optional(z.int()),
  /** Why the line has its own price (needed with a unitPrice other than the catalogue's). */
  reason: optionalText(MANUAL_ORDER_LIMITS.reason),
});
export type ManualOrderItem = z.infer<typeof manualOrderItemSchema>;

export const manualAddressSchema = z.strictObject({
  line1: text(MANUAL_ORDER_LIMITS.addressLine, MANUAL_ORDER_MESSAGES.address),
  line2: optionalText(MANUAL_ORDER_LIMITS.addressLine),
  city: text(MANUAL_ORDER_LIMITS.addressLine, MANUAL_ORDER_MESSAGES.city),
  state: optionalText(MANUAL_ORDER_LIMITS.addressLine),
  postalCode: optionalText(20),
  country: z
    .string({ error: MANUAL_ORDER_MESSAGES.country })
    .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, { error: MANUAL_ORDER_MESSAGES.country })),
});
export type ManualAddress = z.infer<typeof manualAddressSchema>;

export const manualCustomerSchema = z.strictObject({
  name: text(MANUAL_ORDER_LIMITS.name, MANUAL_ORDER_MESSAGES.name),
  email: z.string({ error: MANUAL_ORDER_MESSAGES.email }).check(z.maxLength(254)),
  address: manualAddressSchema,
});

export type ManualCustomer = z.infer<typeof manualCustomerSchema>;

const orderFields = {
  items: z
    .array(manualOrderItemSchema, { error: MANUAL_ORDER_MESSAGES.items })
    .check(
      z.minLength(1, { error: MANUAL_ORDER_MESSAGES.items }),
      z.maxLength(MANUAL_ORDER_LIMITS.lines, { error: MANUAL_ORDER_MESSAGES.items }),
    ),
  customer: manualCustomerSchema,
  zone: z.enum(ZONE_IDS as [ZoneId, ...ZoneId[]], { error: MANUAL_ORDER_MESSAGES.zone }),
  giftWrap: z.optional(z.boolean()),
  /** Plain text with gift wrap only (checkGiftMessage); the bound only limits the body. */
  giftMessage: z.optional(z.string().check(z.maxLength(4000))),
  method: z.optional(z.enum(PAYMENT_METHODS, { error: MANUAL_ORDER_MESSAGES.method })),
  /**
   * 'paid': the confirmation e-mail to the customer (none otherwise); 'link': the payment link e-mailed
   * to the customer. Absent: no e-mail.
   */
  emailCustomer: z.optional(z.boolean()),
  /**
   * Paid and handed over on the spot (a fair): no customer, no address, no shipping; delivered at once,
   * never in the making queue (docs/product/orders.md §10.17).
   */
  handedOver: z.optional(z.boolean()),
};

export const manualOrderSchema = z.strictObject({
  ...orderFields,
  /** Needed unless the sale is handed over on the spot (checked by the server, which names it). */
  customer: z.optional(manualCustomerSchema),
  payment: z.enum(MANUAL_PAYMENTS, { error: MANUAL_ORDER_MESSAGES.payment }),
});
export type ManualOrderRequest = z.infer<typeof manualOrderSchema>;

/**
 * The preview's body: the order as the form has it so far, the customer and the payment perhaps not yet
 * typed (without a customer, her address is not checked against the zone).
 */
export const manualOrderPreviewSchema = z.strictObject({
  ...orderFields,
  customer: z.optional(manualCustomerSchema),
  payment: z.optional(z.enum(MANUAL_PAYMENTS, { error: MANUAL_ORDER_MESSAGES.payment })),
});
export type ManualOrderPreviewRequest = z.infer<typeof manualOrderPreviewSchema>;

export const manualOrderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.string(),
  quantity: z.number(),
  /** The price charged for one piece. */
  unitPrice: z.number(),
  /** The catalogue's price for one piece now. */
  listPrice: z.number(),
  lineTotal: z.number(),
  /** The owner's reason when unitPrice is her own; null otherwise. */
  reason: z.nullable(z.string()),
});
export type ManualOrderLine = z.infer<typeof manualOrderLineSchema>;

export const manualOrderTotalsSchema = z.object({
  lines: z.array(manualOrderLineSchema),
  subtotal: z.number(),
  shipping: z.number(),
  giftWrap: z.number(),
  total: z.number(),
});
export type ManualOrderTotals = z.infer<typeof manualOrderTotalsSchema>;

export const manualOrderPreviewResponseSchema = z.object({
  ok: z.literal(true),
  preview: manualOrderTotalsSchema,
});

export const manualOrderCreatedSchema = z.object({
  ok: z.literal(true),
  order: z.object({
    ...manualOrderTotalsSchema.shape,
    reference: z.string(),
    /** The desk's status: 'paid' (marked paid) or 'pending' (waiting for the link to be paid). */
    status: z.string(),
    channel: z.enum(ORDER_CHANNELS),
    paymentMethod: z.nullable(z.enum(PAYMENT_METHODS)),
  }),
  /** 'link' only: the hosted checkout the customer pays on. */
  paymentUrl: z.optional(z.string()),
});
export type ManualOrderCreated = z.infer<typeof manualOrderCreatedSchema>;
