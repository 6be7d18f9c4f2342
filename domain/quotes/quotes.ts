/**
 * Quotes the client pays by card (docs/product/quotes.md): the API contract shared by the desk, the quote
 * page and the server, the pricing (the cart's own: domain/cart/pricing.ts and domain/offers/discounts.ts), and when a
 * quote stops being payable. Amounts are integer cents. zod/mini keeps the browser chunks small.
 */
import * as z from 'zod/mini';
import type { PricedLineInput, ShippingRates } from '../cart/pricing';
import { pricedOrder, storedTotals } from '../checkout/priced-order';
import { type SizeCode, ZONE_IDS, type ZoneId } from '../config';
import { type DiscountedTotals, discountLineLabel, discountOn } from '../offers/discounts';
import {
  addDays,
  dateParts,
  formatDayMonth,
  type IsoDate,
  irishInstant,
  parseIsoDate,
} from '../shared/calendar-date';
import { freeText, singleLine } from '../shared/input-text-checks';
import { type Cents, cents } from '../shared/money';

export const QUOTES_API = {
  /** The owner's list (GET) and new quotes (POST). */
  quotes: '/api/admin/quotes',
  /** The quote page's read: POST { key }. */
  view: '/api/quotes/:reference',
  /** The quote page's Pay button: POST { key }. */
  checkout: '/api/quotes/:reference/checkout',
  /** The date the desk's form proposes for a quote of `?pieces=N`: GET, the making queue's date. */
  dispatchBy: '/api/admin/quotes/dispatch-by',
} as const;

export function adminQuotePath(reference: string, action?: 'send' | 'withdraw' | 'mail'): string {
  return `${QUOTES_API.quotes}/${encodeURIComponent(reference)}${action ? `/${action}` : ''}`;
}

export function quoteViewPath(reference: string): string {
  return `/api/quotes/${encodeURIComponent(reference)}`;
}

export function quoteCheckoutPath(reference: string): string {
  return `${quoteViewPath(reference)}/checkout`;
}

/** The quote page's link, relative to the shop: the key in the hash, so no server log ever sees it. */
export function quotePagePath(reference: string, key: string): string {
  return `/#/quote/${encodeURIComponent(reference)}?key=${encodeURIComponent(key)}`;
}

/** 'Q-' and 8 letters or digits (server/quotes/quote-service.ts makes them). */
const REFERENCE_RE = /^Q-[A-Z0-9]{8}$/;
const KEY_RE = /^[A-Za-z0-9_-]{16,64}$/;

export function isQuoteReference(value: string): boolean {
  return REFERENCE_RE.test(value);
}

export function isQuoteKey(value: string): boolean {
  return KEY_RE.test(value);
}

export const QUOTE_LIMITS = {
  lines: 50,
  quantity: 1000,
  /** €10,000 a piece: far above anything the shop makes; more is a typing mistake. */
  unitPrice: 1_000_000,
  discountPercent: 90,
  nameLength: 120,
  clientNameLength: 200,
  noteLength: 2000,
  enquiryIdLength: 100,
} as const;

export const QUOTE_MESSAGES = {
  notFound: 'We could not open this quote. Please use the link from your quote e-mail.',
  expired: 'This quote has expired. Please write to us and we will gladly send you a new one.',
  paid: 'This quote has been paid. Thank you! Your order confirmation is in your e-mail.',
  withdrawn: 'This quote has been withdrawn. Please write to us if you would still like it.',
  opening: 'A checkout for this quote is being opened. Please try again in a moment.',
  lineKind: 'Each line needs either productId (a catalogue product) or name and unitPrice (a custom line)',
  unknownProduct: 'This product is not in the catalogue',
  unknownEnquiry: 'enquiryId: no enquiry has this id',
  adminNotFound: 'No quote has this reference',
  notSendable: 'Only a quote that is not paid, expired or withdrawn can be sent',
  notWithdrawable: 'A paid quote cannot be withdrawn',
  email: 'email: give the client’s e-mail address',
  validUntil: 'validUntil must be a calendar date (YYYY-MM-DD)',
  dispatchBy: 'dispatchBy must be a calendar date (YYYY-MM-DD), today or later',
  freeQuote: 'total: a quote of €0.00 cannot be paid by card; give its lines a price',
  notEditable: 'A paid or withdrawn quote cannot be changed; duplicate it to make a new one',
  zone: 'zone must be "IE", "EU" or "WORLD"',
  discountPercent: `discountPercent must be a whole number from 0 to ${QUOTE_LIMITS.discountPercent}`,
} as const;

