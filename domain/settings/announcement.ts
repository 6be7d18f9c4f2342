/**
 * The announcement bar's first text (docs/product.md §10.14), on its own: every page's shell shows the bar,
 * and carries nothing of the other settings for it.
 */
import { FREE_SHIPPING_THRESHOLD, POLICY } from '../config';
import { formatEuroShort } from '../shared/money';

export const DEFAULT_ANNOUNCEMENT_ENABLED = true;

/** The bar's text before the owner writes her own (the storefront's text since the first release). */
export const DEFAULT_ANNOUNCEMENT_TEXT = `Free shipping in Ireland from ${formatEuroShort(FREE_SHIPPING_THRESHOLD)} • ${POLICY.returnsDays}-day returns`;
