/**
 * Discounts (docs/product/numbers.md §4.2a): a code the owner creates in the desk, or the automatic bulk
 * "early bird" tier. The rules, shared by the cart (what the shopper sees) and the server (what is charged):
 * - A discount applies to the items only, never to gift wrap or shipping.
 * - A percentage is rounded to the cent in the shopper's favour (up), and no discount exceeds the items.
 * - The free-shipping threshold compares the items after the discount.
 * - One code per order, and a code never stacks with the tier: the larger discount applies; on a tie the
 *   code does, so the shopper sees the code they typed accepted.
 * zod-free: the cart's chunk uses it (docs/decisions/0003-browser-zod-mini.md).
 */

import {
  type OrderTotals,
  type PricedLineInput,
  priceOrder,
  type ShippingRates,
  shippingRate,
} from '../cart/pricing';
import type { ZoneId } from '../config';
import { addCents, type Cents, cents, formatEuroShort } from '../shared/money';

/** The cart asks here what a code (or the early-bird tier) takes off it (domain/checkout/checkout.ts has its schemas). */
export const DISCOUNT_CHECK_PATH = '/api/discounts/check';

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
export const DISCOUNT_CODE_ERROR = 'A discount code has 3 to 32 letters, digits or "-"';

/** The code as stored and compared: case-insensitive, so upper case, without surrounding spaces. */
export function normalizeDiscountCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return DISCOUNT_CODE_PATTERN.test(code) ? code : null;
}

/** Either a percentage (1-90) or an amount in cents comes off the items. */
export type DiscountValue =
  | { readonly kind: 'percent'; readonly percent: number }
  | { readonly kind: 'amount'; readonly amount: Cents };

export interface DiscountCodeRule {
  readonly code: string;
  readonly value: DiscountValue;
  /** Items' subtotal (before the discount) needed for the code to apply; 0 for none. */
  readonly minSubtotal: Cents;
  /** Epoch milliseconds; null for no bound. */
  readonly startsAt: number | null;
  readonly endsAt: number | null;
  /** Paid orders plus live reservations may never exceed it; null for no limit. */
  readonly maxUses: number | null;
  readonly oncePerEmail: boolean;
  readonly active: boolean;
}

/** What the shop knows about a code's uses when a checkout asks for it. */
export interface CodeUsage {
  /** Paid orders carrying the code plus checkouts holding a reservation that has not been released. */
  readonly taken: number;
  /** Whether this shopper's address already has a paid order (or a live reservation) with the code. */
  readonly usedByEmail: boolean;
}

export type CodeRefusal =
  | 'unknown'
  | 'inactive'
  | 'not-started'
  | 'expired'
  | 'used-up'
  | 'minimum-not-met'
  | 'already-used';

/** One sentence per reason, shown in the cart and returned by the API. */
export function codeRefusalMessage(reason: CodeRefusal, code: string, rule?: DiscountCodeRule): string {
  switch (reason) {
    case 'unknown':
      return `We don't know the code ${code}. Check the spelling and try again.`;
    case 'inactive':
      return `The code ${code} is not active.`;
    case 'not-started':
      return `The code ${code} is not valid yet.`;
    case 'expired':
      return `The code ${code} has expired.`;
    case 'used-up':
      return `The code ${code} has been used as many times as it can be.`;
    case 'minimum-not-met':
      return `The code ${code} needs items worth at least ${formatEuroShort(rule?.minSubtotal ?? cents(0))}.`;
    case 'already-used':
      return `The code ${code} can be used once per e-mail address, and this address has used it.`;
  }
}

/**
 * Why a code does not apply to this order, or null when it does. Checked in this order so the shopper
 * hears the reason they can act on last: a code that has expired is expired whatever the cart holds.
 */
export function refuseCode(
  rule: DiscountCodeRule,
  itemsSubtotal: Cents,
  usage: CodeUsage,
  now: number,
): CodeRefusal | null {
  if (!rule.active) return 'inactive';
  if (rule.startsAt !== null && now < rule.startsAt) return 'not-started';
  if (rule.endsAt !== null && now >= rule.endsAt) return 'expired';
  if (rule.maxUses !== null && usage.taken >= rule.maxUses) return 'used-up';
  if (rule.oncePerEmail && usage.usedByEmail) return 'already-used';
  if (itemsSubtotal < rule.minSubtotal) return 'minimum-not-met';
  return null;
}

