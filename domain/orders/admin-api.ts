/**
 * The order desk's API contract (docs/product/orders.md §10), shared by the owner's app at /admin and the server:
 * paths, status names and labels, the carriers and their tracking-URL patterns, and the zod/mini schemas of
 * every request and response. Request bodies are strict: an unexpected key is a 400. Amounts are integer
 * euro cents. Nothing here is imported by shop pages (the desk is its own entry).
 *
 * Stable contract: changes are additive only (the web app is built against it in parallel).
 */
import * as z from 'zod/mini';
import { orderPaymentSchema } from '../checkout/checkout';
import { exchangeInfoSchema } from '../exchanges/exchanges';
import { GIFT_CARD_STATUSES } from '../gift-cards/gift-cards';
import { freeText, singleLine } from '../shared/input-text-checks';
import { orderVatSchema } from '../vat/order-vat';
import { vatStatementSchema } from '../vat/vat-statement';
import { returnInfoSchema } from './return-info';

// ---------------------------------------------------------------------------------------------- paths

export const ADMIN_API = {
  session: '/api/admin/session',
  orders: '/api/admin/orders',
  ordersCsv: '/api/admin/orders.csv',
  newsletterCsv: '/api/admin/newsletter.csv',
  /** Every order in production with its details, oldest dispatch date first: the packing-slip batch. */
  packingSlips: '/api/admin/packing-slips',
} as const;

/** `/api/admin/orders/SOL-1A2B3C4D` and its actions (`status`, `dispatch`, `refund`, `cancel`, `notes`). */
export function adminOrderPath(reference: string, action?: OrderAction): string {
  const base = `${ADMIN_API.orders}/${encodeURIComponent(reference)}`;
  return action ? `${base}/${action}` : base;
}

/**
 * The header naming one submission of a desk action (docs/product/orders.md §10.5): the desk sends a new key per
 * submission, the server makes a repeat of the same key one change. Without it a request is served as is.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .check(z.minLength(1), z.maxLength(200), z.regex(/^[\x21-\x7e]+$/));

export const ORDER_ACTIONS = ['status', 'dispatch', 'refund', 'cancel', 'notes'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

// -------------------------------------------------------------------------------------------- statuses

/**
 * An order's place in the desk's flow. `pending` (checkout open), `abandoned` (checkout expired) and
 * `failed` (payment failed or never started) are checkouts rather than orders: hidden unless asked for.
 * paid -> in_production -> dispatched -> delivered; refunded (in full: the order ends); cancelled (before
 * dispatch only, refunds in full); disputed (a chargeback); needs_review (the shop could not settle it).
 * A refund in part is money, not a step: the order keeps its status (see isPartlyRefunded).
 */
export const DESK_STATUSES = [
  'pending',
  'abandoned',
  'failed',
  'needs_review',
  'paid',
  'in_production',
  'dispatched',
  'delivered',
  'refunded',
  'cancelled',
  'disputed',
] as const;
export type FulfilmentStatus = (typeof DESK_STATUSES)[number];

export const DESK_STATUS_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  pending: 'Checkout open',
  abandoned: 'Abandoned',
  failed: 'Payment failed',
  needs_review: 'Needs review',
  paid: 'Paid',
  in_production: 'In production',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
};

/**
 * Refunded in part (docs/product/orders.md §10.3): a money fact shown beside the order's status, never in its
 * place; the order is made and dispatched as before. A refund of everything left makes it `refunded`.
 */
export function isPartlyRefunded(order: { readonly total: number; readonly refunded: number }): boolean {
  return order.refunded > 0 && order.refunded < order.total;
}

/** The list's filter and count of the orders refunded in part, whatever their status. */
export const PARTLY_REFUNDED = 'partially_refunded';
export const PARTLY_REFUNDED_LABEL = 'Partially refunded';

