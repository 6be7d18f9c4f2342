/**
 * The cart's checkout (docs/product.md §5.8 and §3.3): 'Proceed to Checkout' opens the e-mail
 * step; then 'Creating secure checkout...' with the button disabled; then 'Redirecting to Stripe...' (or
 * '... secure checkout...' for the built-in test checkout) with a link, and the page moves to the hosted
 * checkout after TIMINGS_MS.checkoutRedirectDelay (a new tab when the shop is framed). A failure shows the
 * failure alert with its detail and 'Try again'. The browser sends ids, quantities, gift wrap, zone and
 * e-mail only: the server prices the order.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import { useSearchParams } from '../../app/router';
import { useCart } from '../cart/cart-context';
import { CheckoutEmailDialog } from './checkout-email-dialog';
import { CHECKOUT_TEXT, storeCheckoutEmail } from './checkout-text';

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'creating' }
  | { readonly kind: 'redirecting'; readonly url: string; readonly text: string; readonly newTab: boolean }
  | { readonly kind: 'failed'; readonly detail: string };

/** A cross-origin parent makes window.top unreadable: that counts as framed too. */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export function CheckoutSection() {
  const { lines, totals, zone, giftWrap } = useCart();
  const [params, setParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  // A new key per opening: the dialog starts with an empty field and no error every time.
  const [dialogKey, setDialogKey] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const emailRef = useRef<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const autoOpened = useRef(false);
  const busy = phase.kind === 'creating' || phase.kind === 'redirecting';
  const openDialog = useCallback(() => {
    setDialogKey((k) => k + 1);
    setDialogOpen(true);
  }, []);

  const begin = useCallback(
    async (email: string) => {
      emailRef.current = email;
      setPhase({ kind: 'creating' });
      // The API client (with its zod response schemas) and the event log load on the first checkout,
      // keeping them out of the cart page's own chunk.
      let modules: [typeof import('./checkout-api'), typeof import('../events/events')];
      try {
        modules = await Promise.all([import('./checkout-api'), import('../events/events')]);
      } catch (error) {
        setPhase({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      const [
        { startCheckout },
        { logCheckoutEvent, recordCheckoutError, recordCheckoutSuccess, recordEvent },
      ] = modules;
      recordEvent('checkout_start', { itemCount: totals.itemCount, total: totals.total, zone });
      const result = await startCheckout({
        email,
        items: lines.map((l) => ({ id: l.product.id, quantity: l.quantity })),
        giftWrap,
        zone,
      });
      if (!result.ok) {
        recordCheckoutError(result.code, result.detail);
        recordEvent('payment_failed', { stage: 'checkout_start', code: result.code, detail: result.detail });
        logCheckoutEvent(`Checkout start failed: ${result.detail}`, { code: result.code });
        setPhase({ kind: 'failed', detail: result.detail });
        return;
      }
      recordCheckoutSuccess();
      recordEvent('payment_attempt', { total: totals.total, itemCount: totals.itemCount });
      const newTab = isFramed();
      setPhase({ kind: 'redirecting', url: result.url, text: result.redirectText, newTab });
      redirectTimer.current = window.setTimeout(() => {
        if (newTab) window.open(result.url, '_blank', 'noopener');
        else window.location.assign(result.url);
      }, TIMINGS_MS.checkoutRedirectDelay);
    },
    [lines, totals, zone, giftWrap],
  );

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // Coming back from the hosted checkout with the browser's back button restores this page from the
  // back/forward cache, still saying 'Redirecting...': start over instead.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        window.clearTimeout(redirectTimer.current);
        setPhase({ kind: 'idle' });
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // The mini cart's Checkout link is /cart?checkout=1: open the e-mail step once, then drop the flag so
  // a reload or the back button does not open it again.
  useEffect(() => {
    if (autoOpened.current || params.get('checkout') !== '1' || lines.length === 0) return;
    autoOpened.current = true;
    openDialog();
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
  }, [params, setParams, lines.length, openDialog]);

  if (lines.length === 0 && phase.kind !== 'redirecting') return null;

  const buttonText =
    phase.kind === 'creating'
      ? CHECKOUT_TEXT.creating
      : phase.kind === 'redirecting'
        ? phase.text
        : CHECKOUT_TEXT.proceed;

  return (
    <div>
      <button
        type="button"
        disabled={busy}
        aria-disabled={busy || undefined}
        onClick={openDialog}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-wine px-6 py-3 font-medium text-cream hover:bg-wine-dark disabled:cursor-wait disabled:opacity-80"
      >
        {busy ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 animate-spin" fill="none">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        ) : null}
        {buttonText}
      </button>
      <p className="sr-only" role="status" aria-live="polite">
        {busy ? buttonText : ''}
      </p>
      {phase.kind === 'redirecting' ? (
        <p className="mt-3 text-center text-sm text-muted">
          Not redirected?{' '}
          <a
            href={phase.url}
            target={phase.newTab ? '_blank' : undefined}
            rel={phase.newTab ? 'noopener noreferrer' : undefined}
            className="font-medium text-wine underline"
          >
            Open the secure checkout
          </a>
        </p>
      ) : null}
      {phase.kind === 'failed' ? (
        <div role="alert" className="mt-4 rounded-xl border-2 border-danger bg-white p-4 text-sm">
          <p className="font-semibold text-danger">{CHECKOUT_TEXT.failure}</p>
          <p className="mt-1 break-words text-ink">{phase.detail}</p>
          <button
            type="button"
            onClick={() => {
              const email = emailRef.current;
              if (email) void begin(email);
              else openDialog();
            }}
            className="mt-3 inline-flex min-h-11 items-center rounded-full border border-wine px-5 font-medium text-wine hover:bg-sand"
          >
            {CHECKOUT_TEXT.tryAgain}
          </button>
        </div>
      ) : null}
      <p className="mt-3 text-center text-xs text-muted">Secure card payment on the next page.</p>
      <CheckoutEmailDialog
        key={dialogKey}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onContinue={(email) => {
          storeCheckoutEmail(email);
          setDialogOpen(false);
          void begin(email);
        }}
      />
    </div>
  );
}
