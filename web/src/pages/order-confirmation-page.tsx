/**
 * /order-confirmation?session_id=...: the shop's server asks the payment provider whether the session is
 * paid (the browser's word is never enough) and answers with the order. docs/product.md §2.7
 * and §5.9: 'Verifying your order...', then 'Order Confirmed!' with the reference; the
 * first time this browser sees the order it shows the e-mail toast, clears the cart and checkoutEmail and
 * records the purchase. The e-mails themselves are sent by the server, exactly once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ConfirmResponse, orderReference } from '../../../domain/checkout';
import { BRAND, POLICY, productionDaysText } from '../../../domain/config';
import { cents, formatEuro } from '../../../domain/money';
import { Link, useSearchParams } from '../app/router';
import { toast } from '../components/ui/toast';
import { useCart } from '../features/cart/cart-context';
import { confirmOrder } from '../features/checkout/checkout-api';
import { clearCheckoutEmail, readCheckoutEmail } from '../features/checkout/checkout-text';
import { recordEvent } from '../features/events/events';

export const CONFIRMATION_TOASTS = {
  sent: 'Order confirmation sent to your email!',
  failed: 'Failed to send confirmation email',
  unexpected: 'Order confirmed but email failed',
} as const;

/** A payment can still be settling when the shopper lands here: ask a few more times before saying so. */
const PENDING_RECHECKS = 3;
const PENDING_RECHECK_DELAY_MS = 2_000;

type View =
  | { readonly kind: 'verifying' }
  | { readonly kind: 'no-session' }
  | { readonly kind: 'paid'; readonly order: ConfirmResponse }
  | { readonly kind: 'not-paid'; readonly status: 'pending' | 'failed' | 'expired' | 'unknown' }
  | { readonly kind: 'error'; readonly message: string };

const PRIMARY =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark';
const SECONDARY =
  'inline-flex min-h-12 items-center justify-center rounded-full border border-wine bg-white px-8 py-3 font-medium text-wine hover:bg-sand';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function ContactLine() {
  return (
    <a href={`mailto:${BRAND.contactEmail}`} className="font-medium text-wine underline">
      {BRAND.contactEmail}
    </a>
  );
}

