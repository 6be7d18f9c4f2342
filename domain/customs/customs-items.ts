/**
 * The customs items of a parcel leaving the EU (docs/product/customs.md §21): one per order line, from
 * the line as sold and its product's customs data. The same items fill the CN23, the day's customs CSV
 * and a carrier's label request, so all three always declare the same thing. Pure: the caller reads the
 * order and the products.
 */

import type { SizeCode } from '../config';
import { allocate } from '../shared/allocation';
import { isCustomLineId } from '../shared/custom-line';
import { isEuVatCountry } from '../vat/countries';
import type { ProductCustoms } from './product-customs';

/**
 * True when a parcel to this country (ISO alpha-2, any case) needs a customs declaration: it leaves the EU's
 * customs union. Membership is the one list of domain/vat/countries.ts (its XI, Northern Ireland, follows
 * the EU's rules for goods), not the shop's zones, which say what the owner charges.
 */
export function isOutsideEu(countryCode: string): boolean {
  return !isEuVatCountry(countryCode.trim().toUpperCase());
}

/** The reason every declaration gives (the CN23's "category of item"). */
export const CUSTOMS_REASON = 'Sale of goods';

/** One order line as stored: the product, its size, how many and what they cost together (cents). */
export interface CustomsOrderLine {
  readonly productId: string;
  /** The product's name as sold, for the refusal naming what is missing. */
  readonly name: string;
  readonly size: SizeCode;
  readonly quantity: number;
  readonly lineTotal: number;
}

export interface CustomsOrder {
  readonly lines: readonly CustomsOrderLine[];
  /** Cents off the items (a code, the early-bird tier): the goods' declared value is what was paid. */
  readonly discount?: number;
  /** The order's currency code ('EUR'). */
  readonly currency: string;
}

export interface CustomsItem {
  /** In English: "Beaded bracelet, glass and sterling silver". */
  readonly description: string;
  readonly quantity: number;
  /** The line's declared value in the order's currency, cents: what the shopper paid for these pieces. */
  readonly valueCents: number;
  /** One piece's value, cents (valueCents / quantity, rounded): what a carrier's per-unit field wants. */
  readonly unitValueCents: number;
  readonly currency: string;
  /** Digits only, 6 to 10. */
  readonly hsCode: string;
  /** ISO alpha-2. */
  readonly originCountry: string;
  /** The line's net weight in grams (one piece's weight for its size times the quantity). */
  readonly weightGrams: number;
  /** One piece's net weight in grams. */
  readonly unitWeightGrams: number;
}

/** A line the declaration cannot be made for, and why: the desk and a refusal say this. */
export interface MissingCustoms {
  readonly productId: string;
  readonly name: string;
  readonly reason: string;
}

/** The customs data of a product by id; undefined or null: none given. */
export type CustomsLookup = (productId: string) => ProductCustoms | null | undefined;

export class MissingCustomsDataError extends Error {
  constructor(readonly missing: readonly MissingCustoms[]) {
    super(describeMissingCustoms(missing));
    this.name = 'MissingCustomsDataError';
  }
}

/** "Burgundy Safari has no customs data (HS code, origin, materials, weight): add it on the product's page". */
export function describeMissingCustoms(missing: readonly MissingCustoms[]): string {
  return missing.map((m) => `${m.name} ${m.reason}`).join('; ');
}

export const MISSING_REASONS = {
  product:
    'has no customs data (HS code, country of origin, materials, weight per size): add it on the product’s page in Products',
  bespoke:
    'is a bespoke piece with no product in the catalogue: it has no customs data, so fill the declaration by hand',
} as const;

/** What keeps each line of the order from being declared; empty when every line can be. */
export function missingCustomsData(
  order: Pick<CustomsOrder, 'lines'>,
  customsOf: CustomsLookup,
): MissingCustoms[] {
  const missing: MissingCustoms[] = [];
  const seen = new Set<string>();
  for (const line of order.lines) {
    if (seen.has(line.productId)) continue;
    if (isCustomLineId(line.productId)) {
      seen.add(line.productId);
      missing.push({ productId: line.productId, name: line.name, reason: MISSING_REASONS.bespoke });
    } else if (!customsOf(line.productId)) {
      seen.add(line.productId);
      missing.push({ productId: line.productId, name: line.name, reason: MISSING_REASONS.product });
    }
  }
  return missing;
}

/** "Beaded bracelet, glass and sterling silver". */
export function customsDescription(materials: string): string {
  const words = materials.trim();
  return words === ''
    ? 'Beaded bracelet'
    : `Beaded bracelet, ${words.charAt(0).toLowerCase()}${words.slice(1)}`;
}

/**
 * The order's customs items, one per line, in the order's line order. Throws MissingCustomsDataError
 * naming every line without customs data (check with missingCustomsData first to answer a refusal).
 */
export function customsItems(order: CustomsOrder, customsOf: CustomsLookup): CustomsItem[] {
  const missing = missingCustomsData(order, customsOf);
  if (missing.length > 0) throw new MissingCustomsDataError(missing);
  // The discount shared over the lines by the shop's one allocation rule (largest remainder, by line value).
  const shares = allocate(
    Math.max(0, order.discount ?? 0),
    order.lines.map((l) => l.lineTotal),
  );
  return order.lines.map((line, index) => {
    const customs = customsOf(line.productId) as ProductCustoms;
    const valueCents = line.lineTotal - (shares[index] ?? 0);
    const unitWeightGrams = customs.weightGrams[line.size];
    return {
      description: customsDescription(customs.materials),
      quantity: line.quantity,
      valueCents,
      unitValueCents: line.quantity > 0 ? Math.round(valueCents / line.quantity) : valueCents,
      currency: order.currency.toUpperCase(),
      hsCode: customs.hsCode,
      originCountry: customs.originCountry,
      weightGrams: unitWeightGrams * line.quantity,
      unitWeightGrams,
    };
  });
}

/** The parcel's totals as the CN23 states them. */
export function customsTotals(items: readonly CustomsItem[]): { valueCents: number; weightGrams: number } {
  return {
    valueCents: items.reduce((sum, i) => sum + i.valueCents, 0),
    weightGrams: items.reduce((sum, i) => sum + i.weightGrams, 0),
  };
}
