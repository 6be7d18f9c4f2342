/**
 * The shopper's order page and "Find your order" (docs/product/order-flow.md §6.8-§6.10): the API contract shared by the
 * browser and the server, the status timeline, and the right-to-cancel window. zod/mini keeps the browser
 * bundle small; request bodies are strict.
 */
import * as z from 'zod/mini';
import { POLICY, type ZoneId } from '../config';
import { exchangeOfferSchema, shopperExchangeSchema } from '../exchanges/exchanges';
import { deliveryEstimate } from '../making/dispatch';
import { addDays, type IsoDate, irishDate } from '../shared/calendar-date';
import { freeText, singleLine } from '../shared/input-text-checks';
import { vatStatementSchema } from '../vat/vat-statement';
import { shopperReturnSchema } from './return-info';

/** What the shopper sees on screen after "Find your order", whether or not the order was found. */
export const FIND_ORDER_ANSWER =
  'If that reference and e-mail address belong to an order, we have sent the link to its page to that address. It can take a few minutes to arrive.';
export const ORDER_NOT_FOUND =
  'We could not open this order. Please use the link from your order e-mail, or find your order with its reference and your e-mail address.';
export const FIND_ORDER_LIMITED =
  'Too many requests for this order or address. Please wait an hour, or write to us.';
export const WITHDRAWAL_CLOSED =
  'The 14-day period to cancel this order has ended. Please write to us if something is wrong with it.';

/** A reference as the shop prints it (domain/checkout/checkout.ts orderReference): 'SOL-' + 8 characters. */
const REFERENCE_RE = /^SOL-[A-Z0-9_-]{1,16}$/;
/** base64url of the key's bytes (server/orders/order-key.ts). */
const KEY_RE = /^[A-Za-z0-9_-]{16,64}$/;

