/**
 * A business buyer's EU VAT number, checked for its form before VIES is asked (docs/product/vat.md §20):
 * the country prefix (EL for Greece, XI for Northern Ireland) and the national number's pattern, as the
 * Commission's VIES help lists them. Spaces, dots and hyphens a buyer types are dropped.
 */
import { countryOfVatPrefix, type VatCountry } from './countries';

const NATIONAL: Readonly<Record<string, RegExp>> = {
  AT: /^U[0-9]{8}$/,
  BE: /^[01][0-9]{9}$/,
  BG: /^[0-9]{9,10}$/,
  CY: /^[0-9]{8}[A-Z]$/,
  CZ: /^[0-9]{8,10}$/,
  DE: /^[0-9]{9}$/,
  DK: /^[0-9]{8}$/,
  EE: /^[0-9]{9}$/,
  EL: /^[0-9]{9}$/,
  ES: /^[0-9A-Z][0-9]{7}[0-9A-Z]$/,
  FI: /^[0-9]{8}$/,
  FR: /^[0-9A-Z]{2}[0-9]{9}$/,
  HR: /^[0-9]{11}$/,
  HU: /^[0-9]{8}$/,
  IE: /^[0-9][0-9A-Z+*][0-9]{5}[A-Z]{1,2}$/,
  IT: /^[0-9]{11}$/,
  LT: /^([0-9]{9}|[0-9]{12})$/,
  LU: /^[0-9]{8}$/,
  LV: /^[0-9]{11}$/,
  MT: /^[0-9]{8}$/,
  NL: /^[0-9]{9}B[0-9]{2}$/,
  PL: /^[0-9]{10}$/,
  PT: /^[0-9]{9}$/,
  RO: /^[0-9]{2,10}$/,
  SE: /^[0-9]{12}$/,
  SI: /^[0-9]{8}$/,
  SK: /^[0-9]{10}$/,
  XI: /^([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$/,
};

export interface ParsedVatNumber {
  /** The prefix VIES asks for (EL for Greece). */
  readonly prefix: string;
  /** The shop's country code (GR for Greece). */
  readonly country: VatCountry;
  /** The national part, without the prefix. */
  readonly number: string;
}

/** The number's parts, or null when it cannot be an EU VAT number. */
export function parseVatNumber(input: string): ParsedVatNumber | null {
  const text = input.toUpperCase().replace(/[\s.-]/g, '');
  const prefix = text.slice(0, 2);
  const number = text.slice(2);
  const country = countryOfVatPrefix(prefix);
  const pattern = NATIONAL[prefix];
  if (country === null || pattern === undefined || !pattern.test(number)) return null;
  return { prefix, country, number };
}

export const BUSINESS_VAT_MESSAGES = {
  format:
    'business.vatNumber: an EU VAT number starts with its country code (DE123456789, FRXX123456789); check it on your company papers',
  invalid:
    'business.vatNumber: the EU VAT register (VIES) does not know this VAT number; check it, or buy without it',
  unavailable:
    "The EU VAT register (VIES) did not answer, so we could not check your VAT number: VAT is included in this order. We'll refund the VAT once the register confirms your number.",
} as const;
