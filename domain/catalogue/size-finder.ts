/**
 * The wrist-size finder (docs/product/sizes.md §13.2): the shopper's wrist and fit -> the size to order. A module
 * of its own, apart from sizes.ts: the cart (every page's first load) keys its lines with sizes.ts, and only
 * the product page's lazy chunk needs the finder, so its words stay out of the home page's initial JS.
 */
import { type BraceletSize, FITS, type FitId, SIZES, WRIST_CM_LIMITS } from '../config';
import { sizeRangeText } from './sizes';

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
