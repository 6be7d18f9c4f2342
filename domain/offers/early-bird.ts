/**
 * The early-bird bulk price as the owner sets it in the desk (docs/product/numbers.md §4.2a): `percent` off orders
 * of at least `minPieces` pieces, through the Irish last day `until`. The settings store keeps it, the
 * checkout turns it into the BulkTier it charges (domain/offers/discounts.ts), and /runtime-env.js hands it to
 * the cart and the Bespoke & Corporate page, with the last day worded here. zod-free: the cart's discount
 * module words the terms with it.
 */
import { addDays, formatDayOfMonth, irishInstant, parseIsoDate } from '../shared/calendar-date';
import type { BulkTier } from './discounts';

/** The desk's bounds: a percentage like a code's; a bulk price needs more than one piece. */
export const EARLY_BIRD_LIMITS = {
  percent: { min: 1, max: 90 },
  minPieces: { min: 2, max: 1000 },
} as const;

export interface EarlyBirdTerms {
  readonly percent: number;
  readonly minPieces: number;
  /** The last day, `YYYY-MM-DD` in the Irish calendar: the price holds through the end of it. */
  readonly until: string;
}

const within = (value: unknown, range: { readonly min: number; readonly max: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

/** Terms as stored or sent, checked again by whoever reads them (an old row, a hand-edited one). */
export function isEarlyBirdTerms(value: unknown): value is EarlyBirdTerms {
  if (typeof value !== 'object' || value === null) return false;
  const { percent, minPieces, until } = value as Record<string, unknown>;
  return (
    within(percent, EARLY_BIRD_LIMITS.percent) &&
    within(minPieces, EARLY_BIRD_LIMITS.minPieces) &&
    typeof until === 'string' &&
    parseIsoDate(until) !== null
  );
}

/** The tier the checkout charges: it ends at midnight (Irish time) after the last day. */
export function bulkTierOf(terms: EarlyBirdTerms): BulkTier {
  const lastDay = parseIsoDate(terms.until);
  const until = lastDay ? irishInstant(addDays(lastDay, 1), 0, 0).getTime() : 0;
  return { percent: terms.percent, minPieces: terms.minPieces, until };
}

/** The terms while they still hold at `now`, else null: what the shop's pages are told. */
export function earlyBirdNow(terms: EarlyBirdTerms | null, now: Date): EarlyBirdTerms | null {
  return terms && now.getTime() < bulkTierOf(terms).until ? terms : null;
}

/** "20 December": the last day as the shop's pages say it. */
export function earlyBirdLastDay(terms: EarlyBirdTerms): string {
  const lastDay = parseIsoDate(terms.until);
  return lastDay ? formatDayOfMonth(lastDay) : terms.until;
}

/** The terms as /runtime-env.js hands them to the pages: the last day also worded, as the pages say it. */
export interface ShownEarlyBird extends EarlyBirdTerms {
  /** "20 December" */
  readonly lastDay: string;
}

export function shownEarlyBird(terms: EarlyBirdTerms): ShownEarlyBird {
  return {
    percent: terms.percent,
    minPieces: terms.minPieces,
    until: terms.until,
    lastDay: earlyBirdLastDay(terms),
  };
}

/** "15% off orders of 20+ pieces until 20 December": the terms in the cart's words. */
export function earlyBirdOfferText(terms: ShownEarlyBird): string {
  return `${terms.percent}% off orders of ${terms.minPieces}+ pieces until ${terms.lastDay}`;
}
