/**
 * The desk's Numbers (docs/product/desk.md §10.12): the contract of `GET /api/admin/stats` and its CSV, shared
 * by the server and the owner's app, and the calendar of its series (Irish calendar days, weeks from
 * Monday, calendar months). Amounts are integer euro cents. Nothing here is imported by shop pages.
 *
 * Stable contract: changes are additive only.
 */
import * as z from 'zod/mini';
import type { SizeCode } from '../config';
import { addDays, dayNumber, type IsoDate, isoDate, parseIsoDate, weekday } from '../shared/calendar-date';

export const STATS_API = {
  stats: '/api/admin/stats',
  statsCsv: '/api/admin/stats.csv',
} as const;

export const STATS_GROUPINGS = ['day', 'week', 'month'] as const;
export type StatsGrouping = (typeof STATS_GROUPINGS)[number];

/** The longest range one answer covers: two years and a day (a leap year's). */
export const STATS_MAX_DAYS = 732;

export const STATS_MESSAGES = {
  badFrom: 'from must be a date as YYYY-MM-DD',
  badTo: 'to must be a date as YYYY-MM-DD',
  badBy: 'by must be day, week or month',
  toBeforeFrom: 'to must not be before from',
  tooLong: `to must be at most ${STATS_MAX_DAYS} days after from`,
} as const;

const day = (message: string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: message }));

