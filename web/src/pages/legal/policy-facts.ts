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
  type ZoneId,
} from '../../../../domain/config';
import type { StorefrontZone } from '../../../../domain/settings/storefront-settings';
import { cents, formatEuro, formatEuroShort } from '../../../../domain/shared/money';

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

/** The zones as the owner set them (useZones), one row each. */
export function zoneRows(zones: readonly StorefrontZone[]): readonly ZoneRow[] {
  return zones.map((zone) => ({
    id: zone.id,
    destination: zone.name,
    fee: formatEuro(cents(zone.price)),
    freeDelivery:
      zone.freeFrom === null ? null : `Free on orders of ${formatEuroShort(cents(zone.freeFrom))} or more`,
    delivery: deliveryDaysText(zone.id),
  }));
}

/**
 * Where delivery is free, for a sentence: 'Ireland on orders of €40 or more' ('long'), 'Ireland from €40'
 * ('short'), zones joined with 'and'; null where no zone offers it. The owner's settings decide, not the copy.
 */
export function freeDeliveryIn(zones: readonly StorefrontZone[], form: 'long' | 'short'): string | null {
  const free = zones.flatMap((zone) => {
    if (zone.freeFrom === null) return [];
    const amount = formatEuroShort(cents(zone.freeFrom));
    return [form === 'long' ? `${zone.name} on orders of ${amount} or more` : `${zone.name} from ${amount}`];
  });
  return free.length > 0 ? free.join(' and ') : null;
}