function OrderSummary({ order }: { order: ConfirmResponse }) {
  const items = order.items ?? [];
  return (
    <section
      aria-labelledby="confirmed-summary"
      className="mt-8 rounded-2xl border border-line bg-white p-6 text-left"
    >
      <h2 id="confirmed-summary" className="text-xl">
        Your order
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 py-3">
            <span>
              {item.name} <span className="text-muted">× {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatEuro(cents(item.lineTotal))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-line pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatEuro(cents(order.subtotal ?? 0))}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Shipping</dt>
          <dd className="tabular-nums">{order.shipping ? formatEuro(cents(order.shipping)) : 'Free'}</dd>
        </div>
        {order.giftWrap ? (
          <div className="flex justify-between gap-4">
            <dt>Gift wrapping</dt>
            <dd className="tabular-nums">{formatEuro(cents(order.giftWrap))}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
          <dt>Total paid</dt>
          <dd className="tabular-nums">{formatEuro(cents(order.total ?? 0))}</dd>
        </div>
      </dl>
      <p className="mt-4 rounded-xl bg-sand px-4 py-3 text-sm">
        Made to order: we dispatch within {productionDaysText()}, then it's on its way to you.
      </p>
    </section>
  );
}

const NOT_PAID_TEXT: Record<'pending' | 'failed' | 'expired' | 'unknown', { title: string; text: string }> = {
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
  const { clear } = useCart();
  const [view, setView] = useState<View>({ kind: 'verifying' });
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onPaid = useCallback(
    (order: ConfirmResponse) => {
      // The first time this browser sees the order: the checkout e-mail it stored is still there.
      if (readCheckoutEmail() === null) return;
      const itemCount = (order.items ?? []).reduce((n, item) => n + item.quantity, 0);
      recordEvent('payment_success', { reference: order.reference ?? null });
      recordEvent('purchase', { total: order.total ?? 0, itemCount, reference: order.reference ?? null });
      clear();
      clearCheckoutEmail();
      if (order.emailStatus === 'queued' || order.emailStatus === 'sent')
        toast.success(CONFIRMATION_TOASTS.sent);
      else if (order.emailStatus === 'failed') toast.error(CONFIRMATION_TOASTS.failed);
      else toast.error(CONFIRMATION_TOASTS.unexpected);
    },
    [clear],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the check on 'Try again'.
  useEffect(() => {
    if (!sessionId) {
      setView({ kind: 'no-session' });
      return;
    }
    let cancelled = false;
    setView({ kind: 'verifying' });
    void (async () => {
      for (let recheck = 0; ; recheck++) {
        const result = await confirmOrder(sessionId);
        if (cancelled) return;
        if (result.kind === 'error') {
          setView({ kind: 'error', message: result.message });
          return;
        }
        const order = result.body;
        if (order.status === 'pending' && recheck < PENDING_RECHECKS) {
          await wait(PENDING_RECHECK_DELAY_MS);
          if (cancelled) return;
          continue;
        }
        if (order.status === 'paid') {
          onPaid(order);
          setView({ kind: 'paid', order });
        } else {
          setView({ kind: 'not-paid', status: order.status });
        }
        return;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionId, attempt, onPaid]);

  // Screen readers hear the outcome: focus moves to the heading once the check is over.
  useEffect(() => {
    if (view.kind !== 'verifying') headingRef.current?.focus();
  }, [view.kind]);

  const buttons = (first: 'shop' | 'cart') => (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      {first === 'cart' ? (
        <Link to="/cart" className={PRIMARY}>
          Return to Cart
        </Link>
      ) : null}
      <Link to="/shop" className={first === 'shop' ? PRIMARY : SECONDARY}>
        Continue Shopping
      </Link>
      {first === 'shop' ? (
        <Link to="/" className={SECONDARY}>
          Back to Home
        </Link>
      ) : null}
    </div>
  );

  const heading = (text: string) => (
    <h1 ref={headingRef} tabIndex={-1} className="text-4xl focus:outline-none sm:text-5xl">
      {text}
    </h1>
  );

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
        <div>
          <svg aria-hidden="true" viewBox="0 0 48 48" className="mx-auto mb-6 h-16 w-16 text-success">
            <circle cx="24" cy="24" r="22" fill="currentColor" fillOpacity="0.12" />
            <path
              d="M15 24.5l6 6 12-13"
              fill="none"
              stroke="currentColor"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {heading('Order Confirmed!')}
          <p className="mt-4 text-lg text-muted">
            Thank you for your purchase. Your order has been successfully placed.
          </p>
          <div className="mx-auto mt-8 max-w-sm rounded-2xl border border-line bg-white px-6 py-5">
            <p className="text-sm text-muted">Order Reference</p>
            <p className="mt-1 font-mono text-2xl font-semibold tracking-wider" data-testid="order-reference">
              {view.order.reference ?? (sessionId ? orderReference(sessionId) : '')}
            </p>
          </div>
          {view.order.emailStatus === 'failed' ? (
            <p className="mt-6">
              We couldn't send the confirmation email to {view.order.email}. Please write to <ContactLine />{' '}
              with your order reference and we'll send it again.
            </p>
          ) : (
            <p className="mt-6 text-muted">
              A confirmation email is on its way to {view.order.email}. If it hasn't arrived within{' '}
              {POLICY.confirmationEmailWithinHours} hours, check your spam folder or write to <ContactLine />.
            </p>
          )}
          <OrderSummary order={view.order} />
          {buttons('shop')}
        </div>
      ) : null}

      {view.kind === 'not-paid' ? (
        <div>
          {heading(NOT_PAID_TEXT[view.status].title)}
          <p className="mt-4 text-lg text-muted">{NOT_PAID_TEXT[view.status].text}</p>
          {view.status === 'pending' ? (
            <button type="button" onClick={() => setAttempt((n) => n + 1)} className={`${SECONDARY} mt-6`}>
              Check again
            </button>
          ) : null}
          <p className="mt-6 text-sm text-muted">
            Questions about a payment? Write to <ContactLine />.
          </p>
          {buttons(view.status === 'unknown' ? 'shop' : 'cart')}
        </div>
      ) : null}

      {view.kind === 'no-session' ? (
        <div>
          {heading('No order to show')}
          <p className="mt-4 text-lg text-muted">
            This page confirms an order after payment, and this link doesn't include one. If you have just
            paid, your confirmation email has the details.
          </p>
          {buttons('shop')}
        </div>
      ) : null}

      {view.kind === 'error' ? (
        <div>
          {heading("We couldn't verify your order")}
          <p role="alert" className="mt-4 text-lg text-muted">
            {view.message}
          </p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className={`${PRIMARY} mt-6`}>
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
