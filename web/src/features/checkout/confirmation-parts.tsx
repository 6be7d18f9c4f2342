/** Pieces every state of the order confirmation page shares. */
import type { ReactNode, Ref, RefObject } from 'react';
import { Link } from '../../lib/router';
import { SELLER } from '../settings';

export const PRIMARY_BUTTON =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark';
export const SECONDARY_BUTTON =
  'inline-flex min-h-12 items-center justify-center rounded-full border border-wine bg-white px-8 py-3 font-medium text-wine hover:bg-sand';

export function ContactLine() {
  return (
    <a href={`mailto:${SELLER.email}`} className="font-medium text-wine underline">
      {SELLER.email}
    </a>
  );
}

/** The outcome's heading; focus moves to it once the check is over, so screen readers hear the outcome. */
export function ConfirmationHeading({
  ref,
  children,
}: {
  ref: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <h1 ref={ref} tabIndex={-1} className="text-4xl focus:outline-none sm:text-5xl">
      {children}
    </h1>
  );
}

/** Where to go next: back to the cart first when the payment did not go through, else the shop. */
export function NextLinks({ first }: { first: 'shop' | 'cart' }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      {first === 'cart' ? (
        <Link to="/cart" className={PRIMARY_BUTTON}>
          Return to Cart
        </Link>
      ) : null}
      <Link to="/shop" className={first === 'shop' ? PRIMARY_BUTTON : SECONDARY_BUTTON}>
        Continue Shopping
      </Link>
      {first === 'shop' ? (
        <Link to="/" className={SECONDARY_BUTTON}>
          Back to Home
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A page opened with a secret link (an order or a quote) that could not be loaded: the reason and Try
 * again. `headingRef` is the page's own (useKeyedPage focuses it), so a screen reader hears the failure.
 */
export function LoadFailed({
  headingRef,
  title,
  message,
  onRetry,
}: {
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly title: string;
  readonly message: string;
  readonly onRetry: () => void;
}) {
  return (
    <div className="text-center">
      <h1 ref={headingRef} tabIndex={-1} className="text-4xl focus:outline-none sm:text-5xl">
        {title}
      </h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {message}
      </p>
      <button type="button" onClick={onRetry} className={`${PRIMARY_BUTTON} mt-6`}>
        Try again
      </button>
    </div>
  );
}
