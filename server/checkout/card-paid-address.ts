/**
 * The delivery address of an order the gift cards pay in full (docs/product/gift-cards.md §19.3): no hosted
 * checkout collects one, so the checkout's body carries it. Checked against the cart's zone here and
 * handed to markPaid, which stores it where the hosted checkout's address goes (markPaidAndQueue).
 */
import type { CheckoutShipping } from '../../domain/checkout/checkout-shipping';
import { SHIPPING_MESSAGES } from '../../domain/checkout/checkout-shipping';
import type { ZoneId } from '../../domain/config';
import { SEEDED_ZONES, type ShippingZoneSetting } from '../../domain/settings/shop-settings';
import { refuse } from '../lib/refusal';
import type { ShippingDetails } from '../payments';

/**
 * The order's shipping details: null for an order of gift cards alone (nothing to post); otherwise the
 * address given, in a country of the cart's zone, or a 400 naming the field (nothing is stored).
 */
export function cardPaidAddress(input: {
  readonly hasBracelets: boolean;
  readonly shipping: CheckoutShipping | null | undefined;
  readonly zoneId: ZoneId;
  /** The zone as the owner's settings hold it; null without settings (the first start's zones). */
  readonly zone: ShippingZoneSetting | null;
}): ShippingDetails | null {
  if (!input.hasBracelets) return null;
  const { shipping } = input;
  if (!shipping) return refuse('invalid', SHIPPING_MESSAGES.needed);
  const zone = input.zone ?? SEEDED_ZONES.find((z) => z.id === input.zoneId);
  if (!zone?.countries.includes(shipping.country)) return refuse('invalid', SHIPPING_MESSAGES.country);
  return {
    name: shipping.name,
    address: {
      line1: shipping.line1,
      line2: shipping.line2 ? shipping.line2 : null,
      city: shipping.city,
      state: null,
      postalCode: shipping.postalCode,
      country: shipping.country,
    },
  };
}
