/**
 * /cart: the lines with quantity controls, the order summary (delivery destination, shipping, gift wrap,
 * total, estimated dispatch) and the checkout, which the checkout feature renders itself. The page puts
 * the making feature's estimate and the checkout into the cart's summary, so the cart imports neither.
 * Opened from the cart reminder's link (`?restore=`), it first offers that saved cart (docs/product/states.md
 * §5.10a).
 */
import { useCallback, useRef, useState } from 'react';
import type { ZoneId } from '../../../domain/config';
import { useCartLines } from '../features/cart/cart-context';
import { CartLineItem } from '../features/cart/cart-line-item';
import { CartSummary } from '../features/cart/cart-summary';
import { CheckoutSection } from '../features/checkout/checkout-section';
import { useGiftCardBag } from '../features/gift-cards/gift-card-bag';
import { GiftCardBagLines } from '../features/gift-cards/gift-card-bag-lines';
import { CartDispatch } from '../features/making/dispatch-notes';
import { CartRestore, useCartRestoreToken } from '../features/newsletter/cart-restore';
import { Link } from '../lib/router';

/** The summary's estimate (making's, for the cart's zone and pieces). */
function cartDispatch(zone: ZoneId, pieces: number) {
  return <CartDispatch zone={zone} pieces={pieces} />;
}

export function CartPage() {
  const { lines, count } = useCartLines();
  const bag = useGiftCardBag();
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from the reminder's link: the saved cart's panel speaks for an empty cart (its lines are one
  // press away), so "Your cart is empty" does not stand beside "Your saved cart".
  const restoring = useCartRestoreToken() !== null;

  // Stable, so the lines (memo) re-render only when their line changes, not at every announcement.
  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const onLineChange = useCallback((message: string, removed: boolean) => {
    setAnnouncement(message);
    // The pressed button is gone with its line; the heading is a stable place to land.
    if (removed) headingRef.current?.focus();
  }, []);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 ref={headingRef} tabIndex={-1} className="text-4xl focus:outline-none sm:text-5xl">
        Your Cart
      </h1>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="cart-announcer">
        {announcement}
      </p>
      <CartRestore />
      {lines.length === 0 && restoring ? null : lines.length === 0 ? (
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
            {/* Every line counts: the gift cards bought are items of the order too. */}
            <h2 id="cart-items-heading" className="text-muted">
              {count + bag.length} {count + bag.length === 1 ? 'item' : 'items'}
            </h2>
            <ul className="mt-2 divide-y divide-line border-y border-line">
              {lines.map((line) => (
                <CartLineItem key={line.key} line={line} onChange={onLineChange} />
              ))}
            </ul>
            {/* Beside the bracelets, above the summary's total that counts them. */}
            <GiftCardBagLines />
          </section>
          <CartSummary announce={announce} dispatch={cartDispatch} checkout={<CheckoutSection />} />
        </div>
      )}
      {/* Gift cards alone: their lines, then their own checkout (with bracelets, the summary's). */}
      {lines.length === 0 ? <GiftCardBagLines /> : null}
      {lines.length === 0 && bag.length > 0 ? (
        <div className="mt-6 max-w-sm">
          <CheckoutSection />
        </div>
      ) : null}
    </section>
  );
}
