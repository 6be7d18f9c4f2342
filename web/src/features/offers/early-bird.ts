/**
 * The early-bird price as /runtime-env.js tells it (server/routes/runtime-env.ts): the owner's terms,
 * null when there is none now, undefined when the script did not say (it did not run, or the database
 * did not answer). Read after hydration only, so the prerendered HTML never carries terms of its own.
 */
import { type EarlyBirdTerms, earlyBirdLastDay, isEarlyBirdTerms } from '../../../../domain/early-bird';

declare global {
  interface Window {
    /** Set by /runtime-env.js: the early-bird terms or null, as old as the making queue at most. */
    __SOLAS_EARLY_BIRD__?: unknown;
  }
}

export function browserEarlyBird(): EarlyBirdTerms | null | undefined {
  const value = typeof window === 'undefined' ? undefined : window.__SOLAS_EARLY_BIRD__;
  if (value === null) return null;
  return isEarlyBirdTerms(value) ? value : undefined;
}

/** "15% off orders of 20+ pieces until 20 December": the terms as the cart says them. */
export function earlyBirdOfferText(terms: EarlyBirdTerms): string {
  return `${terms.percent}% off orders of ${terms.minPieces}+ pieces until ${earlyBirdLastDay(terms)}`;
}
