/**
 * What an order costs, for the cart's check (POST /api/discounts/check) and for the checkout that charges
 * it: one function, so the cart's shipping line and total are the amounts the hosted checkout asks for.
 * The cart is priced, then its adjustments run in their declared order (domain/checkout/adjustments.ts):
 * the discounts come off the items, then the zone's fee and free-shipping threshold as the owner set them
 * apply (domain/offers/discounts.ts priceDiscountedOrder; without her settings, in tests, the first
 * start's zones), then what other payments take, then what part of each line is tax.
 */
import {
  type AdjustedCheckout,
  type Adjustment,
  type CheckoutCart,
  checkDeclaredOrder,
  type LineTax,
  NO_DISCOUNT,
  type PaymentPart,
  payPart,
  takeDiscount,
} from '../../domain/checkout/adjustments';
import type { AppliedDiscount } from '../../domain/offers/discounts';
import { priceDiscountedOrder } from '../../domain/offers/discounts';
import { type StorefrontZone, shippingRates } from '../../domain/settings/storefront-settings';
import { cents } from '../../domain/shared/money';

export type CheckoutPrice =
  | ({ readonly ok: true } & AdjustedCheckout)
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
  const discounts = shop.adjustments.filter((a) => a.kind === 'discount');
  let applied: AppliedDiscount | null = discounts.length > 0 ? NO_DISCOUNT : null;
  for (const entry of discounts) {
    const offered = await entry.offer(cart);
    if (!offered.ok) return offered;
    if (applied) applied = takeDiscount(applied, offered.applied);
  }
  const totals = priceDiscountedOrder(
    cart.lines,
    cart.zone,
    cart.giftWrap,
    applied?.amount ?? cents(0),
    shop.shipping ? shippingRates(shop.shipping) : undefined,
  );
  let so: AdjustedCheckout = { applied, totals, payments: [], due: totals.total, taxes: [] };
  for (const entry of shop.adjustments) {
    if (entry.kind === 'payment') {
      const paying = await entry.pay(cart, so);
      if (!paying.ok) return paying;
      const { paid, due } = payPart(so.due, paying.amount);
      const part: PaymentPart = { name: entry.name, amount: paid };
      so = { ...so, payments: paid > 0 ? [...so.payments, part] : so.payments, due };
    } else if (entry.kind === 'tax') {
      const taxes: readonly LineTax[] = await entry.tax(cart, so);
      so = { ...so, taxes: [...so.taxes, ...taxes] };
    }
  }
  return { ok: true, ...so };
}