/** What the list counts: each status, and the orders refunded in part (which also count in their status). */
export const COUNTED_FILTERS = [...DESK_STATUSES, PARTLY_REFUNDED] as const;
export type CountedFilter = (typeof COUNTED_FILTERS)[number];

export const COUNTED_FILTER_LABELS: Readonly<Record<CountedFilter, string>> = {
  ...DESK_STATUS_LABELS,
  [PARTLY_REFUNDED]: PARTLY_REFUNDED_LABEL,
};

/** The default list: the work to do, oldest dispatch date first. */
export const WORK_STATUSES: readonly FulfilmentStatus[] = ['paid', 'in_production'];
/** Checkouts that never became orders: listed only when the filter asks for them by name. */
export const CHECKOUT_STATUSES: readonly FulfilmentStatus[] = ['pending', 'abandoned', 'failed'];

/**
 * The list filter: a status, `work` (paid and in production; the default), `all` (every order, without
 * the checkouts of CHECKOUT_STATUSES) or `partially_refunded` (the orders refunded in part, any status).
 */
export const ORDER_FILTERS = ['work', 'all', ...COUNTED_FILTERS] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** What `POST .../status` may set; dispatch, refund and cancel have their own actions. */
export const STATUS_CHANGES = ['in_production', 'delivered'] as const;
export type StatusChange = (typeof STATUS_CHANGES)[number];

/** What the owner may do with an order now (the server decides; the desk shows only these buttons). */
export const DESK_ACTIONS = ['start', 'dispatch', 'deliver', 'refund', 'cancel'] as const;
export type FulfilmentAction = (typeof DESK_ACTIONS)[number];

// -------------------------------------------------------------------------------------------- carriers

export const CARRIERS = ['an_post', 'dpd', 'gls', 'ups', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Readonly<Record<Carrier, string>> = {
  an_post: 'An Post',
  dpd: 'DPD',
  gls: 'GLS',
  ups: 'UPS',
  dhl: 'DHL',
  other: 'Other',
};

/** `{tracking}` is replaced by the URL-encoded tracking number; `other` has no known pattern. */
export const TRACKING_URL_PATTERNS: Readonly<Record<Carrier, string | null>> = {
  an_post: 'https://www.anpost.com/Post-Parcels/Track/History?item={tracking}',
  dpd: 'https://www.dpd.ie/tracking?consignmentNumber={tracking}',
  gls: 'https://gls-group.com/IE/en/parcel-tracking?match={tracking}',
  ups: 'https://www.ups.com/track?tracknum={tracking}',
  dhl: 'https://www.dhl.com/ie-en/home/tracking.html?tracking-id={tracking}',
  other: null,
};

/** The carrier's tracking page for a number, or null when the carrier has no known pattern. */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string): string | null {
  const pattern = TRACKING_URL_PATTERNS[carrier];
  const number = trackingNumber.trim();
  if (!pattern || number.length === 0) return null;
  return pattern.replace('{tracking}', encodeURIComponent(number));
}

// -------------------------------------------------------------------------------------------- messages

export const ADMIN_MESSAGES = {
  unauthorized: 'Sign in to use the order desk',
  wrongToken: 'That token is not right',
  tooManyAttempts: 'Too many sign-in attempts; try again in a few minutes',
  crossSite: 'Cross-site request refused',
  notFound: 'No order with that reference',
  overRefund: 'That is more than is left to refund',
  nothingToRefund: 'Nothing is left to refund on this order',
  refundFailed: 'The payment provider refused the refund; nothing was changed',
  badDateRange: 'Give the dates as YYYY-MM-DD, the first not after the last',
  badIdempotencyKey: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
} as const;

/** The refusal of a transition the flow does not allow, e.g. "A dispatched order cannot be cancelled". */
export function refusedTransitionMessage(from: FulfilmentStatus, action: FulfilmentAction): string {
  const verbs: Record<FulfilmentAction, string> = {
    start: 'put into production',
    dispatch: 'dispatched',
    deliver: 'marked delivered',
    refund: 'refunded',
    cancel: 'cancelled',
  };
  const label = DESK_STATUS_LABELS[from].toLowerCase();
  const article = /^[aeiou]/.test(label) ? 'An' : 'A';
  return `${article} ${label} order cannot be ${verbs[action]}`;
}