/** The discount a value gives on these items: rounded up to the cent, never more than the items. */
export function discountOn(value: DiscountValue, itemsSubtotal: Cents): Cents {
  if (itemsSubtotal <= 0) return cents(0);
  const raw =
    value.kind === 'percent' ? Math.ceil((itemsSubtotal * value.percent) / 100) : Math.max(0, value.amount);
  return cents(Math.min(itemsSubtotal, raw));
}

/** The early-bird tier's defaults (docs/product/numbers.md §4.2a): 15% off orders of 20 pieces or more. */
export const EARLY_BIRD_PERCENT = 15;
export const EARLY_BIRD_MIN_PIECES = 20;

/** The automatic bulk price: `percent` off orders of at least `minPieces` pieces until `until`. */
export interface BulkTier {
  readonly percent: number;
  readonly minPieces: number;
  /** Epoch milliseconds (exclusive); the tier applies before it. */
  readonly until: number;
}

export function tierApplies(tier: BulkTier | null, pieces: number, now: number): tier is BulkTier {
  return tier !== null && pieces >= tier.minPieces && now < tier.until;
}

export type AppliedDiscount =
  | { readonly source: 'none'; readonly amount: Cents }
  | { readonly source: 'code'; readonly code: string; readonly amount: Cents }
  | { readonly source: 'tier'; readonly percent: number; readonly amount: Cents };

/**
 * The discount an order gets: the code's (already checked with refuseCode) or the tier's, whichever is
 * larger for the shopper; never both.
 */
export function chooseDiscount(
  itemsSubtotal: Cents,
  pieces: number,
  now: number,
  code: { readonly code: string; readonly value: DiscountValue } | null,
  tier: BulkTier | null,
): AppliedDiscount {
  const fromCode = code ? discountOn(code.value, itemsSubtotal) : cents(0);
  const fromTier = tierApplies(tier, pieces, now)
    ? discountOn({ kind: 'percent', percent: tier.percent }, itemsSubtotal)
    : cents(0);
  if (code && fromCode > 0 && fromCode >= fromTier)
    return { source: 'code', code: code.code, amount: fromCode };
  if (tier && fromTier > 0) return { source: 'tier', percent: tier.percent, amount: fromTier };
  return { source: 'none', amount: cents(0) };
}

export interface DiscountedTotals extends OrderTotals {
  readonly discount: Cents;
}

/**
 * priceOrder with a discount off the items: the shipping fee is decided by the items after the discount,
 * and total = subtotal - discount + shipping + gift wrap.
 */
export function priceDiscountedOrder(
  lines: readonly PricedLineInput[],
  zone: ZoneId,
  giftWrap: boolean,
  discount: Cents,
  rates?: ShippingRates,
): DiscountedTotals {
  const base = priceOrder(lines, zone, giftWrap, rates);
  const off = cents(Math.min(base.subtotal, Math.max(0, discount)));
  const itemsAfter = cents(base.subtotal - off);
  const z = shippingRate(zone, rates);
  const freeShipping = base.subtotal > 0 && z.freeOver !== null && itemsAfter >= z.freeOver;
  const shipping = base.subtotal <= 0 || freeShipping ? cents(0) : z.fee;
  return {
    ...base,
    discount: off,
    shipping,
    freeShipping,
    total: addCents(itemsAfter, shipping, base.giftWrap),
  };
}

/**
 * A stored order's items at their prices, before any discount. The orders table's `subtotal` holds the
 * items after the discount (docs/decisions/0016-discount-reservations.md: SQLite cannot change the CHECK
 * that ties it to the total), so every reader showing the items' prices reads this instead.
 */
export function itemsSubtotal(row: { readonly subtotal: number; readonly discount: number }): number {
  return row.subtotal + row.discount;
}

/** The discount's line wherever an order is shown: `Discount (XMAS15)`, or `Early bird` for the tier. */
export function discountLineLabel(code: string | null): string {
  return code ? `Discount (${code})` : 'Early bird';
}
