/**
 * The EU's €10,000 threshold for distance sales of goods (Directive 2006/112/EC art. 59c; Revenue's OSS
 * guidance; docs/product/vat.md §20): below it, in this calendar year and the last, a seller established in
 * Ireland charges Irish VAT on sales to consumers in other member states; once it is exceeded, the
 * destination's VAT is due from that sale on (and all next year). At 80% the desk warns the owner once.
 */
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

/** The desk's notice, by state and mode: what to do next. */
export function thresholdNotice(state: ThresholdState, mode: VatMode): string | null {
  if (state === 'below' || mode === 'oss') return null;
  if (state === 'approaching') {
    return "Your EU sales to consumers outside Ireland are above 80% of the €10,000 threshold this year. Above it, the VAT of the buyer's country is due: register for OSS in ROS before then, and switch the VAT mode to OSS in Settings.";
  }
  return 'Your EU sales to consumers outside Ireland are above the €10,000 threshold: the VAT of the buyer\'s country is due on each such order (flagged "destination VAT due"). Register for OSS in ROS, then switch the VAT mode to OSS in Settings.';
}

/** The notice e-mail's one send per calendar year: its key in the outbox. */
export function thresholdMailKey(year: number): string {
  return `vat-threshold-80:${year}`;
}
