/** The offers feature's public face: discount codes and the early-bird price, as the checkout asks them. */
import type { CheckoutDiscounts } from './checkout-discounts';
import type { DiscountService } from './discount-service';
import type { DiscountStore } from './discount-store';

export { type CheckoutDiscounts, discountLabel } from './checkout-discounts';
export type { DiscountService, DiscountStore };

export interface OffersFace {
  /** What a code or the early-bird tier takes off a checkout, and a code's reservation and use. */
  readonly atCheckout: CheckoutDiscounts;
  /** The owner's discount codes (docs/product/numbers.md §4.2a). */
  readonly discounts: DiscountService;
  /** Every query of the discount codes and their reservations. */
  readonly store: DiscountStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    offers: OffersFace;
  }
}

export { forgetDiscountEmail } from './discount-store';
