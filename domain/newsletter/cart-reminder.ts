/**
 * The cart reminder (docs/product/states.md §5.10a): one e-mail, only to a shopper who ticked the box before the
 * checkout, when that checkout is not paid within CART_REMINDER_DELAY_MINUTES. Its link opens the cart
 * at `/#/cart?restore={token}`:
 * - GET CART_RESTORE_PATH/{token} answers the cart as the catalogue prices it now, naming what can no
 *   longer be ordered. It changes nothing: mail providers' link scanners open links, and some run the
 *   page's script, so opening the link must never use it up.
 * - POST CART_RESTORE_PATH/{token} is the shopper's own "Put these back in my cart": the link's one use.
 * The rows keep product ids, sizes and quantities, never prices: the cart is always priced anew. No zod
 * here: the checkout's dialog and the cart page read these texts, and their chunks stay small.
 */
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import type { SizeCode } from '../config';
import type { Cents } from '../shared/money';

export const CART_RESTORE_PATH = '/api/cart-reminders';

/** The link's secret: 24 random bytes, base64url (32 characters); anything else is refused unread. */
export const RESTORE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

import { CART_RESTORE_PARAM } from './remind-me';

export { CART_RESTORE_PARAM, REMIND_ME_HINT, REMIND_ME_LABEL } from './remind-me';

export const CART_REMINDER_TEXT = {
  unknown:
    'This link is no longer valid: the order may be paid, or the link is more than a week old. Your cart may still be here.',
  used: 'This link has been used already: whatever it restored is in your cart.',
  offline: "We couldn't reach the shop. Please check your connection and try again.",
  unavailable: (names: readonly string[]) => `No longer available, so not put back: ${names.join(', ')}.`,
} as const;

/** One line of the stored cart (never a price). */
export interface ReminderLine {
  readonly id: string;
  readonly size: SizeCode;
  readonly quantity: number;
}

/** Why a stored line cannot go back into the cart. */
export const UNAVAILABLE_REASONS = ['paused', 'retired', 'unknown', 'size'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** The answer of both routes (the schemas the browser parses it with: ./cart-reminder-api.ts). */
export interface RestoredCart {
  readonly ok: true;
  /** The link was used already (its POST): the GET still shows the cart, the POST is refused. */
  readonly used: boolean;
  /** Lines that can be ordered now, at today's price (cents). */
  readonly lines: readonly {
    readonly id: string;
    readonly name: string;
    readonly size: SizeCode;
    readonly quantity: number;
    readonly unitPrice: number;
  }[];
  /** Lines that cannot, named: paused, retired, gone from the catalogue, or no longer made in that size. */
  readonly unavailable: readonly {
    readonly id: string;
    readonly name: string;
    readonly reason: UnavailableReason;
  }[];
}

export type RestoreResponse = RestoredCart | { readonly ok: false; readonly error: string };

/** The stored lines as the catalogue sells them now: re-priced, and what it no longer sells named. */
export function repriceReminderLines(
  lines: readonly ReminderLine[],
  catalogue: CatalogueSnapshot,
): Pick<RestoredCart, 'lines' | 'unavailable'> {
  const byId = new Map(catalogue.products.map((p) => [p.id, p]));
  const available: RestoredCart['lines'][number][] = [];
  const unavailable: RestoredCart['unavailable'][number][] = [];
  for (const line of lines) {
    const product = byId.get(line.id);
    if (!product) {
      unavailable.push({ id: line.id, name: 'A bracelet no longer in the shop', reason: 'unknown' });
    } else if (product.status !== 'active') {
      unavailable.push({ id: line.id, name: product.name, reason: product.status });
    } else if (!product.sizes.includes(line.size)) {
      unavailable.push({ id: line.id, name: `${product.name} (size ${line.size})`, reason: 'size' });
    } else {
      const unitPrice: Cents = product.price;
      available.push({
        id: line.id,
        name: product.name,
        size: line.size,
        quantity: line.quantity,
        unitPrice,
      });
    }
  }
  return { lines: available, unavailable };
}

/** The reminder's link: the cart page, which asks the server for the cart. */
export function cartRestoreUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/#/cart?${CART_RESTORE_PARAM}=${encodeURIComponent(token)}`;
}
