/**
 * What changes a priced cart, in one declared order (server/checkout/pricing.ts runs the list). Three kinds,
 * always in this order of stages, each entry in its stage in the order it was declared:
 * - `discount`: takes money off the items (the early-bird tier, a discount code). The order total follows.
 *   Discounts never stack (docs/product/numbers.md §4.2a): an entry's offer replaces the discount so far when it
 *   takes at least as much off, so of two equal offers the one declared later applies.
 * - `payment`: pays part of the total another way than the hosted checkout (a gift card's balance). The
 *   order total stays; what is left to pay goes down, never below zero.
 * - `tax`: says what part of each line is tax (VAT). Prices do not change.
 */
import type { PricedLineInput } from '../cart/pricing';
import type { ZoneId } from '../config';
import type { AppliedDiscount, DiscountedTotals } from '../offers/discounts';
import { type Cents, cents } from '../shared/money';

export type AdjustmentKind = 'discount' | 'payment' | 'tax';

/** The stages, in the order they run. */
export const ADJUSTMENT_STAGES: readonly AdjustmentKind[] = ['discount', 'payment', 'tax'];

/** The cart an adjustment is asked about. */
export interface CheckoutCart {
  /** Null when the cart asks before the checkout (no e-mail yet). */
  readonly email: string | null;
  readonly lines: readonly PricedLineInput[];
  /** The code the shopper typed, as typed; null without one. */
  readonly code: string | null;
  readonly zone: ZoneId;
  readonly giftWrap: boolean;
  readonly now: Date;
  /** Gift card codes as typed, in the shopper's order (a `payment` entry reads them); none: []. */
  readonly giftCardCodes?: readonly string[];
  /**
   * Where the order goes and who buys (the checkout settles it; the cart's check does not know it): the
   * `tax` stage needs it. A business is one whose VAT number VIES found valid, with its number's country.
   */
  readonly destination?: {
    readonly country: string;
    readonly business: { readonly country: string } | null;
  };
}

/** A refusal names what was refused (the cart shows it by the field). */
export interface AdjustmentRefusal {
  readonly ok: false;
  readonly error: string;
  /** The request's field refused, as the 400 names it (`giftCardCodes[1]`); absent: the cart as a whole. */
  readonly field?: string;
}

/** A part of the total paid another way, by the entry that took it. */
export interface PaymentPart {
  readonly name: string;
  readonly amount: Cents;
}

/** The part of one line (by its position in the cart; after the cart's lines: shipping, then gift wrap) that is tax. */
export interface LineTax {
  readonly line: number;
  readonly rateBp: number;
  readonly tax: Cents;
}

/** The checkout as priced so far: what a payment or tax entry sees. */
export interface AdjustedCheckout {
  /** The discount that applies (null: no discount entry was declared). */
  readonly applied: AppliedDiscount | null;
  /** The order's totals: its total is what the order costs, whatever pays it. */
  readonly totals: DiscountedTotals;
  readonly payments: readonly PaymentPart[];
  /** What is left for the hosted checkout to take. */
  readonly due: Cents;
  readonly taxes: readonly LineTax[];
}

export type Adjustment =
  | {
      readonly kind: 'discount';
      readonly name: string;
      /** What it would take off the items; null: nothing for this cart. */
      offer(
        cart: CheckoutCart,
      ): Promise<{ readonly ok: true; readonly applied: AppliedDiscount | null } | AdjustmentRefusal>;
    }
  | {
      readonly kind: 'payment';
      readonly name: string;
      /** How much of `so.due` it pays (more is capped at what is due). */
      pay(
        cart: CheckoutCart,
        so: AdjustedCheckout,
      ): Promise<{ readonly ok: true; readonly amount: Cents } | AdjustmentRefusal>;
    }
  | {
      readonly kind: 'tax';
      readonly name: string;
      /** The tax inside each line it applies to. */
      tax(cart: CheckoutCart, so: AdjustedCheckout): Promise<readonly LineTax[]>;
    };

/** A declared list runs as declared: stages in order, each name once. Throws at registration otherwise. */
export function checkDeclaredOrder(
  entries: readonly { readonly kind: AdjustmentKind; readonly name: string }[],
): void {
  let stage = 0;
  const names = new Set<string>();
  for (const entry of entries) {
    const at = ADJUSTMENT_STAGES.indexOf(entry.kind);
    if (at < stage)
      throw new Error(`adjustment ${entry.name} (${entry.kind}) is declared after a later stage`);
    if (names.has(entry.name)) throw new Error(`adjustment ${entry.name} is declared twice`);
    stage = at;
    names.add(entry.name);
  }
}

/**
 * Discounts never stack: an offer that takes something, at least as much as the discount so far, replaces
 * it; start from `NO_DISCOUNT`.
 */
export function takeDiscount(current: AppliedDiscount, offered: AppliedDiscount | null): AppliedDiscount {
  if (!offered || offered.amount <= 0 || current.amount > offered.amount) return current;
  return offered;
}

export const NO_DISCOUNT: AppliedDiscount = { source: 'none', amount: cents(0) };

/** What is left to pay after a payment of `amount`: never below zero. */
export function payPart(due: Cents, amount: Cents): { readonly paid: Cents; readonly due: Cents } {
  const paid = cents(Math.min(due, Math.max(0, amount)));
  return { paid, due: cents(due - paid) };
}
