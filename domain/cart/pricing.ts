/**
 * Order pricing, shared by the cart page (what the shopper sees) and the server (what is charged).
 * Both call the same function with the same catalogue, so the two can never disagree.
 */

import type { SizeCode } from '../config';
import { FREE_SHIPPING_THRESHOLD, GIFT_WRAP_PRICE, SHIPPING_ZONES, type ZoneId } from '../config';
import { addCents, type Cents, cents, multiplyCents } from '../shared/money';

export interface PricedLineInput {
  readonly id: string;
  readonly name: string;
  /** Absent means Medium. A size never changes a price (docs/product/sizes.md §13.1). */
  readonly size?: SizeCode;
  readonly unitPrice: Cents;
  readonly quantity: number;
  /** The server's order line only: the base URL of the product's main picture as sold. */
  readonly image?: string | null;
}

export interface PricedLine extends PricedLineInput {
  readonly lineTotal: Cents;
}

export interface OrderTotals {
  readonly lines: readonly PricedLine[];
  readonly subtotal: Cents;
  readonly shipping: Cents;
  readonly giftWrap: Cents;
  readonly total: Cents;
  readonly zone: ZoneId;
  readonly itemCount: number;
  /** True when the zone's free-shipping offer applies to this subtotal. */
  readonly freeShipping: boolean;
}

export function subtotalOf(lines: readonly PricedLineInput[]): Cents {
  return addCents(...lines.map((l) => multiplyCents(l.unitPrice, l.quantity)));
}

/**
 * A zone's price and free-shipping threshold as the owner set them (domain/settings/shop-settings.ts);
 * without it, the first start's values of domain/config.ts.
 */
export interface ShippingRate {
  readonly fee: Cents;
  readonly freeOver: Cents | null;
}
export type ShippingRates = Readonly<Partial<Record<ZoneId, ShippingRate>>>;

export function shippingRate(zone: ZoneId, rates?: ShippingRates): ShippingRate {
  return rates?.[zone] ?? SHIPPING_ZONES[zone];
}

export function shippingFee(zone: ZoneId, subtotal: Cents, rates?: ShippingRates): Cents {
  const z = shippingRate(zone, rates);
  if (subtotal <= 0) return cents(0);
  if (z.freeOver !== null && subtotal >= z.freeOver) return cents(0);
  return z.fee;
}

export function priceOrder(
  lines: readonly PricedLineInput[],
  zone: ZoneId,
  giftWrap: boolean,
  rates?: ShippingRates,
): OrderTotals {
  const priced = lines.map((l) => ({ ...l, lineTotal: multiplyCents(l.unitPrice, l.quantity) }));
  const subtotal = subtotalOf(lines);
  const shipping = shippingFee(zone, subtotal, rates);
  const wrap = giftWrap && lines.length > 0 ? GIFT_WRAP_PRICE : cents(0);
  const z = shippingRate(zone, rates);
  return {
    lines: priced,
    subtotal,
    shipping,
    giftWrap: wrap,
    total: addCents(subtotal, shipping, wrap),
    zone,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    freeShipping: subtotal > 0 && z.freeOver !== null && subtotal >= z.freeOver,
  };
}

/** What is left to spend for free shipping in Ireland (the mini cart's progress bar); 0 when reached. */
export function freeShippingRemaining(subtotal: Cents, threshold: Cents = FREE_SHIPPING_THRESHOLD): Cents {
  return cents(Math.max(0, threshold - subtotal));
}

/** Progress towards the free-shipping threshold, 0..1. */
export function freeShippingProgress(subtotal: Cents, threshold: Cents = FREE_SHIPPING_THRESHOLD): number {
  return Math.min(1, Math.max(0, subtotal / threshold));
}