// -------------------------------------------------------------------------------------------- limits

export const ADMIN_LIMITS = {
  pageSize: 25,
  maxSearchChars: 200,
  maxNoteChars: 2000,
  maxReasonChars: 500,
  maxTrackingNumberChars: 64,
  maxTrackingUrlChars: 500,
  maxTokenChars: 512,
  maxPackingSlips: 200,
} as const;

// -------------------------------------------------------------------------------------------- requests

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: ADMIN_MESSAGES.badDateRange }));
const cleanLine = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max), singleLine());

export const signInRequestSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(ADMIN_LIMITS.maxTokenChars)),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** Query of GET /api/admin/orders; every field optional (strings, as a query string gives them). */
export const ordersQuerySchema = z.strictObject({
  status: z.optional(z.enum(ORDER_FILTERS)),
  q: z.optional(z.string().check(z.maxLength(ADMIN_LIMITS.maxSearchChars), singleLine())),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
  page: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/))),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

export const csvRangeQuerySchema = z.strictObject({ from: isoDay, to: isoDay });
export type CsvRangeQuery = z.infer<typeof csvRangeQuerySchema>;

export const statusRequestSchema = z.strictObject({ status: z.enum(STATUS_CHANGES) });
export type StatusRequest = z.infer<typeof statusRequestSchema>;

export const dispatchRequestSchema = z.strictObject({
  carrier: z.enum(CARRIERS),
  trackingNumber: cleanLine(ADMIN_LIMITS.maxTrackingNumberChars),
  /** https only; filled in from the carrier's pattern when absent. */
  trackingUrl: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(ADMIN_LIMITS.maxTrackingUrlChars),
        singleLine(),
        z.regex(/^https:\/\/[^\s<>"]+$/, { error: 'The tracking URL must start with https://' }),
      ),
  ),
});
export type DispatchRequest = z.infer<typeof dispatchRequestSchema>;

/**
 * Where a refund's gift-card part goes (docs/product/gift-cards.md §19.3, "Refunds"): the part a card payment
 * cannot take back, since a refund goes to the card payment first. `restore` (the default): back to the
 * cards that paid; `new-card`: a new gift card e-mailed to the order's address; `card`: money back by
 * card, only when the order's card payment still covers the whole refund.
 */
export const GIFT_CARD_REFUND_CHOICES = ['restore', 'new-card', 'card'] as const;
export type GiftCardRefundChoice = (typeof GIFT_CARD_REFUND_CHOICES)[number];

/** The desk's refund dialog: the group's legend, each choice's label and the line saying where the money goes. */
export const GIFT_CARD_REFUND_LEGEND = 'The gift cards’ part';
export const GIFT_CARD_REFUND_LABELS: Readonly<Record<GiftCardRefundChoice, string>> = {
  restore: 'Back to the gift cards',
  'new-card': 'A new gift card',
  card: 'Money back by card',
};
export const GIFT_CARD_REFUND_HINTS: Readonly<Record<GiftCardRefundChoice, string>> = {
  restore: 'The gift cards that paid get their balance back; their expiry is unchanged.',
  'new-card': 'A new gift card, valid for five years, is e-mailed to the order’s address.',
  card: 'The whole refund goes back to the card payment; the gift cards get nothing back.',
};

export const GIFT_CARD_REFUND_MESSAGES = {
  cardShort: (left: string) =>
    `giftCardRefund: The card payment has only ${left} left to refund; choose the gift cards or a new gift card`,
  noAddress:
    'giftCardRefund: The order has no e-mail address to send a new gift card to; choose the gift cards',
  newCardTooLarge: (max: string) =>
    `giftCardRefund: A new gift card is at most ${max}; refund less, or back to the gift cards`,
} as const;

