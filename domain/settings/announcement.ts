/**
 * The announcement bar's first text (docs/product/desk.md §10.14), on its own: every page's shell shows the bar,
 * and carries nothing of the other settings for it.
 */
import { FREE_SHIPPING_THRESHOLD, POLICY } from '../config';
import { type Cents, formatEuroShort } from '../shared/money';

export const DEFAULT_ANNOUNCEMENT_ENABLED = true;

/** The bar's text before the owner writes her own (the storefront's text since the first release). */
export const DEFAULT_ANNOUNCEMENT_TEXT = `Free shipping in Ireland from ${formatEuroShort(FREE_SHIPPING_THRESHOLD)} • ${POLICY.returnsDays}-day returns`;

/**
 * The announcement's free-shipping promise when the saved shipping no longer keeps it: the bar says "free
 * shipping from €40" and no zone's free shipping starts at €40 (the owner changed the threshold and not the
 * text). Settings warns with these words; null when the bar promises nothing of the kind, or keeps it.
 */
export function announcementContradiction(
  announcement: { readonly text: string; readonly enabled: boolean },
  zones: readonly { readonly name: string; readonly freeFrom: number | null }[],
): string | null {
  if (!announcement.enabled || !/free (shipping|delivery|postage)/i.test(announcement.text)) return null;
  const promised = announcement.text.match(/€\s?(\d+(?:[.,]\d{1,2})?)/)?.[1];
  if (promised === undefined) return null;
  const cents = Math.round(Number(promised.replace(',', '.')) * 100);
  if (zones.some((zone) => zone.freeFrom === cents)) return null;
  const now = zones
    .filter((zone) => zone.freeFrom !== null)
    .map((zone) => `${zone.name} from ${formatEuroShort(zone.freeFrom as Cents)}`);
  return `The announcement bar promises free shipping from ${formatEuroShort(cents as Cents)}, but the shipping settings say ${
    now.length ? now.join(', ') : 'no free shipping'
  }. Change the announcement or the threshold so they agree.`;
}
