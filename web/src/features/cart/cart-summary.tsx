import { type ReactNode, useId } from 'react';
import {
  deliveryDaysText,
  GIFT_WRAP_PRICE,
  productionDaysText,
  SHIPPING_ZONES,
  ZONE_IDS,
  type ZoneId,
} from '../../../../domain/config';
import { dutyNotice, gbChoiceOf, usDutyNotice } from '../../../../domain/customs/duty-notice';
import { giftCardLabel, splitAcrossCards } from '../../../../domain/gift-cards/gift-cards';
import { cents, formatEuro } from '../../../../domain/shared/money';
import { useGiftCardBag, useGiftCardPayments } from '../gift-cards';
import { salesPaused, useAway, useUsDutyPercent, useZones } from '../settings';
import { useCart } from './cart-context';
import { DiscountCodeField, useDiscountLine } from './discount-code';
import { FreeShippingProgress } from './free-shipping-progress';
import { GiftMessageField } from './gift-message-field';

function isZoneId(value: string): value is ZoneId {
  return ZONE_IDS.some((z) => z === value);
}

/**
 * The cart page's order summary: delivery destination, shipping, gift wrap, total, estimated dispatch and
 * the checkout. `announce` tells the page's live region what changed. The dispatch dates (making) and the
 * checkout (checkout) are those features' own pieces, which read the cart themselves: the page hands
 * them in, so the cart imports neither of them and both may import the cart.
 */
