/**
 * What an order costs, for the cart's check (POST /api/discounts/check) and for every checkout that charges
 * it: one function, so the cart's shipping line and total are the amounts the hosted checkout asks for.
 * The declared steps (domain/checkout/adjustments.ts) each say what they know about the cart, in their
 * stages' order: the discounts offered, the VAT rules for the destination, the balances offered as payment.
 * The pure pricedOrder (domain/checkout/priced-order.ts) then makes every line, total and payment; the
 * caller stores exactly what it returns (without her settings, in tests, the first start's zones).
 */
import {
  type Adjustment,
  type AdjustmentRefusal,
  type CheckoutCart,
  checkDeclaredOrder,
} from '../../domain/checkout/adjustments';
import {
  type PricedOrder,
  pricedOrder,
  storedTotals,
  type TaxRules,
} from '../../domain/checkout/priced-order';
import type { AppliedDiscount, DiscountedTotals } from '../../domain/offers/discounts';
import { type StorefrontZone, shippingRates } from '../../domain/settings/storefront-settings';
import type { Cents } from '../../domain/shared/money';

export type CheckoutPrice =
  | {
      readonly ok: true;
      /** The whole priced order: lines, totals, payments. */
      readonly order: PricedOrder;
      /** The discount that applies (null: no discount entry was declared). */
      readonly applied: AppliedDiscount | null;
      /** The order's row as stored (storedTotals of `order`). */
      readonly totals: DiscountedTotals;
    }
  | { readonly ok: false; readonly error: string };

/** The adjustments a shop runs, checked once: stages in order, each name once. */
export function declareAdjustments(entries: readonly Adjustment[]): readonly Adjustment[] {
  checkDeclaredOrder(entries);
  return entries;
}

export async function priceCheckout(
  shop: {
    readonly adjustments: readonly Adjustment[];
    readonly shipping: { readonly zones: readonly StorefrontZone[] } | undefined;
  },
  cart: CheckoutCart,
): Promise<CheckoutPrice> {
  const discounts: (AppliedDiscount | null)[] = [];
  let tax: TaxRules | null = null;
  const payments: { method: string; offered: Cents }[] = [];
  let refused: AdjustmentRefusal | null = null;
  for (const entry of shop.adjustments) {
    if (entry.kind === 'discount') {
      const offered = await entry.offer(cart);
      if (!offered.ok) refused = offered;
      else discounts.push(offered.applied);
    } else if (entry.kind === 'tax') {
      tax = (await entry.rules(cart)) ?? tax;
    } else {
      const paying = await entry.pay(cart);
      if (!paying.ok) refused = paying;
      else payments.push({ method: entry.name, offered: paying.amount });
    }
    if (refused) return refused;
  }
  const order = pricedOrder(cart.lines, {
    zone: cart.zone,
    giftWrap: cart.giftWrap,
    ...(shop.shipping ? { shippingRates: shippingRates(shop.shipping) } : {}),
    discounts,
    tax,
    payments,
    cardsBought: (cart.cardsBought ?? []).map((amount) => ({ amount })),
  });
  const declaresDiscounts = shop.adjustments.some((a) => a.kind === 'discount');
  return {
    ok: true,
    order,
    applied: declaresDiscounts ? order.applied : null,
    totals: storedTotals(order),
  };
}