const quantityField = z.int().check(z.gte(1), z.lte(QUOTE_LIMITS.quantity));

/**
 * A catalogue line `{ productId, size?, quantity }` or a custom one `{ name, unitPrice, quantity }`: one
 * object whose combination the server checks (quoteLineKind), so a wrong quantity is named by its path
 * (`lines[0].quantity`) instead of a union's "Invalid input".
 */
export const quoteLineSchema = z.strictObject({
  productId: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  size: z.optional(z.enum(['S', 'M', 'L'])),
  name: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(QUOTE_LIMITS.nameLength), singleLine()),
  ),
  unitPrice: z.optional(z.int().check(z.gte(0), z.lte(QUOTE_LIMITS.unitPrice))),
  quantity: quantityField,
});
export type QuoteLineInput = z.infer<typeof quoteLineSchema>;

export const quoteCreateSchema = z.strictObject({
  enquiryId: z.optional(z.string().check(z.minLength(1), z.maxLength(QUOTE_LIMITS.enquiryIdLength))),
  email: z.string({ error: QUOTE_MESSAGES.email }).check(z.maxLength(254, { error: QUOTE_MESSAGES.email })),
  name: z.optional(z.string().check(z.trim(), z.maxLength(QUOTE_LIMITS.clientNameLength), singleLine())),
  lines: z.array(quoteLineSchema).check(z.minLength(1), z.maxLength(QUOTE_LIMITS.lines)),
  discountPercent: z.optional(
    z
      .int({ error: QUOTE_MESSAGES.discountPercent })
      .check(
        z.gte(0, { error: QUOTE_MESSAGES.discountPercent }),
        z.lte(QUOTE_LIMITS.discountPercent, { error: QUOTE_MESSAGES.discountPercent }),
      ),
  ),
  zone: z.enum(ZONE_IDS as [ZoneId, ...ZoneId[]], { error: QUOTE_MESSAGES.zone }),
  validUntil: z
    .string({ error: QUOTE_MESSAGES.validUntil })
    .check(z.refine((v) => parseIsoDate(v) !== null, { error: QUOTE_MESSAGES.validUntil })),
  /**
   * The date the owner promises to dispatch by if the client pays (not before today, which the server
   * checks with its clock); absent: the making queue's date for the quote's pieces.
   */
  dispatchBy: z.optional(
    z
      .string({ error: QUOTE_MESSAGES.dispatchBy })
      .check(z.refine((v) => parseIsoDate(v) !== null, { error: QUOTE_MESSAGES.dispatchBy })),
  ),
  note: z.optional(z.string().check(z.maxLength(QUOTE_LIMITS.noteLength), freeText())),
});
export type QuoteCreateRequest = z.infer<typeof quoteCreateSchema>;

export const quoteParamsSchema = z.strictObject({ reference: z.string().check(z.maxLength(40)) });
/** GET /api/admin/quotes/dispatch-by?pieces=N: the pieces the quote would add to the making queue. */
export const quoteDispatchQuerySchema = z.strictObject({
  pieces: z.string().check(z.regex(/^[1-9]\d{0,4}$/, { error: 'pieces must be a whole number from 1' })),
});
export const quoteDispatchResponseSchema = z.object({ ok: z.literal(true), dispatchBy: z.string() });
export const quoteKeySchema = z.strictObject({ key: z.string().check(z.maxLength(100)) });

/** A line as the quote keeps it: a catalogue product's price is the one it had when the quote was made. */
export interface QuoteLine {
  /** Null for a custom line (a bespoke design, no catalogue product). */
  readonly productId: string | null;
  readonly name: string;
  /** Null for a custom line. */
  readonly size: SizeCode | null;
  readonly unitPrice: Cents;
  readonly quantity: number;
  /** The catalogue product's main picture when quoted; null for custom lines. */
  readonly image?: string | null;
}

/** The line of the VAT a valid intra-EU business is not charged, as the hosted checkout names it too. */
export const REVERSE_CHARGE_LABEL = 'VAT (reverse charge)';

/**
 * The discount's line of an order wherever the desk and the e-mails show it: a paid quote's is the quote's
 * (`Quote discount`), never mistaken for the early-bird tier (discountLineLabel's name for a code-less one).
 * The VAT a business was not charged sits in the same amount (docs/product/vat.md §20): alone it is the
 * reverse charge's line, beside a discount both are named.
 */