export function CartSummary({
  announce,
  dispatch,
  checkout,
}: {
  announce: (message: string) => void;
  /** The estimate for the chosen zone and the cart's pieces (memo there: re-renders only when they change). */
  dispatch: (zone: ZoneId, pieces: number) => ReactNode;
  checkout: ReactNode;
}) {
  const { totals, zone, setZone, giftWrap, setGiftWrap } = useCart();
  // The zones the owner ships to, named as she named them (a zone she switched off is not offered).
  const zones = useZones();
  const usDutyPercent = useUsDutyPercent();
  // While sales are paused the cart takes no order: no dispatch date or Christmas promise either.
  const paused = salesPaused(useAway());
  const zoneName = (id: ZoneId) => zones.find((z) => z.id === id)?.name ?? SHIPPING_ZONES[id].label;
  const discount = useDiscountLine();
  const line = discount.line;
  const zoneSelectId = useId();
  const giftWrapId = useId();
  // Every line counts (docs/product/gift-cards.md §19.3): the cards bought join the total after the
  // bracelets' discount, shipping and wrap, and the cards paying take what they can of the bracelets'
  // part (a card never buys a card), as the checkout charges.
  const bought = useGiftCardBag();
  const boughtTotal = bought.reduce((sum, card) => sum + card.amount, 0);
  const braceletsTotal = line ? line.total : totals.total;
  const total = braceletsTotal + boughtTotal;
  const paying = splitAcrossCards(useGiftCardPayments(), braceletsTotal).parts;
  const leftToPay = total - paying.reduce((sum, part) => sum + part.amount, 0);
  // Great Britain under £135 while the shop charges UK VAT there: nothing more at the door (the zone lists
  // GB only then), said before paying as the US duty is (docs/product/customs.md §21.4).
  const zoneCountries = zones.find((z) => z.id === zone)?.countries ?? [];
  const gbNotice = dutyNotice({
    country: 'GB',
    usDutyPercent,
    gb: gbChoiceOf(zoneCountries),
    valueCents: braceletsTotal,
  });
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-2xl border border-line bg-white p-6 lg:sticky lg:top-24"
    >
      <h2 id="order-summary-heading" className="text-2xl">
        Order Summary
      </h2>
      <div className="mt-5">
        <label htmlFor={zoneSelectId} className="block text-sm font-medium">
          Delivery destination
        </label>
        <select
          id={zoneSelectId}
          value={zone}
          onChange={(e) => {
            const next = e.target.value;
            if (!isZoneId(next)) return;
            setZone(next);
            announce(`Delivery destination ${zoneName(next)}`);
          }}
          className="mt-1 block h-11 w-full rounded-lg border border-line bg-cream px-3"
        >
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </select>
      </div>
      <dl className="mt-5 space-y-3">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd className="tabular-nums" data-testid="cart-subtotal">
            {formatEuro(totals.subtotal)}
          </dd>
        </div>
        {line ? (
          <div className="flex justify-between gap-4">
            <dt>{line.label}</dt>
            <dd className="tabular-nums" data-testid="cart-discount">
              −{formatEuro(cents(line.amount))}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>Shipping ({zoneName(zone)})</dt>
          <dd className="tabular-nums" data-testid="cart-shipping">
            {(line ? line.shipping === 0 : totals.freeShipping)
              ? 'Free'
              : formatEuro(cents(line?.shipping ?? totals.shipping))}
          </dd>
        </div>
        {giftWrap ? (
          <div className="flex justify-between gap-4">
            <dt>Gift wrapping</dt>
            <dd className="tabular-nums" data-testid="cart-gift-wrap">
              {formatEuro(totals.giftWrap)}
            </dd>
          </div>
        ) : null}
        {boughtTotal > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{bought.length === 1 ? 'Gift card' : `Gift cards (${bought.length})`}</dt>
            <dd className="tabular-nums" data-testid="cart-gift-cards">
              {formatEuro(cents(boughtTotal))}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-3 text-lg font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {formatEuro(cents(total))}
          </dd>
        </div>
        {paying.map(({ card, amount }) => (
          <div key={card.code} className="flex justify-between gap-4">
            <dt>{giftCardLabel(card.last4)}</dt>
            <dd className="tabular-nums">−{formatEuro(cents(amount))}</dd>
          </div>
        ))}
        {paying.length > 0 ? (
          <div className="flex justify-between gap-4 font-semibold">
            <dt>Left to pay</dt>
            <dd className="tabular-nums" data-testid="cart-left-to-pay">
              {formatEuro(cents(leftToPay))}
            </dd>
          </div>
        ) : null}
      </dl>
      <DiscountCodeField discount={discount} />
      <div className="mt-4">
        {/* The threshold compares the items after the discount, as the checkout charges. */}
        <FreeShippingProgress
          subtotal={line ? cents(totals.subtotal - line.amount) : totals.subtotal}
          zone={zone}
        />
      </div>
      <div className="mt-5 flex items-start gap-3">
        <input
          id={giftWrapId}
          type="checkbox"
          checked={giftWrap}
          onChange={(e) => {
            setGiftWrap(e.target.checked);
            announce(e.target.checked ? 'Gift wrapping added' : 'Gift wrapping removed');
          }}
          className="h-6 w-6 shrink-0 accent-wine"
        />
        <label htmlFor={giftWrapId}>Add gift wrapping (+{formatEuro(GIFT_WRAP_PRICE)})</label>
      </div>
      {giftWrap ? <GiftMessageField /> : null}
      {paused ? null : (
        <div className="mt-5 rounded-xl bg-sand px-4 py-3 text-sm">
          <p className="font-medium">Estimated dispatch</p>
          <p className="mt-1 text-muted">
            Made to order: {productionDaysText()}, then delivery in {deliveryDaysText(zone)}
          </p>
          {dispatch(zone, totals.itemCount)}
        </div>
      )}
      {zone === 'WORLD' ? (
        <p className="mt-3 rounded-xl bg-sand px-4 py-3 text-sm">{usDutyNotice(usDutyPercent)}</p>
      ) : null}
      {gbNotice ? <p className="mt-3 rounded-xl bg-sand px-4 py-3 text-sm">{gbNotice}</p> : null}
      <div className="mt-6">{checkout}</div>
    </section>
  );
}