/** Upper-cased and trimmed, so 'sol-ab12cd34 ' as typed from an e-mail still matches. */
export function normalizeReference(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isReference(value: string): boolean {
  return REFERENCE_RE.test(value);
}

export function isOrderKey(value: string): boolean {
  return KEY_RE.test(value);
}

export { type OrderPageRequest, orderPageRequestSchema } from '../shared/order-key';

export const findOrderRequestSchema = z.strictObject({
  reference: z.string().check(z.maxLength(40)),
  email: z.string().check(z.maxLength(1000)),
  /** The order's key, when the shopper has it: a request with the right one is never limited (§6.9). */
  key: z.optional(z.string().check(z.maxLength(100))),
});
export type FindOrderRequest = z.infer<typeof findOrderRequestSchema>;

/** The answer to "Find your order": the same words whether or not the order was found. */
export const findOrderAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

export const WITHDRAWAL_LIMITS = { reasonMaxLength: 2000, nameMaxLength: 200 } as const;

export const withdrawalRequestSchema = z.strictObject({
  reference: z.string().check(z.maxLength(40)),
  key: z.string().check(z.maxLength(100)),
  /** Positions of the order's lines the shopper withdraws from (every line when they cancel it all). */
  lines: z.array(z.number().check(z.int(), z.gte(0), z.lte(100))).check(z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.maxLength(WITHDRAWAL_LIMITS.nameMaxLength), singleLine()),
  reason: z.optional(z.string().check(z.maxLength(WITHDRAWAL_LIMITS.reasonMaxLength), freeText())),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** Steps of the timeline in the order they happen; refunded and cancelled end it early. */
export const TIMELINE_STEPS = ['paid', 'in-production', 'dispatched', 'delivered'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];
export const END_STATES = ['refunded', 'cancelled'] as const;
export type EndState = (typeof END_STATES)[number];

export const TIMELINE_LABELS: Readonly<Record<TimelineStep | EndState, string>> = {
  paid: 'Paid',
  'in-production': 'Being made',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/**
 * When each thing happened (ISO instants), as far as the shop knows. The order desk's statuses fill the
 * later ones; until it has, only `paidAt` is ever set and the page shows "Paid" as the current step.
 */
export interface OrderFacts {
  readonly paidAt: string;
  readonly productionAt: string | null;
  readonly dispatchedAt: string | null;
  readonly deliveredAt: string | null;
  readonly refundedAt: string | null;
  readonly cancelledAt: string | null;
}

export interface TimelineEntry {
  readonly step: TimelineStep | EndState;
  readonly label: string;
  /** When it happened; null for steps still to come. */
  readonly at: string | null;
  readonly state: 'done' | 'current' | 'upcoming';
}

export function buildTimeline(facts: OrderFacts): TimelineEntry[] {
  const at: Record<TimelineStep, string | null> = {
    paid: facts.paidAt,
    'in-production': facts.productionAt,
    dispatched: facts.dispatchedAt,
    delivered: facts.deliveredAt,
  };
  // The furthest step reached counts, even if the desk skipped one (dispatched without "being made").
  let reached = 0;
  TIMELINE_STEPS.forEach((step, i) => {
    if (at[step]) reached = i;
  });
  const end: EndState | null = facts.refundedAt ? 'refunded' : facts.cancelledAt ? 'cancelled' : null;
  const entries: TimelineEntry[] = TIMELINE_STEPS.flatMap((step, i): TimelineEntry[] => {
    // An order ended early shows what happened, not the steps it will never reach.
    if (end && i > reached) return [];
    const state = i < reached || end ? 'done' : i === reached ? 'current' : 'upcoming';
    return [{ step, label: TIMELINE_LABELS[step], at: at[step], state }];
  });
  if (end) {
    entries.push({
      step: end,
      label: TIMELINE_LABELS[end],
      at: end === 'refunded' ? facts.refundedAt : facts.cancelledAt,
      state: 'current',
    });
  }
  return entries;
}

export type WithdrawalWindow =
  /** `until`: the last day (Irish date) a notice is accepted; null while the order is not dispatched. */
  | { readonly open: true; readonly until: IsoDate | null }
  | { readonly open: false; readonly until: IsoDate | null };

/**
 * The right to cancel (docs/product/order-flow.md §6.10): until 14 days after delivery; before the delivery date is
 * known, 14 days after the latest delivery date the zone promises from dispatch; before dispatch, open.
 * A refunded or cancelled order has nothing left to cancel. Days are Irish calendar days, the last one
 * included.
 */
/** The order's end, if it was refunded in full or cancelled: what the page says instead of a window. */
export function orderEnded(facts: OrderFacts): { kind: EndState; at: string } | null {
  if (facts.refundedAt) return { kind: 'refunded', at: facts.refundedAt };
  if (facts.cancelledAt) return { kind: 'cancelled', at: facts.cancelledAt };
  return null;
}

export function withdrawalWindow(facts: OrderFacts, zone: ZoneId, now: Date): WithdrawalWindow {
  if (facts.refundedAt || facts.cancelledAt) return { open: false, until: null };
  let until: IsoDate | null = null;
  if (facts.deliveredAt) {
    until = addDays(irishDate(new Date(facts.deliveredAt)), POLICY.coolingOffDays);
  } else if (facts.dispatchedAt) {
    const latest = deliveryEstimate(irishDate(new Date(facts.dispatchedAt)), zone).latest;
    until = addDays(latest, POLICY.coolingOffDays);
  }
  if (until === null) return { open: true, until: null };
  return { open: irishDate(now) <= until, until };
}

export const orderPageLineSchema = z.object({
  position: z.number(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  size: z.nullable(z.string()),
  /** The base URL of the picture the line was sold with (renditions `${image}-320.webp`…); null if unknown. */
  image: z.optional(z.nullable(z.string())),
});
export type OrderPageLine = z.infer<typeof orderPageLineSchema>;

const timelineEntrySchema = z.object({
  step: z.enum([...TIMELINE_STEPS, ...END_STATES]),
  label: z.string(),
  at: z.nullable(z.string()),
  state: z.enum(['done', 'current', 'upcoming']),
});

export const orderPageSchema = z.object({
  reference: z.string(),
  testOrder: z.boolean(),
  timeline: z.array(timelineEntrySchema),
  tracking: z.nullable(z.object({ carrier: z.nullable(z.string()), url: z.nullable(z.string()) })),
  /** Irish dates (YYYY-MM-DD). */
  dispatchDate: z.nullable(z.string()),
  deliveryEstimate: z.nullable(z.object({ earliest: z.string(), latest: z.string() })),
  lines: z.array(orderPageLineSchema),
  giftMessage: z.nullable(z.string()),
  subtotal: z.number(),
  /** Cents off the items (a discount code's or the early-bird tier's); 0 for none. */
  discount: z.optional(z.number()),
  discountCode: z.optional(z.nullable(z.string())),
  /** The discount line's name as the shop words it (a code, the early-bird tier or a quote's discount). */
  discountLabel: z.optional(z.string()),
  shipping: z.number(),
  giftWrap: z.number(),
  total: z.number(),
  /**
   * How it was paid when gift cards paid some or all of it (docs/product/gift-cards.md §19.3): each
   * card's part by its last 4, then the card payment's; absent without gift cards.
   */
  payments: z.optional(
    z.array(
      z.object({ method: z.enum(['card', 'gift_card']), amount: z.number(), last4: z.optional(z.string()) }),
    ),
  ),
  /**
   * The gift cards the order bought, lines like the bracelets (the subtotal counts them), by their last 4
   * only, each with its amount and the Irish day its e-mail goes (docs/product/gift-cards.md §19); absent
   * without any.
   */
  giftCardsBought: z.optional(
    z.array(z.object({ last4: z.string(), amount: z.number(), sendOn: z.string() })),
  ),
  /** Cents refunded so far (part or all of the total). */
  refunded: z.number(),
  /** Cents of VAT in the total (domain/settings/seller-texts.ts orderVat); null when the seller charges none. */
  vatIncluded: z.nullable(z.number()),
  /**
   * The VAT as the payment settled it, stated in the confirmation e-mail's words (domain/vat/vat-statement.ts);
   * null for an order paid before the VAT rules, which states `vatIncluded`.
   */
  vatStatement: z.optional(z.nullable(vatStatementSchema)),
  zoneLabel: z.string(),
  address: z.array(z.string()),
  withdrawal: z.object({
    open: z.boolean(),
    until: z.nullable(z.string()),
    /** The notice already received, if any. */
    sent: z.nullable(z.object({ at: z.string(), lines: z.array(z.string()) })),
    /** Refunded in full or cancelled, and when: nothing is left to cancel (not a period that ended). */
    ended: z.nullable(z.object({ kind: z.enum(END_STATES), at: z.string() })),
  }),
  /** The order's returns and their state in plain words (docs/product/orders.md §10.18), oldest first. */
  returns: z.optional(z.array(shopperReturnSchema)),
  /** Its exchanges for another size (docs/product/exchanges.md), oldest first. */
  exchanges: z.optional(z.array(shopperExchangeSchema)),
  /** The sizes its pieces may be exchanged for now; absent outside the window or with none to offer. */
  exchangeOffer: z.optional(exchangeOfferSchema),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderPageResponseSchema = z.union([
  z.object({ ok: z.literal(true), order: orderPageSchema }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type OrderPageResponse = z.infer<typeof orderPageResponseSchema>;

/** The order page's address (hash form; the path form /order/{reference}?key= serves the same page). */
export function orderPagePath(reference: string, key: string): string {
  return `/#/order/${encodeURIComponent(reference)}?key=${encodeURIComponent(key)}`;
}