export function orderDiscountLabel(order: {
  readonly discount?: number;
  readonly discountCode?: string | null;
  readonly quoteReference?: string | null;
  readonly vatNotCharged?: number;
}): string {
  const notCharged = order.vatNotCharged ?? 0;
  const base = order.quoteReference ? 'Quote discount' : discountLineLabel(order.discountCode ?? null);
  if (notCharged <= 0) return base;
  return (order.discount ?? notCharged) > notCharged
    ? `${base} and ${REVERSE_CHARGE_LABEL}`
    : REVERSE_CHARGE_LABEL;
}

/** What kind of line the owner sent, or why it is neither. */
export function quoteLineKind(line: QuoteLineInput): 'catalogue' | 'custom' | null {
  const custom = line.name !== undefined || line.unitPrice !== undefined;
  if (line.productId !== undefined && !custom) return 'catalogue';
  if (line.productId === undefined && line.size === undefined && line.name && line.unitPrice !== undefined)
    return 'custom';
  return null;
}

/**
 * The order line id of a custom line: no catalogue product has it (catalogue ids are digits), and it is
 * unique across orders, so the desk's Today and Numbers never merge two bespoke designs (isCustomLineId in
 * domain/shared/custom-line.ts recognises it).
 */
export function customLineId(reference: string, index: number): string {
  return `custom:${reference}:${index + 1}`;
}

export interface QuoteTotals extends DiscountedTotals {
  readonly discountPercent: number;
}

/**
 * A quote priced like a cart: the percent comes off the lines, rounded to the cent in the client's
 * favour (discountOn), and the zone's fee applies unless the lines after the discount reach its
 * free-shipping threshold (priceDiscountedOrder), at the owner's shipping prices (`rates`; none: the first
 * start's). No gift wrap on quotes.
 */
