/**
 * The owner's away state (domain/settings/storefront-settings.ts), from the catalogue snapshot the page was
 * rendered from: the server's HTML and the browser's hydration read the same.
 */
import type { StorefrontSettings } from '../../../../domain/settings/storefront-settings';
import { useCatalogue } from '../catalogue/catalogue-context';

const OPEN: StorefrontSettings['away'] = { mode: 'off', until: null, message: '' };

export function useAway(): StorefrontSettings['away'] {
  return useCatalogue().snapshot.shop?.away ?? OPEN;
}

/** The owner has paused sales: no Add to Cart, no checkout (the server refuses one anyway). */
export function salesPaused(away: StorefrontSettings['away']): boolean {
  return away.mode === 'pause-sales';
}
