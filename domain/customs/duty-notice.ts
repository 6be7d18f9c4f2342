/**
 * What a shopper is told before paying about charges at the door (docs/product/customs.md §21.4). Since
 * 29 August 2025 US customs charge duty on every parcel, EU goods about 15% of their value, collected by
 * the carrier, who gives the buyer 5 days to pay before delivery; an unpaid parcel comes back. Great
 * Britain, when the shop charges UK VAT there, collects nothing more at the door under £135.
 * One text for the cart, the checkout dialog, the checkout's answer and the confirmation e-mail.
 */
import type { GbChoice } from '../vat/vat-breakdown';

/**
 * The US duty's percent of the value that US shoppers are told (about 15% for EU goods since 29 August
 * 2025); the owner's Settings hold the one the server says (`seller.usDutyPercent`).
 */
export const DEFAULT_US_DUTY_PERCENT = 15;

/** Days the carrier gives the buyer to pay the duty before the parcel goes back. */
export const DUTY_PAYMENT_DAYS = 5;

/**
 * Great Britain's low-value limit, £135, as a price in euro cents that stays under it at any rate up to
 * £0.90 per euro: over it, the UK charges its VAT at import, not the seller.
 */
export const GB_LOW_VALUE_LIMIT_CENTS = 15_000;

export function usDutyNotice(percent: number): string {
  return `Import duty for the United States: US customs charge about ${percent}% of the order's value, collected by the carrier before delivery. You will have ${DUTY_PAYMENT_DAYS} days to pay it when the carrier asks; a parcel whose duty is not paid comes back to us.`;
}

export const GB_NOTHING_DUE_NOTICE =
  'The price includes UK VAT: nothing more is due at the door in Great Britain.';

/** The notice for an order to `country`, or null when there is nothing to say. */
export function dutyNotice(input: {
  readonly country: string | null | undefined;
  /** The seller's percent (Settings). */
  readonly usDutyPercent: number;
  readonly gb: GbChoice;
  /** The goods' value in euro cents. */
  readonly valueCents: number;
}): string | null {
  const country = input.country?.toUpperCase();
  if (country === 'US') return usDutyNotice(input.usDutyPercent);
  if (country === 'GB' && input.gb === 'uk_vat' && input.valueCents <= GB_LOW_VALUE_LIMIT_CENTS) {
    return GB_NOTHING_DUE_NOTICE;
  }
  return null;
}

/**
 * The owner's choice for Great Britain as the storefront sees it: the zones it reads offer Great Britain
 * only while she charges UK VAT there (domain/settings/storefront-settings.ts sellingZones drops it
 * otherwise), so countries that list GB mean `uk_vat`.
 */
export function gbChoiceOf(countries: readonly string[]): GbChoice {
  return countries.includes('GB') ? 'uk_vat' : 'no_sale';
}
