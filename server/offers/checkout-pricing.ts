/**
 * What an order costs, for the cart's check (POST /api/discounts/check) and for the checkout that charges
 * it: one function, so the cart's shipping line and total are the amounts the hosted checkout asks for.
 * The discount (a code or the early-bird tier, checkout-discounts.ts) comes off the items, then the zone's
 * fee and free-shipping threshold as the owner set them apply (domain/offers/discounts.ts
 * priceDiscountedOrder); without her settings (tests), the first start's zones.
 */
import type { PricedLineInput } from '../../domain/cart/pricing';
import type { ZoneId } from '../../domain/config';
import {
  type AppliedDiscount,
  type DiscountedTotals,
  priceDiscountedOrder,
} from '../../domain/offers/discounts';
import { type StorefrontZone, shippingRates } from '../../domain/settings/storefront-settings';
import { cents } from '../../domain/shared/money';
import type { CheckoutDiscounts } from './checkout-discounts';

export type CheckoutPrice =
  | { readonly ok: true; readonly applied: AppliedDiscount | null; readonly totals: DiscountedTotals }
  | { readonly ok: false; readonly error: string };

export async function priceCheckout(
  shop: {
    readonly discounts: CheckoutDiscounts | undefined;
    readonly shipping: { readonly zones: readonly StorefrontZone[] } | undefined;
  },
  input: {
    /** Null when the cart asks before the checkout: the once-per-address rule waits for the e-mail. */
    readonly email: string | null;
    readonly lines: readonly PricedLineInput[];
    readonly code: string | null;
    readonly zone: ZoneId;
    readonly giftWrap: boolean;
    readonly now: Date;
  },
): Promise<CheckoutPrice> {
  const decision = shop.discounts
    ? await shop.discounts.decide({
        email: input.email,
        lines: input.lines,
        code: input.code,
        now: input.now,
      })
    : null;
  if (decision && !decision.ok) return decision;
  const applied = decision?.applied ?? null;
  const totals = priceDiscountedOrder(
    input.lines,
    input.zone,
    input.giftWrap,
    applied?.amount ?? cents(0),
    shop.shipping ? shippingRates(shop.shipping) : undefined,
  );
  return { ok: true, applied, totals };
}
