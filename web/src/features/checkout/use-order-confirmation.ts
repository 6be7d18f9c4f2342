/**
 * The confirmation page's check: the shop's server asks the payment provider whether the session is paid
 * (the browser's word is never enough) and answers with the order. The first time this browser sees the
 * paid order it shows the e-mail toast, clears the cart and checkoutEmail and records the purchase; the
 * e-mails themselves are sent by the server, exactly once.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ConfirmResponse } from '../../../../domain/checkout/checkout';
import { toast } from '../../components/ui/toast';
import { useCart } from '../cart';
import { recordEvent } from '../events';
import { giftCardBag } from '../gift-cards';
import { confirmOrder } from './checkout-api';
import { clearCheckoutEmail, readCheckoutEmail } from './checkout-text';
import { paidOrderFor } from './paid-order-memory';

export const CONFIRMATION_TOASTS = {
  sent: 'Order confirmation sent to your email!',
  failed: 'Failed to send confirmation email',
  unexpected: 'Order confirmed but email failed',
} as const;

/** A payment can still be settling when the shopper lands here: ask a few more times before saying so. */
const PENDING_RECHECKS = 3;
const PENDING_RECHECK_DELAY_MS = 2_000;

/**
 * A shop that answers 503 with Retry-After (its database is busy or coming back) is asked again by itself
 * after that delay, for up to this long in all, before the page shows the error and "Try again"; the
 * reconcile pass confirms a paid order later anyway (docs/product/order-flow.md §6.7).
 */
const BUSY_RETRY_BUDGET_MS = 60_000;

export type NotPaidStatus = 'pending' | 'failed' | 'expired' | 'unknown';

export type ConfirmationView =
  | { readonly kind: 'verifying' }
  | { readonly kind: 'no-session' }
  | { readonly kind: 'paid'; readonly order: ConfirmResponse }
  | { readonly kind: 'not-paid'; readonly status: NotPaidStatus }
  | { readonly kind: 'error'; readonly message: string };

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What the page shows for the session, and `retry` for 'Check again' / 'Try again'. */
export function useOrderConfirmation(
  sessionId: string | null,
  /** `?paid=`: an order the gift cards paid in full, answered by the checkout itself (paid-order-memory). */
  paidReference: string | null = null,
): {
  readonly view: ConfirmationView;
  readonly retry: () => void;
} {
  const { clear } = useCart();
  const [view, setView] = useState<ConfirmationView>({ kind: 'verifying' });
  const [attempt, setAttempt] = useState(0);

  const onPaid = useCallback(
    (order: ConfirmResponse) => {
      // The first time this browser sees the order: the checkout e-mail it stored is still there.
      if (readCheckoutEmail() === null) return;
      const itemCount = (order.items ?? []).reduce((n, item) => n + item.quantity, 0);
      recordEvent('payment_success', { reference: order.reference ?? null });
      recordEvent('purchase', { total: order.total ?? 0, itemCount, reference: order.reference ?? null });
      clear();
      // The gift cards bought with it are paid too (docs/product/gift-cards.md §19).
      giftCardBag.dispatch({ type: 'clear' });
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
      const paid = paidReference ? paidOrderFor(paidReference) : null;
      if (paid) {
        onPaid(paid);
        setView({ kind: 'paid', order: paid });
      } else setView({ kind: 'no-session' });
      return;
    }
    let cancelled = false;
    setView({ kind: 'verifying' });
    void (async () => {
      let rechecks = 0;
      let busyWaitedMs = 0;
      for (;;) {
        const result = await confirmOrder(sessionId);
        if (cancelled) return;
        if (result.kind === 'error') {
          const after = result.retryAfterMs;
          if (after !== undefined && busyWaitedMs + after <= BUSY_RETRY_BUDGET_MS) {
            // Still 'Verifying your order...' meanwhile: the shopper need not press anything.
            busyWaitedMs += after;
            await wait(after);
            if (cancelled) return;
            continue;
          }
          setView({ kind: 'error', message: result.message });
          return;
        }
        const order = result.body;
        if (order.status === 'pending' && rechecks < PENDING_RECHECKS) {
          rechecks += 1;
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
  }, [sessionId, paidReference, attempt, onPaid]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { view, retry };
}
