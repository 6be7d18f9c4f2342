/**
 * The owner's settings every page is rendered with (docs/product/desk.md §10.14): the zones and their prices,
 * her closures and working days (the dispatch dates, §14), the away state and the announcement bar. They travel inside the catalogue snapshot the pages are
 * rendered from (server/pages), so the server's HTML and the browser's hydration read the same values, and
 * a save renders the pages again on every instance as a product edit does. Nothing private. Plain data
 * and no schema: the storefront's bundle carries these types and defaults, never the desk's validation.
 */
import type { ShippingRate, ShippingRates } from '../cart/pricing';
import type { StorefrontClosure, StorefrontSettings, StorefrontZone } from '../catalogue/storefront-shop';
import { SHIPPING_ZONES, ZONE_IDS, type ZoneId } from '../config';
import { DEFAULT_US_DUTY_PERCENT } from '../customs/duty-notice';
import { formatDayMonth, irishDate, parseIsoDate } from '../shared/calendar-date';
import { cents } from '../shared/money';
import { type GbChoice, refusesDestination } from '../vat/vat-breakdown';
import { DEFAULT_ANNOUNCEMENT_ENABLED, DEFAULT_ANNOUNCEMENT_TEXT } from './announcement';
import { NO_SOCIAL_LINKS } from './social-links';

// The shapes live with the snapshot that carries them (catalogue sits under settings); named here too, where
// the settings' readers look for them.
export type { StorefrontClosure, StorefrontSettings, StorefrontZone };
export { DEFAULT_ANNOUNCEMENT_ENABLED, DEFAULT_ANNOUNCEMENT_TEXT };

/** "Tell me when you're back": POST { email }, double opt-in, one e-mail when the shop is open again. */
export const BACK_IN_TOUCH_API = '/api/back-in-touch';

/** Today's zones as the shop started with them (domain/config.ts). */
export const SEEDED_ZONES: readonly StorefrontZone[] = /* @__PURE__ */ ZONE_IDS.map((id) => ({
  id,
  name: SHIPPING_ZONES[id].label,
  countries: [...SHIPPING_ZONES[id].countries],
  price: SHIPPING_ZONES[id].fee,
  freeFrom: SHIPPING_ZONES[id].freeOver,
}));

/**
 * The zones as shoppers, search engines and the shopping channels are told of them: only the countries
 * the checkout sells to (docs/product/vat.md §20: Great Britain while `vat.gb` is `no_sale`, the first
 * start's choice, is refused at the checkout, so no page, feed or structured data offers it). A zone left
 * without a country is not shown. The owner's own zones (the desk) keep every country she listed.
 */
export function sellingZones(zones: readonly StorefrontZone[], gb: GbChoice): StorefrontZone[] {
  return zones
    .map((zone) => ({
      ...zone,
      countries: zone.countries.filter((country) => !refusesDestination(gb, country)),
    }))
    .filter((zone) => zone.countries.length > 0);
}

/** Great Britain as the first start decides it (domain/vat/vat-settings.ts defaultVatSettings). */
const FIRST_START_GB: GbChoice = 'no_sale';

/** The first start's: what the pages show before the owner saves anything (and in development). */
export const DEFAULT_STOREFRONT_SETTINGS: StorefrontSettings = {
  shipping: { zones: /* @__PURE__ */ sellingZones(SEEDED_ZONES, FIRST_START_GB) },
  closures: [],
  workingDays: [1, 2, 3, 4, 5],
  christmasLastOrder: null,
  away: { mode: 'off', until: null, message: '' },
  announcement: { text: DEFAULT_ANNOUNCEMENT_TEXT, enabled: DEFAULT_ANNOUNCEMENT_ENABLED },
  social: NO_SOCIAL_LINKS,
};

/**
 * `vat.gb`: whether the shop sells to Great Britain (the owner's VAT settings); absent, the first start's
 * choice (not).
 */
export function storefrontSettings(
  settings: StorefrontSettings & {
    readonly vat?: { readonly gb: GbChoice };
    readonly seller?: { readonly usDutyPercent?: number | null };
  },
): StorefrontSettings {
  // While sales are paused the bar says so on every page, the home page too, in place of her text.
  const { text, enabled } =
    settings.away.mode === 'pause-sales'
      ? { text: pausedAnnouncementText(settings.away), enabled: true }
      : settings.announcement;
  return {
    shipping: { zones: sellingZones(settings.shipping.zones, settings.vat?.gb ?? FIRST_START_GB) },
    closures: settings.closures.map(({ from, to, reason }) => ({ from, to, reason })),
    workingDays: settings.workingDays,
    christmasLastOrder: settings.christmasLastOrder,
    away: settings.away,
    announcement: { text, enabled, key: announcementKey(text) },
    social: {
      instagram: settings.social.instagram,
      facebook: settings.social.facebook,
      pinterest: settings.social.pinterest,
    },
    usDutyPercent: settings.seller?.usDutyPercent ?? DEFAULT_US_DUTY_PERCENT,
    legalUpdatedAt: settings.legalUpdatedAt
      ? /^\d{4}-\d{2}-\d{2}$/.test(settings.legalUpdatedAt)
        ? settings.legalUpdatedAt
        : irishDate(new Date(settings.legalUpdatedAt))
      : null,
  };
}

/**
 * What a dismissed bar remembers of its text: '1' for the first text (what shoppers who dismissed it
 * before the owner could change it have stored), else a short hash, so a changed text shows again.
 * Letters and digits only: the page's head script puts it in a CSS selector.
 */
export function announcementKey(text: string): string {
  if (text === DEFAULT_ANNOUNCEMENT_TEXT) return '1';
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `a${hash.toString(36)}`;
}

/** Her return date in the shop's wording ("Wednesday 2 December"); null without one. */
function backOn(away: StorefrontSettings['away']): string | null {
  const date = away.until ? parseIsoDate(away.until) : null;
  return date ? formatDayMonth(date) : null;
}

/** What a shopper is told while sales are paused (the 409 of POST /api/checkout, the product page's note). */
export function pausedSalesMessage(away: StorefrontSettings['away']): string {
  const day = backOn(away);
  const back = day ? ` We are back on ${day}.` : '';
  const note = away.message.trim() ? ` ${away.message.trim()}` : '';
  return `The shop is taking a break and is not taking orders just now.${back}${note}`;
}

/** The announcement bar while sales are paused. */
export function pausedAnnouncementText(away: StorefrontSettings['away']): string {
  const day = backOn(away);
  return day
    ? `The shop is taking a break: orders open again on ${day}.`
    : 'The shop is taking a break and is not taking orders just now.';
}

/** The zones' prices and thresholds as pricing takes them (domain/cart/pricing.ts ShippingRates). */
export function shippingRates(shipping: { readonly zones: readonly StorefrontZone[] }): ShippingRates {
  const rates: Partial<Record<ZoneId, ShippingRate>> = {};
  for (const zone of shipping.zones)
    rates[zone.id] = {
      fee: cents(zone.price),
      freeOver: zone.freeFrom === null ? null : cents(zone.freeFrom),
    };
  return rates;
}
