/**
 * Which destinations VAT treats how (docs/product/vat.md §20): the 27 member states and XI (Northern
 * Ireland, EU rules for goods) are the EU; Great Britain has its own rule; everything else is an export.
 * Codes are the shop's ISO codes (GR for Greece); a VAT number's prefix is EL for Greece.
 */
export type CalendarDay = string;

export const VAT_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
] as const;
export type VatCountry = (typeof VAT_COUNTRIES)[number];

export const IE: VatCountry = 'IE';

export function isEuVatCountry(country: string): country is VatCountry {
  return (VAT_COUNTRIES as readonly string[]).includes(country);
}

/** A VAT number's prefix for a country (EL for Greece), and back. */
export function vatPrefixOf(country: VatCountry): string {
  return country === 'GR' ? 'EL' : country;
}

export function countryOfVatPrefix(prefix: string): VatCountry | null {
  if (prefix === 'EL') return 'GR';
  return prefix !== 'GR' && isEuVatCountry(prefix) ? prefix : null;
}