export const refundRequestSchema = z.strictObject({
  /** Cents; absent: everything that is left to refund. */
  amount: z.optional(z.int().check(z.gte(1, { error: 'The amount must be at least one cent' }))),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_LIMITS.maxReasonChars), singleLine())),
  /** Where the gift-card part goes; absent: back to the cards. */
  giftCardRefund: z.optional(z.enum(GIFT_CARD_REFUND_CHOICES)),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const cancelRequestSchema = z.strictObject({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_LIMITS.maxReasonChars), singleLine())),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

export const noteRequestSchema = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(ADMIN_LIMITS.maxNoteChars), freeText()),
});
export type NoteRequest = z.infer<typeof noteRequestSchema>;

// ------------------------------------------------------------------------------------------- responses

export const errorResponseSchema = z.object({ ok: z.literal(false), error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Answer of `POST /api/admin/session` (sign-in) and `GET /api/admin/session` (am I signed in? 401 if not). */
export const sessionResponseSchema = z.object({
  ok: z.literal(true),
  /** ISO instant the session ends if unused (it is renewed on use, up to 7 days after sign-in). */
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const orderListItemSchema = z.object({
  reference: z.string(),
  status: z.enum(DESK_STATUSES),
  email: z.string(),
  /** The delivery name; null before payment. */
  name: z.nullable(z.string()),
  total: z.number(),
  refunded: z.number(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** YYYY-MM-DD in Irish time; null when the order has none (not paid). */
  dispatchBy: z.nullable(z.string()),
  giftWrapped: z.boolean(),
  itemCount: z.number(),
  /** Where the order came from: 'web', 'quote' or 'manual' (domain/orders/manual-order.ts). */
  channel: z.optional(z.enum(['web', 'quote', 'manual', 'handed_over'])),
  /**
   * Sold at the Irish rate to a consumer in another member state in a year above the €10,000 threshold:
   * the destination's VAT is due (docs/product/vat.md §20.4). Absent otherwise.
   */
  destinationVatDue: z.optional(z.boolean()),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const ordersListResponseSchema = z.object({
  orders: z.array(orderListItemSchema),
  /** Orders matching the filter, over all pages. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /**
   * Orders per status for the search and date range (ignoring the status filter); every status present,
   * and `partially_refunded`: the orders refunded in part, also counted in their own status.
   */
  counts: z.record(z.enum(COUNTED_FILTERS), z.number()),
});
export type OrdersListResponse = z.infer<typeof ordersListResponseSchema>;

export const orderLineSchema = z.object({
  /** The line's position in the order: what a change of its size names. */
  lineId: z.optional(z.number()),
  productId: z.string(),
  name: z.string(),
  /** The bracelet size when the product has sizes (null otherwise, and on orders from before sizes). */
  size: z.nullable(z.string()),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** The base URL of the picture the line was sold with; null if unknown. Never the live catalogue's. */
  image: z.optional(z.nullable(z.string())),
  /** A manual order's line the owner priced herself: her reason (docs/product/orders.md §10.17). */
  priceReason: z.optional(z.nullable(z.string())),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const addressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.nullable(z.string()),
  city: z.string(),
  state: z.nullable(z.string()),
  postalCode: z.nullable(z.string()),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const TIMELINE_KINDS = [
  'created',
  'paid',
  'payment_failed',
  'abandoned',
  'email',
  'status',
  'dispatched',
  'refund',
  'cancelled',
  'dispute',
  'needs_review',
  'note',
  'withdrawal',
  /** The owner changed the order before dispatch: the text says what, before and after. */
  'changed',
  /** A return's step (docs/product/orders.md §10.18): opened, received, refunded or closed. */
  'return',
  /** An exchange's step (docs/product/exchanges.md): asked for, accepted, declined, the piece received. */
  'exchange',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** One line for people, e.g. "Dispatched with An Post, tracking 123". */
  text: z.string(),
  /** 'owner' for the owner's actions, 'shop' for the shop's own, 'provider' for payment events. */
  actor: z.enum(['owner', 'shop', 'provider']),
  /** For the owner's actions: who did it (a person's name, or "API token"); absent before people existed. */
  by: z.optional(z.string()),
  /** For `email` entries: the outbox's delivery state. */
  emailStatus: z.optional(z.enum(['queued', 'sent', 'failed'])),
  /** For `refund` entries: the amount in cents. */
  amount: z.optional(z.number()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const orderNoteSchema = z.object({
  id: z.number(),
  at: z.string(),
  text: z.string(),
  /** Who wrote it (a person's name, or "API token"); absent before people existed. */
  by: z.optional(z.string()),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

export const dispatchInfoSchema = z.object({
  carrier: z.enum(CARRIERS),
  trackingNumber: z.string(),
  trackingUrl: z.nullable(z.string()),
  dispatchedAt: z.string(),
});
export type DispatchInfo = z.infer<typeof dispatchInfoSchema>;

export const disputeInfoSchema = z.object({
  reason: z.string(),
  amount: z.number(),
  /** ISO instant by which evidence must reach the provider; null when the provider gave none. */
  respondBy: z.nullable(z.string()),
});
export type DisputeInfo = z.infer<typeof disputeInfoSchema>;

/** The shopper's notice of withdrawal, sent from the order page (docs/product/order-flow.md §6.10). */
export const withdrawalInfoSchema = z.object({
  at: z.string(),
  name: z.string(),
  items: z.array(z.string()),
  reason: z.nullable(z.string()),
});
export type WithdrawalInfo = z.infer<typeof withdrawalInfoSchema>;

/**
 * A gift card the order bought, as a line of the desk's order (docs/product/gift-cards.md §19.3, "A refund
 * of cards bought"): its last 4 only, its amount, what is unspent (what a refund may still take back and
 * void), its send date and how it stands; `voided` once a refund took all that was left of it.
 */
export const orderGiftCardSchema = z.object({
  last4: z.string(),
  amount: z.number(),
  unspent: z.number(),
  sendOn: z.string(),
  status: z.enum([...GIFT_CARD_STATUSES, 'voided']),
  /** Cents refunds of the order voided of it. */
  voided: z.number(),
});
export type OrderGiftCard = z.infer<typeof orderGiftCardSchema>;

/** How the desk's order words a card bought's state, beside its amount. */
export const ORDER_GIFT_CARD_STATUS_LABELS: Readonly<Record<OrderGiftCard['status'], string>> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  held: 'Held',
  spent: 'Spent',
  disabled: 'Disabled',
  voided: 'Voided by a refund',
};

export const orderDetailSchema = z.object({
  reference: z.string(),
  /** The order's VAT per line as its checkout priced it and its payment settled it (docs/product/vat.md §20). */
  vat: z.optional(orderVatSchema),
  /** That VAT in the words of the shopper's e-mail (domain/vat/vat-statement.ts); with `vat` only. */
  vatStatement: z.optional(vatStatementSchema),
  status: z.enum(DESK_STATUSES),
  email: z.string(),
  name: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  dispatchBy: z.nullable(z.string()),
  /** 'stripe' or 'test-checkout'. */
  provider: z.string(),
  /** The provider's payment id (Stripe: the payment intent) or, before it is known, the checkout session. */
  paymentId: z.nullable(z.string()),
  currency: z.string(),
  lines: z.array(orderLineSchema),
  subtotal: z.number(),
  /** Cents off the items (a discount code's or the early-bird tier's); 0 for none. */
  discount: z.optional(z.number()),
  /** The code that gave the discount; null without one or when the tier's applied. */
  discountCode: z.optional(z.nullable(z.string())),
  /** Cents of `discount` that are the VAT a valid intra-EU business was not charged (the reverse charge). */
  vatNotCharged: z.optional(z.number()),
  shipping: z.number(),
  giftWrap: z.number(),
  giftWrapped: z.boolean(),
  giftMessage: z.nullable(z.string()),
  total: z.number(),
  /** Cents refunded so far (by the desk or in the provider's dashboard). */
  refunded: z.number(),
  /** Cents that may still be refunded. */
  refundable: z.number(),
  address: z.nullable(addressSchema),
  dispatch: z.nullable(dispatchInfoSchema),
  dispute: z.nullable(disputeInfoSchema),
  reviewReason: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  withdrawal: z.nullable(withdrawalInfoSchema),
  allowedActions: z.array(z.enum(DESK_ACTIONS)),
  timeline: z.array(timelineEntrySchema),
  notes: z.array(orderNoteSchema),
  /** Cents of VAT in the total, as the shopper's e-mail says it; null without a VAT number. */
  vatIncluded: z.optional(z.nullable(z.number())),
  /** The quote this order paid (docs/product/quotes.md) and the enquiry it answered; null otherwise. */
  quoteReference: z.optional(z.nullable(z.string())),
  enquiryId: z.optional(z.nullable(z.string())),
  /** Where the order came from: 'web', 'quote', 'manual' or 'handed_over' (docs/product/orders.md §10.17). */
  channel: z.optional(z.enum(['web', 'quote', 'manual', 'handed_over'])),
  /** How a manual order marked paid was paid: 'cash', 'card_reader' or 'bank_transfer'; null otherwise. */
  paymentMethod: z.optional(z.nullable(z.enum(['cash', 'card_reader', 'bank_transfer', 'gift_card']))),
  /** How the total was paid: the card payment and each gift card (last 4 only), docs/product/gift-cards.md §19. */
  payments: z.optional(z.array(orderPaymentSchema)),
  /** The gift cards the order bought, each a line of its own (none: absent). */
  giftCardsBought: z.optional(z.array(orderGiftCardSchema)),
  /** The order's returns, oldest first (docs/product/orders.md §10.18). */
  returns: z.optional(z.array(returnInfoSchema)),
  /** The order's exchanges for another size, oldest first (docs/product/exchanges.md). */
  exchanges: z.optional(z.array(exchangeInfoSchema)),
  /** Whether the shopper was ever sent the order's confirmation (an order marked paid may have had none). */
  confirmationSent: z.optional(z.boolean()),
  /** The payment link of an order taken in the desk and not paid yet (§10.17); null otherwise. */
  paymentUrl: z.optional(z.nullable(z.string())),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Query of GET /api/admin/packing-slips: one order's slip (whatever its status), else the batch. */
export const packingSlipsQuerySchema = z.strictObject({
  reference: z.optional(z.string().check(z.minLength(1), z.maxLength(40), singleLine())),
});
export type PackingSlipsQuery = z.infer<typeof packingSlipsQuerySchema>;

/** Where a parcel that cannot be delivered goes back to: the seller's name and address (SELLER_*). */
export const returnAddressSchema = z.object({
  name: z.string(),
  /** One line, its parts separated by commas, as SELLER_ADDRESS gives it. */
  address: z.string(),
});
export type ReturnAddress = z.infer<typeof returnAddressSchema>;

/**
 * Answer of GET /api/admin/packing-slips (at most ADMIN_LIMITS.maxPackingSlips orders, or the one asked
 * for), with the return address every slip prints.
 */
export const packingSlipsResponseSchema = z.object({
  orders: z.array(orderDetailSchema),
  returnAddress: returnAddressSchema,
});
export type PackingSlipsResponse = z.infer<typeof packingSlipsResponseSchema>;

/**
 * Answer of every POST on an order: the order as it is now. `changed` is false when the request repeated
 * one already done (a double click): nothing happened twice.
 */
export const orderActionResponseSchema = z.object({
  ok: z.literal(true),
  changed: z.boolean(),
  order: orderDetailSchema,
});
export type OrderActionResponse = z.infer<typeof orderActionResponseSchema>;
