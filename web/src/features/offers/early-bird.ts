/**
 * The early-bird price as /runtime-env.js tells it (server/pages/runtime-env-routes.ts): the owner's terms with
 * their last day already worded ("20 December"), null when there is none now, undefined when the script
 * did not say (it did not run, or the database did not answer). Read after hydration only, so the
 * prerendered HTML never carries terms of its own. The server checked the terms: here only their shape,
 * so neither the cart nor the Bespoke & Corporate page carries the calendar's code.
 */
import type { ShownEarlyBird } from '../../../../domain/offers/early-bird';

declare global {
  interface Window {
    /** Set by /runtime-env.js: the early-bird terms or null, as old as the making queue at most. */
    __SOLAS_EARLY_BIRD__?: unknown;
  }
}

export function browserEarlyBird(): ShownEarlyBird | null | undefined {
  const value = typeof window === 'undefined' ? undefined : window.__SOLAS_EARLY_BIRD__;
  if (value === null) return null;
  const terms = value as Partial<ShownEarlyBird> | undefined;
  return typeof terms?.percent === 'number' &&
    typeof terms.minPieces === 'number' &&
    typeof terms.lastDay === 'string'
    ? (terms as ShownEarlyBird)
    : undefined;
}
