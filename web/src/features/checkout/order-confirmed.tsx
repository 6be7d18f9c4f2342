import type { Ref } from 'react';
import { type ConfirmResponse, orderReference } from '../../../../domain/checkout/checkout';
import { POLICY } from '../../../../domain/config';
import { Link } from '../../lib/router';
import { OrderDelivery } from '../making';
import { ConfirmationHeading, ContactLine, NextLinks } from './confirmation-parts';
import { OrderSummary } from './order-summary';

/**
 * The order page's route from the server's link (`/#/order/{reference}?key={key}`), the page the
 * confirmation e-mail links to; null for anything else, so the page never links elsewhere.
 */
export function orderPageRoute(path: string | undefined): string | null {
  return path && /^\/#\/order\/[A-Za-z0-9-]+\?key=[A-Za-z0-9_-]+$/.test(path) ? path.slice(2) : null;
}

/**
 * 'Order Confirmed!': the reference, where the confirmation e-mail went, the link to the order's page (as
 * in the e-mail, so the shopper can follow the order without finding it) and the order.
 */
export function OrderConfirmed({
  order,
  sessionId,
  headingRef,
}: {
  order: ConfirmResponse;
  sessionId: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const orderPage = orderPageRoute(order.orderPagePath);
  return (
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
      <ConfirmationHeading ref={headingRef}>Order Confirmed!</ConfirmationHeading>
      <p className="mt-4 text-lg text-muted">
        Thank you for your purchase. Your order has been successfully placed.
      </p>
      <div className="mx-auto mt-8 max-w-sm rounded-2xl border border-line bg-white px-6 py-5">
        <p className="text-sm text-muted">Order Reference</p>
        <p className="mt-1 font-mono text-2xl font-semibold tracking-wider" data-testid="order-reference">
          {order.reference ?? (sessionId ? orderReference(sessionId) : '')}
        </p>
      </div>
      <OrderDelivery delivery={order.delivery} />
      {order.emailStatus === 'failed' ? (
        <p className="mt-6">
          We couldn't send the confirmation email to {order.email}. Please write to <ContactLine /> with your
          order reference and we'll send it again.
        </p>
      ) : (
        <p className="mt-6 text-muted">
          A confirmation email is on its way to {order.email}. If it hasn't arrived within{' '}
          {POLICY.confirmationEmailWithinHours} hours, check your spam folder or write to <ContactLine />.
        </p>
      )}
      {orderPage ? (
        <p className="mt-4">
          See your order, its status and its delivery at any time on{' '}
          <Link to={orderPage} className="font-medium text-wine underline">
            your order page
          </Link>
          .
        </p>
      ) : null}
      <OrderSummary order={order} />
      <NextLinks first="shop" />
    </div>
  );
}
