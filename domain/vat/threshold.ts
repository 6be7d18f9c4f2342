/**
 * The EU's €10,000 threshold for distance sales of goods (Directive 2006/112/EC art. 59c; Revenue's OSS
 * guidance; docs/product/vat.md §20): below it, in this calendar year and the last, a seller established in
 * Ireland charges Irish VAT on sales to consumers in other member states; once it is exceeded, the
 * destination's VAT is due from that sale on (and all next year). At 80% the desk warns the owner once.
 */
import { dateParts, formatDayMonth, type IsoDate } from '../shared/calendar-date';
import type { VatMode } from './vat-breakdown';

/** €10,000 in cents. */
export const EU_DISTANCE_THRESHOLD = 1_000_000;
/** The notice shows from 80% of it. */
export const THRESHOLD_NOTICE_SHARE = 0.8;

export interface DistanceSales {
  /** EU cross-border sales to consumers, net of VAT and refunds, in cents. */
  readonly thisYear: number;
  readonly lastYear: number;
}

export type ThresholdState = 'below' | 'approaching' | 'crossed';

export function thresholdState(sales: DistanceSales): ThresholdState {
  if (sales.thisYear > EU_DISTANCE_THRESHOLD || sales.lastYear > EU_DISTANCE_THRESHOLD) return 'crossed';
  if (sales.thisYear >= EU_DISTANCE_THRESHOLD * THRESHOLD_NOTICE_SHARE) return 'approaching';
  return 'below';
}

/**
 * Whether a distance sale of `net` cents exceeds the threshold, counting the year's sales before it
 * (art. 59c): from that sale on, and all of the next year, the destination's VAT is due.
 */
export function crossesThreshold(before: DistanceSales, net: number): boolean {
  return before.lastYear > EU_DISTANCE_THRESHOLD || before.thisYear + net > EU_DISTANCE_THRESHOLD;
}

/**
 * The moment of the sale that took the year past the threshold (its invoice's), from the year's distance
 * sales each signed net when issued; with last year's above it, the year's first sale. Null: not crossed,
 * or nothing sold yet this year.
 */
export function thresholdCrossing(
  entries: readonly { readonly issuedAt: string; readonly net: number }[],
  lastYear: number,
): string | null {
  const sorted = [...entries].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
  let total = 0;
  for (const entry of sorted) {
    total += entry.net;
    if (entry.net > 0 && (lastYear > EU_DISTANCE_THRESHOLD || total > EU_DISTANCE_THRESHOLD))
      return entry.issuedAt;
  }
  return null;
}

/**
 * The day by which the owner registers for OSS in ROS so that it covers the sale that crossed the
 * threshold: the 10th of the next month (Implementing Regulation 282/2011 art. 57d(2)).
 */
export function ossRegistrationDeadline(crossedOn: IsoDate): IsoDate {
  const { year, month } = dateParts(crossedOn);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, '0')}-10` as IsoDate;
}

/** "Thursday 10 December 2026": the deadline as the notices say it. */
export function formatDeadline(day: IsoDate): string {
  return `${formatDayMonth(day)} ${dateParts(day).year}`;
}

/**
 * An order the desk flags "destination VAT due": a registered-in-Ireland shop (not on OSS) above the
 * threshold sold to a consumer in another member state at the Irish rate.
 */
export function destinationVatDue(input: {
  readonly mode: VatMode;
  readonly distanceSale: boolean;
  readonly sales: DistanceSales;
}): boolean {
  return input.mode === 'ireland' && input.distanceSale && thresholdState(input.sales) === 'crossed';
}

export const DESTINATION_VAT_DUE = 'destination VAT due';
/** The same flag where it stands alone (the desk's list of orders). */
export const DESTINATION_VAT_DUE_LABEL = 'Destination VAT due';

/**
 * The desk's notice (Today and Numbers), by state and mode: what to do next. Crossed, with the day the
 * owner registers for OSS by (`ossRegistrationDeadline` of the crossing sale's day) when it is known.
 */
export function thresholdNotice(
  state: ThresholdState,
  mode: VatMode,
  deadline: IsoDate | null = null,
): string | null {
  if (state === 'below' || mode === 'oss') return null;
  if (state === 'approaching') {
    return "Your EU sales to consumers outside Ireland are above 80% of the €10,000 threshold this year. Above it, the VAT of the buyer's country is due: register for OSS in ROS before then, and switch the VAT mode to OSS in Settings.";
  }
  const by = deadline ? ` by ${formatDeadline(deadline)} (the 10th of the month after that sale)` : '';
  return `Your EU sales to consumers outside Ireland are above the €10,000 threshold: from the sale that crossed it, the shop charges the VAT of the buyer's country on each such order (prices stay as you typed them). Register for OSS in ROS${by}, then switch the VAT mode to OSS in Settings.`;
}

/** The notice e-mail's one send per calendar year: its key in the outbox. */
export function thresholdMailKey(year: number): string {
  return `vat-threshold-80:${year}`;
}
