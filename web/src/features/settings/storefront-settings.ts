/**
 * The owner's away state (domain/settings/storefront-settings.ts), from the catalogue snapshot the page was
 * rendered from: the server's HTML and the browser's hydration read the same.
 */
import { DEFAULT_US_DUTY_PERCENT } from '../../../../domain/customs/duty-notice';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  type StorefrontSettings,
  type StorefrontZone,
} from '../../../../domain/settings/storefront-settings';
import { useCatalogue } from '../catalogue-snapshot';

const OPEN: StorefrontSettings['away'] = { mode: 'off', until: null, message: '' };

/**
 * The zones the shop posts to, with their prices and free-delivery thresholds; without the owner's, the
 * first start's where it sells (no Great Britain).
 */
export function useZones(): readonly StorefrontZone[] {
  return useCatalogue().snapshot.shop?.shipping.zones ?? DEFAULT_STOREFRONT_SETTINGS.shipping.zones;
}

/** The US duty the carrier collects at the door, in percent, as the owner set it (Settings). */
export function useUsDutyPercent(): number {
  return useCatalogue().snapshot.shop?.usDutyPercent ?? DEFAULT_US_DUTY_PERCENT;
}

/** The Irish zone's free-shipping threshold (cents) as the owner set it; null: none, or no Irish zone. */
export function useIrishFreeFrom(): number | null {
  return useZones().find((zone) => zone.id === 'IE')?.freeFrom ?? null;
}

export function useAway(): StorefrontSettings['away'] {
  return useCatalogue().snapshot.shop?.away ?? OPEN;
}

/** The owner has paused sales: no Add to Cart, no checkout (the server refuses one anyway). */
export function salesPaused(away: StorefrontSettings['away']): boolean {
  return away.mode === 'pause-sales';
}
