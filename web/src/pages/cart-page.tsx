/**
 * /cart: the lines with quantity controls, the order summary (delivery destination, shipping, gift wrap,
 * total, estimated dispatch) and the checkout, which the checkout feature renders itself.
 */
import { useId, useRef, useState } from 'react';
import { describeQuantityChange } from '../../../domain/cart';
import {
  deliveryDaysText,
  GIFT_WRAP_PRICE,
  LIMITS,
  productionDaysText,
  SHIPPING_ZONES,
  ZONE_IDS,
  type ZoneId,
} from '../../../domain/config';
import { formatEuro } from '../../../domain/money';
import { productPath } from '../../../domain/routes';
import { Link } from '../app/router';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { type CartLineView, useCart } from '../features/cart/cart-context';
import { FreeShippingProgress } from '../features/cart/free-shipping-progress';
import { QuantityStepper } from '../features/cart/quantity-stepper';
import { CheckoutSection } from '../features/checkout/checkout-section';

function isZoneId(value: string): value is ZoneId {
  return ZONE_IDS.some((z) => z === value);
}

interface CartLineItemProps {
  readonly line: CartLineView;
  readonly onChange: (message: string, removed: boolean) => void;
}

function CartLineItem({ line, onChange }: CartLineItemProps) {
  const { product, quantity, lineTotal } = line;
  const { increment, decrement, removeItem } = useCart();
  const atMax = quantity >= LIMITS.maxQuantityPerLine;
  return (
    <li className="grid grid-cols-[5.5rem_1fr] gap-4 py-6 sm:grid-cols-[7rem_1fr]">
      <Link to={productPath(product.id)} tabIndex={-1} aria-hidden="true" className="block">
        <ResponsiveImage
          id={product.image}
          kind="product"
          alt=""
          sizes="(min-width: 640px) 112px, 88px"
          className="aspect-square h-auto w-full rounded-xl bg-sand object-cover"
        />
      </Link>
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="font-serif text-lg">
            <Link to={productPath(product.id)} className="hover:text-wine hover:underline">
              {product.name}
            </Link>
          </h3>
          <p className="tabular-nums">
            <span className="sr-only">Line total: </span>
            <span className="font-semibold">{formatEuro(lineTotal)}</span>
          </p>
        </div>
        <p className="mt-1 text-sm text-muted">
          {product.category} · <span className="tabular-nums">{formatEuro(product.price)}</span> each
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <QuantityStepper
            name={product.name}
            quantity={quantity}
            onDecrease={() => {
              decrement(product.id);
              onChange(describeQuantityChange(product.name, quantity - 1), quantity <= 1);
            }}
            onIncrease={() => {
              increment(product.id);
              onChange(
                describeQuantityChange(product.name, Math.min(LIMITS.maxQuantityPerLine, quantity + 1)),
                false,
              );
            }}
          />
          <button
            type="button"
            className="min-h-11 rounded-full px-3 text-sm text-muted underline hover:text-wine"
            aria-label={`Remove ${product.name} from cart`}
            onClick={() => {
              removeItem(product.id);
              onChange(describeQuantityChange(product.name, 0), true);
            }}
          >
            Remove
          </button>
        </div>
        {atMax ? (
          <p className="mt-2 text-sm text-muted">
            Each piece is made by hand, so we take up to {LIMITS.maxQuantityPerLine} of one design per order.
          </p>
        ) : null}
      </div>
    </li>
  );
}

function OrderSummary({ announce }: { announce: (message: string) => void }) {
  const { totals, zone, setZone, giftWrap, setGiftWrap } = useCart();
  const zoneSelectId = useId();
  const giftWrapId = useId();
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
            announce(`Delivery destination ${SHIPPING_ZONES[next].label}`);
          }}
          className="mt-1 block h-11 w-full rounded-lg border border-line bg-cream px-3"
        >
          {ZONE_IDS.map((id) => (
            <option key={id} value={id}>
              {SHIPPING_ZONES[id].label}
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
        <div className="flex justify-between gap-4">
          <dt>Shipping ({SHIPPING_ZONES[zone].label})</dt>
          <dd className="tabular-nums" data-testid="cart-shipping">
            {totals.freeShipping ? 'Free' : formatEuro(totals.shipping)}
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
        <div className="flex justify-between gap-4 border-t border-line pt-3 text-lg font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {formatEuro(totals.total)}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <FreeShippingProgress subtotal={totals.subtotal} zone={zone} />
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
          className="mt-0.5 h-5 w-5 shrink-0 accent-wine"
        />
        <label htmlFor={giftWrapId}>Add gift wrapping (+{formatEuro(GIFT_WRAP_PRICE)})</label>
      </div>
      <div className="mt-5 rounded-xl bg-sand px-4 py-3 text-sm">
        <p className="font-medium">Estimated dispatch</p>
        <p className="mt-1 text-muted">
          Made to order: {productionDaysText()}, then delivery in {deliveryDaysText(zone)}
        </p>
      </div>
      <div className="mt-6">
        <CheckoutSection />
      </div>
    </section>
  );
}

export function CartPage() {
  const { lines, count } = useCart();
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const announce = (message: string) => setAnnouncement(message);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 ref={headingRef} tabIndex={-1} className="text-4xl focus:outline-none sm:text-5xl">
        Your Cart
      </h1>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="cart-announcer">
        {announcement}
      </p>
      {lines.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-line bg-white px-6 py-16 text-center">
          <p className="font-serif text-2xl">Your cart is empty</p>
          <p className="mt-2 text-muted">Every bracelet is made to order, just for you.</p>
          <Link
            to="/shop"
            className="mt-6 inline-block rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark"
          >
            Shop Collection
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem] lg:items-start">
          <section aria-labelledby="cart-items-heading">
            <h2 id="cart-items-heading" className="text-muted">
              {count} {count === 1 ? 'item' : 'items'}
            </h2>
            <ul className="mt-2 divide-y divide-line border-y border-line">
              {lines.map((line) => (
                <CartLineItem
                  key={line.product.id}
                  line={line}
                  onChange={(message, removed) => {
                    announce(message);
                    // The pressed button is gone with its line; the heading is a stable place to land.
                    if (removed) headingRef.current?.focus();
                  }}
                />
              ))}
            </ul>
          </section>
          <OrderSummary announce={announce} />
        </div>
      )}
    </section>
  );
}
