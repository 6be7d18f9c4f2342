/**
 * /order-confirmation?session_id=... (or ?paid={reference} after gift cards paid it all) (docs/product/pages.md §2.7 and docs/product/states.md §5.9): 'Verifying your
 * order...', then 'Order Confirmed!' with the reference, or why there is no order to show. The check
 * itself, and what the first sight of a paid order does in this browser, is useOrderConfirmation.
 */
import { useEffect, useRef } from 'react';
import {
  ConfirmationHeading,
  ContactLine,
  NextLinks,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../features/checkout/confirmation-parts';
import { OrderConfirmed } from '../features/checkout/order-confirmed';
import { type NotPaidStatus, useOrderConfirmation } from '../features/checkout/use-order-confirmation';
import { useSearchParams } from '../lib/router';

const NOT_PAID_TEXT: Record<NotPaidStatus, { title: string; text: string }> = {
  pending: {
    title: 'Payment not confirmed yet',
    text: "We haven't received confirmation of this payment yet. If you completed the payment, we'll email you as soon as it is confirmed; otherwise nothing has been charged.",
  },
  failed: {
    title: 'Payment failed',
    text: 'Your payment did not go through, so no order was placed and you have not been charged.',
  },
  expired: {
    title: 'Checkout expired',
    text: 'This checkout expired before payment was completed, so no order was placed and you have not been charged.',
  },
  unknown: {
    title: 'Order not found',
    text: "We couldn't find an order for this link.",
  },
};

export function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { view, retry } = useOrderConfirmation(sessionId, params.get('paid'));
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Screen readers hear the outcome: focus moves to the heading once the check is over.
  useEffect(() => {
    if (view.kind !== 'verifying') headingRef.current?.focus();
  }, [view.kind]);

  return (
    <section className="mx-auto min-h-[70vh] max-w-2xl px-4 py-14 text-center sm:py-20">
      {view.kind === 'verifying' ? (
        <div role="status" className="flex flex-col items-center gap-4 py-16">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-10 w-10 animate-spin text-wine"
            fill="none"
          >
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <p className="font-serif text-2xl">Verifying your order...</p>
        </div>
      ) : null}

      {view.kind === 'paid' ? (
        <OrderConfirmed order={view.order} sessionId={sessionId} headingRef={headingRef} />
      ) : null}

      {view.kind === 'not-paid' ? (
        <div>
          <ConfirmationHeading ref={headingRef}>{NOT_PAID_TEXT[view.status].title}</ConfirmationHeading>
          <p className="mt-4 text-lg text-muted">{NOT_PAID_TEXT[view.status].text}</p>
          {view.status === 'pending' ? (
            <button type="button" onClick={retry} className={`${SECONDARY_BUTTON} mt-6`}>
              Check again
            </button>
          ) : null}
          <p className="mt-6 text-sm text-muted">
            Questions about a payment? Write to <ContactLine />.
          </p>
          <NextLinks first={view.status === 'unknown' ? 'shop' : 'cart'} />
        </div>
      ) : null}

      {view.kind === 'no-session' ? (
        <div>
          <ConfirmationHeading ref={headingRef}>No order to show</ConfirmationHeading>
          <p className="mt-4 text-lg text-muted">
            This page confirms an order after payment, and this link doesn't include one. If you have just
            paid, your confirmation email has the details.
          </p>
          <NextLinks first="shop" />
        </div>
      ) : null}

      {view.kind === 'error' ? (
        <div>
          <ConfirmationHeading ref={headingRef}>We couldn't verify your order</ConfirmationHeading>
          <p role="alert" className="mt-4 text-lg text-muted">
            {view.message}
          </p>
          <button type="button" onClick={retry} className={`${PRIMARY_BUTTON} mt-6`}>
            Try again
          </button>
          <p className="mt-6 text-sm text-muted">
            If you have paid, your order is safe: we confirm it with the payment provider too. Questions?
            Write to <ContactLine />.
          </p>
        </div>
      ) : null}
    </section>
  );
}