export function priceQuote(
  lines: readonly QuoteLine[],
  zone: ZoneId,
  discountPercent: number,
  rates?: ShippingRates,
): QuoteTotals {
  const priced: PricedLineInput[] = lines.map((l, i) => ({
    id: l.productId ?? `custom-${i + 1}`,
    name: l.name,
    ...(l.size ? { size: l.size } : {}),
    unitPrice: l.unitPrice,
    quantity: l.quantity,
  }));
  const subtotal = cents(priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
  const discount =
    discountPercent > 0 ? discountOn({ kind: 'percent', percent: discountPercent }, subtotal) : cents(0);
  // The one priced order (domain/checkout/priced-order.ts), as every entry point prices: its row as stored.
  const order = pricedOrder(priced, {
    zone,
    giftWrap: false,
    ...(rates ? { shippingRates: rates } : {}),
    discounts: discount > 0 ? [{ source: 'tier', percent: discountPercent, amount: discount }] : [],
    tax: null,
    payments: [],
    cardsBought: [],
  });
  return { ...storedTotals(order), discountPercent };
}

export type QuoteStatus = 'draft' | 'sent' | 'paid' | 'expired' | 'withdrawn';
export const QUOTE_STATUSES: readonly QuoteStatus[] = ['draft', 'sent', 'paid', 'expired', 'withdrawn'];

export const QUOTE_STATUS_LABELS: Readonly<Record<QuoteStatus, string>> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** A quote is valid through the end of its Irish calendar date: it expires at the next midnight in Ireland. */
export function quoteExpiresAt(validUntil: IsoDate): Date {
  return irishInstant(addDays(validUntil, 1), 0, 0);
}

/**
 * The dispatch date of a quote's order paid on `today`: the owner's date while it is still ahead (today
 * included); null once it has passed, when the order gets the shop's own date as any order (§14).
 */
export function quoteDispatchDate(dispatchBy: IsoDate, today: IsoDate): IsoDate | null {
  return dispatchBy >= today ? dispatchBy : null;
}

/** "Thursday 26 November 2026": the quote's date as the page and the e-mail say it. */
export function formatDayMonthYear(date: IsoDate): string {
  return `${formatDayMonth(date)} ${dateParts(date).year}`;
}

/** Paid wins over everything (the money was taken); then withdrawn, then the date. */
export function quoteStatus(
  q: {
    readonly paid: boolean;
    readonly withdrawn: boolean;
    readonly sent: boolean;
    readonly validUntil: IsoDate;
  },
  now: Date,
): QuoteStatus {
  if (q.paid) return 'paid';
  if (q.withdrawn) return 'withdrawn';
  if (now.getTime() >= quoteExpiresAt(q.validUntil).getTime()) return 'expired';
  return q.sent ? 'sent' : 'draft';
}

/** The refusal a quote page shows instead of its Pay button; null while it can be paid. */
export function quoteClosedMessage(status: QuoteStatus): string | null {
  switch (status) {
    case 'paid':
      return QUOTE_MESSAGES.paid;
    case 'expired':
      return QUOTE_MESSAGES.expired;
    case 'withdrawn':
      return QUOTE_MESSAGES.withdrawn;
    default:
      return null;
  }
}

/** One line as the quote page and the desk show it. */
export interface QuoteViewLine {
  readonly productId: string | null;
  readonly name: string;
  readonly size: SizeCode | null;
  readonly unitPrice: number;
  readonly quantity: number;
  readonly lineTotal: number;
}

/** What the quote page gets (POST /api/quotes/{reference}): no e-mail, no enquiry, no owner's data. */
export interface QuotePageView {
  readonly reference: string;
  readonly status: QuoteStatus;
  readonly name: string | null;
  readonly lines: readonly QuoteViewLine[];
  readonly subtotal: number;
  readonly discountPercent: number;
  readonly discount: number;
  readonly shipping: number;
  readonly total: number;
  readonly zone: ZoneId;
  readonly validUntil: IsoDate;
  /** The date the owner promised to dispatch by, if paid by then (quoteDispatchDate). */
  readonly dispatchBy: IsoDate;
  readonly note: string | null;
  /** The dispatch date of an order paid now (null once paid or closed): dispatchBy while it is ahead. */
  readonly dispatchDate: IsoDate | null;
}

const quoteViewLineSchema = z.object({
  productId: z.nullable(z.string()),
  name: z.string(),
  size: z.nullable(z.enum(['S', 'M', 'L'])),
  unitPrice: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
});

/** What the quote page and the desk both show of a quote. */
const quoteShape = {
  reference: z.string(),
  status: z.enum(QUOTE_STATUSES as [QuoteStatus, ...QuoteStatus[]]),
  name: z.nullable(z.string()),
  lines: z.readonly(z.array(quoteViewLineSchema)),
  subtotal: z.number(),
  discountPercent: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
  zone: z.enum(ZONE_IDS as [ZoneId, ...ZoneId[]]),
  validUntil: z.string(),
  dispatchBy: z.string(),
  note: z.nullable(z.string()),
};

/** The quote page's answer, checked in the browser before it is shown. */
export const quotePageResponseSchema = z.object({
  ok: z.literal(true),
  quote: z.object({ ...quoteShape, dispatchDate: z.nullable(z.string()) }),
});

/** The Pay button's answer: the hosted checkout to go to. */
export const quoteCheckoutResponseSchema = z.object({
  ok: z.literal(true),
  url: z.string(),
  sessionId: z.string(),
});

export const adminQuoteSchema = z.object({
  ...quoteShape,
  url: z.string(),
  email: z.string(),
  enquiryId: z.nullable(z.string()),
  /** The enquiry as the desk names it (never its raw id); null without one, or once it was erased. */
  enquiry: z.nullable(z.object({ name: z.string(), company: z.nullable(z.string()), createdAt: z.string() })),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  withdrawnAt: z.nullable(z.string()),
  orderReference: z.nullable(z.string()),
});
export const adminQuotesResponseSchema = z.object({ ok: z.literal(true), quotes: z.array(adminQuoteSchema) });
export const adminQuoteResponseSchema = z.object({ ok: z.literal(true), quote: adminQuoteSchema });
export const quoteCreatedResponseSchema = z.object({
  ok: z.literal(true),
  quote: z.object({
    reference: z.string(),
    url: z.string(),
    total: z.number(),
    status: z.string(),
    dispatchBy: z.string(),
  }),
});
/** GET /api/admin/quotes/{reference}/mail: the e-mail Send queues, as the client will read it. */
export const quoteMailPreviewResponseSchema = z.object({
  ok: z.literal(true),
  mail: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
});

/** The desk's quote (GET/POST /api/admin/quotes). */
export interface AdminQuote extends Omit<QuotePageView, 'dispatchDate'> {
  readonly url: string;
  readonly email: string;
  readonly enquiryId: string | null;
  readonly enquiry: {
    readonly name: string;
    readonly company: string | null;
    readonly createdAt: string;
  } | null;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly withdrawnAt: string | null;
  /** The order that paid it. */
  readonly orderReference: string | null;
}
