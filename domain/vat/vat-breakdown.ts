/**
 * The VAT inside an order's prices (docs/product/vat.md §20). Prices are what the owner typed, VAT included,
 * the same in every country; the VAT inside a price depends on where it goes and who buys:
 * - mode 'none' (not registered): no VAT (scheme 'none');
 * - Irish buyers, and every EU consumer in mode 'ireland': the Irish rate (scheme 'domestic');
 * - EU consumers outside Ireland in mode 'oss': the destination's rate (Union scheme, arts. 33 and
 *   369a-369k of Directive 2006/112/EC; scheme 'oss');
 * - goods dispatched from Ireland to another member state for a business with a valid VAT number that is
 *   not Irish: an intra-Community supply at 0% (art. 138(1): the goods must leave Ireland), charged the
 *   price less the Irish VAT it contains (scheme 'intra_community'); goods that stay in Ireland are a
 *   domestic supply at the Irish rate whatever the buyer's number (art. 32);
 * - Great Britain with the owner's UK VAT number: UK VAT (scheme 'uk'); elsewhere an export at 0%
 *   (art. 146; scheme 'export'), at the same price.
 * Rounding, once: each line's VAT is rounded to the nearest cent (half a cent up), its net is its price
 * less that VAT, and the totals are the sums of the lines, so they add up to the cent.
 */
import { type CalendarDay, IE, isEuVatCountry } from './countries';
import { irishRate, standardRate, UK_STANDARD_RATE } from './rates';

export const VAT_MODES = ['none', 'ireland', 'oss'] as const;
export type VatMode = (typeof VAT_MODES)[number];

export const GB_CHOICES = ['no_sale', 'uk_vat'] as const;
export type GbChoice = (typeof GB_CHOICES)[number];

export const VAT_SCHEMES = ['none', 'domestic', 'oss', 'intra_community', 'export', 'uk'] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];

/** Great Britain as the shop's addresses name it (Northern Ireland, XI, follows the EU's rules for goods). */
export const GB = 'GB';

/** One priced line: a piece, the shipping or the gift wrap, its price with VAT in cents. */
export interface PricedLine {
  readonly gross: number;
}

export interface VatInput {
  readonly mode: VatMode;
  readonly gb: GbChoice;
  /** The destination's country code (the shipping address). */
  readonly country: string;
  /** A business buyer whose VAT number VIES found valid, with its number's country; null: a consumer. */
  readonly business: { readonly country: string } | null;
  /** The date of supply (the payment's Irish calendar day), YYYY-MM-DD. */
  readonly day: CalendarDay;
  readonly lines: readonly PricedLine[];
}

export interface VatLine {
  /** Basis points (23% = 2300). */
  readonly rate: number;
  readonly net: number;
  readonly vat: number;
}

export interface VatBreakdown {
  readonly country: string;
  readonly lines: readonly VatLine[];
  readonly totalNet: number;
  readonly totalVat: number;
  readonly scheme: VatScheme;
}

/** A sale to Great Britain while the owner chose not to sell there: the checkout refuses it first. */
export class NoSaleToGbError extends Error {
  constructor() {
    super('The shop does not sell to Great Britain');
    this.name = 'NoSaleToGbError';
  }
}

/** Whether the checkout must refuse this destination (Great Britain while 'no_sale'). */
export function refusesDestination(gb: GbChoice, country: string): boolean {
  return country === GB && gb === 'no_sale';
}

/** The VAT contained in a VAT-inclusive price at `rate` bp, to the nearest cent (half up), in integers. */
export function vatInside(gross: number, rate: number): number {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`A price is whole cents, got ${gross}`);
  const base = 10_000 + rate;
  return Math.floor((2 * gross * rate + base) / (2 * base));
}

/**
 * An intra-Community supply exempt under art. 138(1) of Directive 2006/112/EC: the goods leave Ireland for
 * another member state (XI counts as one for goods), bought by a business whose VAT number VIES confirmed
 * and is not Irish. A foreign number on goods delivered in Ireland changes nothing: a domestic supply.
 */
export function isIntraCommunitySupply(
  destination: string,
  business: { readonly country: string } | null,
): boolean {
  return (
    business !== null &&
    destination !== IE &&
    isEuVatCountry(destination) &&
    business.country !== IE &&
    isEuVatCountry(business.country)
  );
}

function schemeOf(input: VatInput): { scheme: VatScheme; rate: number } {
  const { mode, country, business, day } = input;
  if (country === GB) {
    if (input.gb === 'no_sale') throw new NoSaleToGbError();
    return { scheme: 'uk', rate: UK_STANDARD_RATE };
  }
  if (mode === 'none') return { scheme: 'none', rate: 0 };
  if (!isEuVatCountry(country)) return { scheme: 'export', rate: 0 };
  if (isIntraCommunitySupply(country, business)) return { scheme: 'intra_community', rate: 0 };
  if (country === IE || business !== null || mode === 'ireland') {
    return { scheme: 'domestic', rate: irishRate(day) };
  }
  return { scheme: 'oss', rate: standardRate(country, day) };
}

/** The order's VAT, line by line (shipping and gift wrap are lines), from its VAT-inclusive prices. */
export function vatBreakdown(input: VatInput): VatBreakdown {
  const { scheme, rate } = schemeOf(input);
  const lines = input.lines.map((line): VatLine => {
    if (scheme === 'intra_community') {
      // The price less the Irish VAT it contains, exempt: the buyer accounts for VAT at home.
      return { rate: 0, net: line.gross - vatInside(line.gross, irishRate(input.day)), vat: 0 };
    }
    const vat = vatInside(line.gross, rate);
    return { rate, net: line.gross - vat, vat };
  });
  return {
    country: input.country,
    lines,
    totalNet: lines.reduce((sum, l) => sum + l.net, 0),
    totalVat: lines.reduce((sum, l) => sum + l.vat, 0),
    scheme,
  };
}

/** What the shopper pays: the sum of each line's net and VAT. */
export function amountCharged(vat: VatBreakdown): number {
  return vat.totalNet + vat.totalVat;
}

/**
 * Whether an order counts towards the EU's €10,000 distance-selling threshold (art. 59c): goods sent to a
 * consumer in another member state (a business buyer's order never counts, valid number or not).
 */
export function isEuDistanceSale(order: { readonly country: string; readonly business: boolean }): boolean {
  return !order.business && order.country !== IE && isEuVatCountry(order.country);
}
