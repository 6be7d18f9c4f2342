/**
 * The VAT feature's pricing step (domain/checkout/adjustments.ts, `tax` stage): the rules for the cart's
 * destination and buyer as the owner's settings hold them now, on the Irish day of the cart's moment (the
 * date of supply as the checkout knows it; settled again at payment). No rules before the checkout knows
 * where the order goes (the cart's check): the priced order then carries no VAT breakdown. The VAT inside
 * each line is then made by the pure pricedOrder (domain/checkout/priced-order.ts), rounded per line.
 */
import type { Adjustment, CheckoutCart, TaxRules } from '../../domain/checkout/adjustments';
import { irishDate } from '../../domain/shared/calendar-date';
import type { VatSettings } from '../../domain/vat/vat-settings';

export function vatStep(vat: { settings(): Promise<Pick<VatSettings, 'mode' | 'gb'>> }): Adjustment {
  return {
    kind: 'tax',
    name: 'vat',
    async rules(cart: CheckoutCart): Promise<TaxRules | null> {
      if (!cart.destination) return null;
      const s = await vat.settings();
      return {
        mode: s.mode,
        gb: s.gb,
        country: cart.destination.country,
        business: cart.destination.business,
        day: irishDate(cart.now),
      };
    },
  };
}
