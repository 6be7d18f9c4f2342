/**
 * Bracelet sizes and the wrist-size finder. The rules (the table itself is SIZES and FITS in
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
import {
  type BraceletSize,
  DEFAULT_SIZE,
  FITS,
  type FitId,
  SIZE_CODES,
  SIZES,
  type SizeCode,
  WRIST_CM_LIMITS,
} from '../config';

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
export function defaultSizeOf(product: { readonly sizes: readonly SizeCode[] }): SizeCode {
  const offered = offeredSizes(product);
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
 * A custom line of a quote (domain/quotes/quotes.ts customLineId): a bespoke design, no catalogue product and no
 * bracelet size, stored with the id `custom:{quote}:{n}`. Here, not in quotes.ts, so the cart's chunk can
 * ask without zod.
 */
export function isCustomLineId(productId: string): boolean {
  return productId.startsWith('custom:');
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

export const WRIST_ERRORS = {
  empty: 'Enter your wrist measurement in cm.',
  notANumber: 'Enter your wrist measurement as a number of cm, for example 16.5.',
  outOfRange: `Enter a wrist measurement between ${WRIST_CM_LIMITS[0]} and ${WRIST_CM_LIMITS[1]} cm.`,
} as const;

export type WristParse =
  | { readonly ok: true; readonly wristMm: number }
  | { readonly ok: false; readonly error: string };

/** "16.5", "16,5", " 16.5 cm " -> 165 mm; the errors are sentences the finder shows as they are. */
export function parseWristCm(input: string): WristParse {
  const text = input.trim().replace(/\s*cm$/i, '');
  if (text === '') return { ok: false, error: WRIST_ERRORS.empty };
  if (!/^[+-]?\d+([.,]\d+)?$/.test(text)) return { ok: false, error: WRIST_ERRORS.notANumber };
  const cm = Number(text.replace(',', '.'));
  if (cm < WRIST_CM_LIMITS[0] || cm > WRIST_CM_LIMITS[1])
    return { ok: false, error: WRIST_ERRORS.outOfRange };
  return { ok: true, wristMm: Math.round(cm * 10) };
}

export type SizeRecommendation =
  | { readonly kind: 'size'; readonly lengthMm: number; readonly size: BraceletSize }
  | { readonly kind: 'bespoke'; readonly lengthMm: number; readonly reason: 'too-small' | 'too-large' };

function fitAllowanceMm(fit: FitId): number {
  const allowance = FITS.find((f) => f.id === fit);
  if (!allowance) throw new RangeError(`Unknown fit ${fit}`);
  return Math.round(allowance.addCm * 10);
}

export function recommendSize(wristMm: number, fit: FitId): SizeRecommendation {
  const lengthMm = wristMm + fitAllowanceMm(fit);
  const smallest = SIZES[0];
  if (!smallest || lengthMm < smallest.lengthCm[0] * 10)
    return { kind: 'bespoke', lengthMm, reason: 'too-small' };
  // Smallest first: the first size whose upper end reaches the length holds it, or is the larger one
  // of the two ranges the length falls between.
  const size = SIZES.find((s) => lengthMm <= s.lengthCm[1] * 10);
  return size ? { kind: 'size', lengthMm, size } : { kind: 'bespoke', lengthMm, reason: 'too-large' };
}

export type SizeFinderResult =
  | { readonly ok: true; readonly recommendation: SizeRecommendation }
  | { readonly ok: false; readonly error: string };

/** The finder in one call: the shopper's text and fit -> a recommendation or the message to show. */
export function findSize(wristInput: string, fit: FitId): SizeFinderResult {
  const wrist = parseWristCm(wristInput);
  return wrist.ok ? { ok: true, recommendation: recommendSize(wrist.wristMm, fit) } : wrist;
}

/** 170 -> "17", 175 -> "17.5". */
export function formatLengthCm(lengthMm: number): string {
  return String(lengthMm / 10);
}

/**
 * "Your bracelet: 17 cm. We recommend Medium." Without a size, the bespoke sentence; the finder links it
 * to the bespoke page.
 */
export function recommendationText(recommendation: SizeRecommendation): string {
  const lead = `Your bracelet: ${formatLengthCm(recommendation.lengthMm)} cm.`;
  if (recommendation.kind === 'size') return `${lead} We recommend ${recommendation.size.name}.`;
  const edge = recommendation.reason === 'too-small' ? SIZES[0] : SIZES[SIZES.length - 1];
  const comparison = recommendation.reason === 'too-small' ? 'shorter' : 'longer';
  const edgeText = edge ? ` than our ${edge.name} (${sizeRangeText(edge)})` : ' than our sizes';
  return `${lead} That is ${comparison}${edgeText}: we can make yours to measure as a bespoke order.`;
}
