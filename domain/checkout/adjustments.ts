/**
 * The steps that price a cart, in one declared order (server/checkout/pricing.ts runs the list; a feature
 * adds its step by declaring it, docs/architecture.md). Each step finds what it knows about this cart
 * (I/O: a code's rule, the destination's VAT rules, a card's balance); the pure pricedOrder
 * (priced-order.ts) then makes every price from what they found. Three kinds, in this order of stages
 * (the law's: the price, then the tax on it, then how it is paid), each entry in its stage as declared:
 * - `discount`: takes money off the items (the early-bird tier, a discount code). The order total follows.
 *   Discounts never stack (docs/product/numbers.md §4.2a): an entry's offer replaces the discount so far when it
 *   takes at least as much off, so of two equal offers the one declared later applies.
 * - `tax`: the VAT rules for the cart's destination and buyer (the tax inside each line). Prices do not change.
 * - `payment`: pays part of the total, VAT included, another way than the hosted checkout (a gift card's
 *   balance). The order total and its VAT stay; what is left to pay goes down, never below zero.
 */
import type { PricedLineInput } from '../cart/pricing';
import type { ZoneId } from '../config';
import type { AppliedDiscount } from '../offers/discounts';
import { type Cents, cents } from '../shared/money';
import type { VatInput } from '../vat/vat-breakdown';

export type AdjustmentKind = 'discount' | 'payment' | 'tax';

/** The stages, in the order they run. */
export const ADJUSTMENT_STAGES: readonly AdjustmentKind[] = ['discount', 'tax', 'payment'];

/** The VAT rules for a cart's destination and buyer (server/vat's step reads them); the lines come from pricing. */
export type TaxRules = Omit<VatInput, 'lines'>;

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
  /** The gift cards bought with the order, each its face value (lines of the order, no goods); none: []. */
  readonly cardsBought?: readonly Cents[];
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
      readonly kind: 'tax';
      readonly name: string;
      /** The VAT rules for the cart's destination and buyer; null before the checkout knows them. */
      rules(cart: CheckoutCart): Promise<TaxRules | null>;
    }
  | {
      readonly kind: 'payment';
      readonly name: string;
      /** How much it could pay (a card's balance); pricedOrder caps it at what is due. */
      pay(cart: CheckoutCart): Promise<{ readonly ok: true; readonly amount: Cents } | AdjustmentRefusal>;
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
