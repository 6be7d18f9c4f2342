/**
 * The business facts the content pages quote, phrased once from domain/config.ts. Changing a number in the
 * config changes every page that mentions it; no page writes a number of its own.
 */
import {
  deliveryDaysText,
  FREE_SHIPPING_THRESHOLD,
  GIFT_WRAP_PRICE,
  POLICY,
  productionDaysText,
  RETENTION,
  SHIPPING_ZONES,
  ZONE_IDS,
  type ZoneId,
} from '../../../../domain/config';
import { formatEuro, formatEuroShort } from '../../../../domain/shared/money';

export function rangeText([min, max]: readonly [number, number], unit: string): string {
  return min === max ? `${min} ${unit}` : `${min}-${max} ${unit}`;
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export const FACTS = {
  production: productionDaysText(),
  freeShippingThreshold: formatEuroShort(FREE_SHIPPING_THRESHOLD),
  giftWrap: formatEuro(GIFT_WRAP_PRICE),
  returnsDays: `${POLICY.returnsDays} days`,
  returnsDaysAdjective: `${POLICY.returnsDays}-day`,
  coolingOffDays: `${POLICY.coolingOffDays} days`,
  coolingOffAdjective: `${POLICY.coolingOffDays}-day`,
  refundWithin: `${POLICY.refundWithinDaysOfReturn} days`,
  bankProcessing: rangeText(POLICY.bankProcessingDays, 'business days'),
  reportDamageWithin: `${POLICY.reportDamageWithinHours} hours`,
  confirmationEmailWithin: `${POLICY.confirmationEmailWithinHours} hours`,
  paidOrderRetention: pluralize(RETENTION.paidOrderYearsAfterSale, 'year'),
  unpaidCheckoutRetention: pluralize(RETENTION.unpaidCheckoutDays, 'day'),
  unconfirmedSignupRetention: pluralize(RETENTION.unconfirmedSignupDays, 'day'),
  cartReminderRetention: pluralize(RETENTION.cartReminderDaysAfterSent, 'day'),
  mailBodyRetention: pluralize(RETENTION.mailBodyDays, 'day'),
  enquiryRetention: pluralize(RETENTION.enquiryDays, 'day'),
  quoteRetention: pluralize(RETENTION.quoteDaysAfterValidity, 'day'),
  minimumAge: String(POLICY.minimumAge),
  preferencesMax: pluralize(POLICY.cookies.preferencesMaxYears, 'year'),
  analyticsMax: pluralize(POLICY.cookies.analyticsMaxYears, 'year'),
} as const;

export interface ZoneRow {
  readonly id: ZoneId;
  readonly destination: string;
  readonly fee: string;
  /** e.g. 'Free on orders of €40 or more', or null when the zone has no free-delivery offer. */
  readonly freeDelivery: string | null;
  readonly delivery: string;
}

export const ZONE_ROWS: readonly ZoneRow[] = ZONE_IDS.map((id) => {
  const zone = SHIPPING_ZONES[id];
  return {
    id,
    destination: zone.label,
    fee: formatEuro(zone.fee),
    freeDelivery:
      zone.freeOver === null ? null : `Free on orders of ${formatEuroShort(zone.freeOver)} or more`,
    delivery: deliveryDaysText(id),
  };
});

/** The zones that offer free delivery, by label ('Ireland'); the config decides, not the copy. */
export const FREE_DELIVERY_ZONES: readonly string[] = ZONE_IDS.filter(
  (id) => SHIPPING_ZONES[id].freeOver !== null,
).map((id) => SHIPPING_ZONES[id].label);
