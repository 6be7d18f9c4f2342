/**
 * /payment-canceled: where the hosted checkout's cancel link returns (docs/product/pages.md §2.8). Nothing was
 * charged and the cart is untouched; on arrival the payment_canceled breadcrumb records the cart total
 * and item count.
 */
import { useEffect, useRef } from 'react';
import { useCatalogue } from '../features/catalogue-snapshot/catalogue-context';
import { storedCartSummary } from '../features/checkout/stored-cart';
import { recordEvent } from '../features/events/events';
import { Link } from '../lib/router';

export function PaymentCanceledPage() {
  const recorded = useRef(false);
  const catalogue = useCatalogue();
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    const { total, itemCount } = storedCartSummary(catalogue);
    recordEvent('payment_canceled', { total, itemCount });
  }, [catalogue]);

  return (
    <section className="mx-auto min-h-[60vh] max-w-2xl px-4 py-16 text-center sm:py-24">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="mx-auto mb-6 h-16 w-16 text-muted">
        <circle cx="24" cy="24" r="22" fill="currentColor" fillOpacity="0.1" />
        <path
          d="M17 17l14 14M31 17L17 31"
          fill="none"
          stroke="currentColor"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
      </svg>
      <h1 className="text-4xl sm:text-5xl">Payment Cancelled</h1>
      <p className="mt-4 text-lg text-muted">Your payment was cancelled and no charges were made.</p>
      <p className="mt-2 text-muted">Your cart is saved, so you can check out whenever you're ready.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to="/cart"
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark"
        >
          Return to Cart
        </Link>
        <Link
          to="/shop"
          className="inline-flex min-h-12 items-center justify-center rounded-full border border-wine bg-white px-8 py-3 font-medium text-wine hover:bg-sand"
        >
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