export const statsQuerySchema = z.strictObject({
  from: day(STATS_MESSAGES.badFrom),
  to: day(STATS_MESSAGES.badTo),
  by: z.optional(z.enum(STATS_GROUPINGS, { error: STATS_MESSAGES.badBy })),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export interface StatsRange {
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly by: StatsGrouping;
}

/** The query as a range, or the message naming the field that is wrong (real dates, order, length). */
export function statsRange(query: StatsQuery): StatsRange | { readonly error: string } {
  const from = parseIsoDate(query.from);
  if (!from) return { error: STATS_MESSAGES.badFrom };
  const to = parseIsoDate(query.to);
  if (!to) return { error: STATS_MESSAGES.badTo };
  if (to < from) return { error: STATS_MESSAGES.toBeforeFrom };
  if (dayNumber(to) - dayNumber(from) > STATS_MAX_DAYS) return { error: STATS_MESSAGES.tooLong };
  return { from, to, by: query.by ?? 'day' };
}

export interface StatsTotals {
  /** Paid in the range, net of what was refunded on those orders so far. */
  readonly revenue: number;
  readonly refunds: number;
  /** Orders paid in the range. */
  readonly orders: number;
  readonly pieces: number;
  /** revenue / orders, rounded to the cent; 0 without orders. */
  readonly averageOrder: number;
  /** Checkouts opened in the range (paid or not). */
  readonly checkoutsStarted: number;
  /** Of those, the ones paid: the rest were abandoned (or failed). */
  readonly checkoutsPaid: number;
  /** Orders paid in the range with gift wrap. */
  readonly giftWrapped: number;
}

export interface StatsPoint {
  /** The first day of the day, week (Monday) or month. */
  readonly start: IsoDate;
  readonly revenue: number;
  readonly orders: number;
  readonly pieces: number;
}

export interface BestSeller {
  readonly productId: string;
  readonly name: string;
  readonly pieces: number;
  /** What its lines came to (refunds are per order, so not taken off here). */
  readonly revenue: number;
}

/**
 * A product's returns opened in the range (docs/product/orders.md §10.18): how many returns named it, the pieces
 * sent back, and each reason with how often it was given (most often first). Closed ones count too.
 */
export interface ProductReturns {
  readonly productId: string;
  readonly name: string;
  readonly returns: number;
  readonly pieces: number;
  readonly reasons: readonly { readonly reason: string; readonly count: number }[];
}

/** One channel's share of the range (docs/product/orders.md §10.17): its orders, pieces and revenue after refunds. */
export interface ChannelFigures {
  readonly orders: number;
  readonly pieces: number;
  readonly revenue: number;
}

/**
 * The channels Numbers shows, in this order: a shopper's cart, a paid quote, the owner's own order, and a
 * sale she handed over on the spot.
 */
export const STATS_CHANNELS = ['web', 'quote', 'manual', 'handed_over'] as const;
export type StatsChannel = (typeof STATS_CHANNELS)[number];

export interface StatsResponse {
  readonly ok: true;
  readonly totals: StatsTotals;
  /** The totals by channel: every channel present (zeros without orders). */
  readonly channels: Readonly<Record<StatsChannel, ChannelFigures>>;
  readonly series: readonly StatsPoint[];
  /** Every product sold in the range, most pieces first. */
  readonly bestSellers: readonly BestSeller[];
  /** Pieces sold by size. */
  readonly sizes: Readonly<Record<SizeCode, number>>;
  /** True when the numbers are the built-in test checkout's orders (no real payment provider is set). */
  readonly testMode: boolean;
  /** Returns opened in the range, by product, most returned first. */
  readonly returns: readonly ProductReturns[];
  /** Margin per product sold (docs/product/materials.md §23), when the materials feature is there. */
  readonly margins?: readonly ProductMargin[];
  /**
   * Margin per paid order of the range (docs/product/materials.md §23.5), newest first, at most
   * ORDER_MARGINS_LIMIT (domain/numbers/margins.ts), when the materials feature is there.
   */
  readonly orderMargins?: readonly OrderMargin[];
}

export interface OrderMargin {
  readonly reference: string;
  readonly revenue: number;
  readonly materialsCost: number;
  readonly labourCost: number;
  readonly margin: number;
}

export interface ProductMargin {
  readonly productId: string;
  readonly revenue: number;
  readonly materialsCost: number;
  readonly labourCost: number;
  readonly margin: number;
}

const count = z.number().check(z.int(), z.gte(0));
const amount = z.number().check(z.int());

/** The answer as the desk checks it before showing it (web/src/desk/desk-api.ts). */
export const statsResponseSchema = z.object({
  ok: z.literal(true),
  totals: z.object({
    revenue: amount,
    refunds: amount,
    orders: count,
    pieces: count,
    averageOrder: amount,
    checkoutsStarted: count,
    checkoutsPaid: count,
    giftWrapped: count,
  }),
  series: z.readonly(
    z.array(
      z.object({
        start: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
        revenue: amount,
        orders: count,
        pieces: count,
      }),
    ),
  ),
  bestSellers: z.readonly(
    z.array(z.object({ productId: z.string(), name: z.string(), pieces: count, revenue: amount })),
  ),
  sizes: z.object({ S: count, M: count, L: count }),
  channels: z.optional(
    z.object({
      web: z.object({ orders: count, pieces: count, revenue: amount }),
      quote: z.object({ orders: count, pieces: count, revenue: amount }),
      manual: z.object({ orders: count, pieces: count, revenue: amount }),
      handed_over: z.object({ orders: count, pieces: count, revenue: amount }),
    }),
  ),
  testMode: z.boolean(),
  /**
   * Gift cards (docs/product/gift-cards.md §19): a card is a payment, not revenue (a multi-purpose voucher), so its
   * sale is counted apart: sold and issued free in the range, and the balance still owed to holders now.
   */
  giftCards: z.optional(z.object({ sold: count, issuedFree: count, outstanding: count })),
  /**
   * EU cross-border sales to consumers, net of VAT, this calendar year and last, against the €10,000
   * distance-selling threshold (docs/product/vat.md §20), in cents.
   */
  euDistanceSales: z.optional(
    z.object({ thisYear: z.number(), lastYear: z.number(), threshold: z.number() }),
  ),
  /**
   * Margin per product (docs/product/materials.md §23.5): what the shop kept of its lines (net of VAT after
   * the discount, less the net refunded on them), less its pieces' materials at their average cost, her
   * minutes at her hourly rate, and packaging.
   */
  margins: z.optional(
    z.readonly(
      z.array(
        z.object({
          productId: z.string(),
          revenue: amount,
          materialsCost: amount,
          labourCost: amount,
          margin: amount,
        }),
      ),
    ),
  ),
  /** Margin per order (§23.5): the same figures for each paid order of the range, newest first. */
  orderMargins: z.optional(
    z.readonly(
      z.array(
        z.object({
          reference: z.string(),
          revenue: amount,
          materialsCost: amount,
          labourCost: amount,
          margin: amount,
        }),
      ),
    ),
  ),
  returns: z.optional(
    z.readonly(
      z.array(
        z.object({
          productId: z.string(),
          name: z.string(),
          returns: count,
          pieces: count,
          reasons: z.readonly(z.array(z.object({ reason: z.string(), count }))),
        }),
      ),
    ),
  ),
});
export type StatsAnswer = z.infer<typeof statsResponseSchema>;

/** The start of the day, week (Monday) or month a date belongs to. */
export function periodStart(date: IsoDate, by: StatsGrouping): IsoDate {
  if (by === 'day') return date;
  if (by === 'week') return addDays(date, -((weekday(date) + 6) % 7));
  return isoDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1);
}

/** The start of the period after the one starting at `start`. */
function nextPeriod(start: IsoDate, by: StatsGrouping): IsoDate {
  if (by === 'day') return addDays(start, 1);
  if (by === 'week') return addDays(start, 7);
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  return month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
}

/** Every period touching the range, in order (the chart shows empty ones too). */
export function periodStarts(range: StatsRange): IsoDate[] {
  const out: IsoDate[] = [];
  for (let p = periodStart(range.from, range.by); p <= range.to; p = nextPeriod(p, range.by)) out.push(p);
  return out;
}

/** A share of a whole as a whole percent ("25%"); "–" of nothing. */
export function percentOf(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–';
}

/** The query string of a range, as the desk sends it. */
export function statsSearch(range: StatsRange): string {
  return new URLSearchParams({ from: range.from, to: range.to, by: range.by }).toString();
}
