/**
 * Bracelet sizes (the wrist-size finder is size-finder.ts). The rules (the table itself is SIZES and FITS in
 * domain/config.ts):
 * - Every bracelet is made in Small (15-16 cm), Medium (17-18 cm) or Large (19-20 cm); the ranges are
 *   bracelet lengths. A missing size means Medium, in the API and in carts stored before sizes.
 * - Finder: the shopper's wrist circumference (10 to 30 cm, "16.5" or "16,5", rounded to the millimetre a
 *   tape shows) plus the fit allowance (snug 1 cm, standard 1.5 cm, loose 2 cm) is the bracelet length.
 *   The recommended size is the one whose range holds the length; a length between two ranges (16.5 cm)
 *   takes the larger size. Below 15 cm or above 20 cm there is no size: the shopper is pointed to a
 *   bespoke order.
 * - Cart lines are keyed by product and size: one bracelet in two sizes is two lines.
 * Lengths are computed in whole millimetres, so 16.1 + 1.5 is 17.6 and never 17.600000000000001.
 */

import { type BraceletSize, DEFAULT_SIZE, SIZE_CODES, SIZES, type SizeCode } from '../config';
import { isCustomLineId } from '../shared/custom-line';

// zod-free on purpose: the cart (every page's first render) keys its lines with this module, and zod stays
// off the first paint (docs/decisions/0003). The API's size schemas live in domain/checkout/checkout.ts.
export const SIZE_ERROR = 'Size must be "S", "M" or "L"';

export function isSizeCode(value: unknown): value is SizeCode {
  return typeof value === 'string' && (SIZE_CODES as readonly string[]).includes(value);
}

export function sizeByCode(code: SizeCode): BraceletSize {
  const size = SIZES.find((s) => s.code === code);
  if (!size) throw new RangeError(`Unknown size ${code}`);
  return size;
}

/**
 * The sizes a product is made in (the owner may offer a subset of S/M/L), in SIZES order; a product with
 * none listed is offered in every size rather than in none.
 */
export function offeredSizes(product: { readonly sizes: readonly SizeCode[] }): readonly BraceletSize[] {
  const offered = SIZES.filter((s) => product.sizes.includes(s.code));
  return offered.length > 0 ? offered : SIZES;
}

/** The size a page preselects and quick add adds: Medium when offered, otherwise the first offered. */
export function defaultSizeOf(product: {
  readonly sizes: readonly SizeCode[];
  readonly unmakeableSizes?: readonly SizeCode[];
}): SizeCode {
  // A size the materials cannot make now is not preselected while another can be (materials.md §23).
  const makeable = offeredSizes(product).filter((s) => !product.unmakeableSizes?.includes(s.code));
  const offered = makeable.length > 0 ? makeable : offeredSizes(product);
  return offered.some((s) => s.code === DEFAULT_SIZE) ? DEFAULT_SIZE : (offered[0]?.code ?? DEFAULT_SIZE);
}

/**
 * A size as the shopper chose it ("Small"), from its stored code ("S"); an unknown code stays as it is.
 * Pages, slips and e-mails say the name, never the code.
 */
export function sizeLabel(code: string): string {
  return isSizeCode(code) ? sizeByCode(code).name : code;
}

/** "Burgundy Safari (Large)": the line name on the provider's checkout, e-mails and pages. */
export function nameWithSize(productName: string, code: SizeCode): string {
  return `${productName} (${sizeByCode(code).name})`;
}

/**
 * A stored order line's size as every answer gives it: null for a quote's custom line (its row stores
 * 'M', which means nothing there).
 */
export function lineSize<S extends string>(productId: string, size: S): S | null {
  return isCustomLineId(productId) ? null : size;
}

/** A priced or stored line's name with its size; a line without one is Medium, a custom line has none. */
export function lineNameWithSize(line: {
  readonly id?: string;
  readonly name: string;
  readonly size?: SizeCode;
}): string {
  if (line.id !== undefined && isCustomLineId(line.id)) return line.name;
  return nameWithSize(line.name, line.size ?? DEFAULT_SIZE);
}

/** "15–16 cm", as the size guide prints a range. */
export function sizeRangeText(size: BraceletSize): string {
  return `${size.lengthCm[0]}–${size.lengthCm[1]} cm`;
}

/** The key of a cart line: product ids are digits, so the separator cannot be part of one. */
export function cartLineKey(productId: string, size: SizeCode): string {
  return `${productId}:${size}`;
}

export function parseCartLineKey(key: string): { id: string; size: SizeCode } | null {
  const separator = key.lastIndexOf(':');
  if (separator <= 0) return null;
  const size = key.slice(separator + 1);
  return isSizeCode(size) ? { id: key.slice(0, separator), size } : null;
}
