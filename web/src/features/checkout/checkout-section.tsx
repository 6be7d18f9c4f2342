/**
 * The cart's checkout (docs/product/states.md §5.8 and docs/product/texts.md §3.3): 'Proceed to Checkout' opens the e-mail
 * step (useEmailStep); then 'Creating secure checkout...' with the button disabled; then 'Redirecting to
 * Stripe...' (or '... secure checkout...' for the built-in test checkout) with a link while the page moves
 * to the hosted checkout (useCheckoutStart). A failure shows the failure alert with its detail and 'Try
 * again'. The browser sends ids, quantities, gift wrap, zone and e-mail only: the server prices the order.
 * While the cart holds a product that takes no orders (paused or retired), the button is disabled and a
 * message names the product to remove (the server would refuse the checkout anyway). While the owner has
 * paused sales, her note and return date stand in its place.
 */
import { lazy, memo, Suspense, useEffect, useId } from 'react';
import { checkoutBlockedText } from '../../../../domain/cart/cart';
import { pausedSalesMessage } from '../../../../domain/settings/storefront-settings';
import { useCart, useCartLines, useCartZone } from '../cart';
import { useGiftCardBag } from '../gift-cards';
import { salesPaused, useAway, useUsDutyPercent, useZones } from '../settings';
import type { CheckoutEmailDialogProps } from './checkout-email-dialog';
import { CHECKOUT_TEXT, storeCheckoutEmail } from './checkout-text';
import { useCheckoutStart } from './use-checkout-start';
import { useEmailStep } from './use-email-step';

/**
 * The e-mail step's dialog (with its dialog library) loads when the shopper heads for the button, or
 * when the step opens: outside the cart page's own chunk, which stays within its budget (§9.2).
 */
const loadEmailDialog = () => import('./checkout-email-dialog');
const CheckoutEmailDialog = lazy(() => loadEmailDialog().then((m) => ({ default: m.CheckoutEmailDialog })));
const preloadEmailDialog = () => {
  void loadEmailDialog();
};

/**
 * memo: it has no props, and the order summary around it re-renders for gift wrap, the zone and each
 * keystroke of the gift message; it reads only the lines itself, and the rest of the cart when the
 * checkout starts (useCheckoutStart).
 */
/**
 * The dialog with the cart's total, read only while it is open (the section itself re-renders with its
 * lines alone): Great Britain's "nothing more is due" under £135 weighs it. The total before a code, so
 * never less than what is charged: no larger order is told it owes nothing.
 */
function EmailDialogWithValue(props: CheckoutEmailDialogProps) {
  const { totals } = useCart();
  return <CheckoutEmailDialog {...props} valueCents={totals.total} />;
}

export const CheckoutSection = memo(function CheckoutSection() {
  const { lines } = useCartLines();
  const away = useAway();
  const { phase, begin, retry, addressNeeded } = useCheckoutStart();
  const zoneId = useCartZone();
  const countries = useZones().find((zone) => zone.id === zoneId)?.countries ?? [];
  const usDutyPercent = useUsDutyPercent();
  const paused = salesPaused(away) && phase.kind !== 'redirecting';
  const blocked = phase.kind === 'redirecting' ? null : checkoutBlockedText(lines);
  const blockedId = useId();
  // Gift cards in the bag are an order too, with no bracelet (docs/product/gift-cards.md §19).
  const bag = useGiftCardBag();
  const anything = lines.length > 0 || bag.length > 0;
  const emailStep = useEmailStep(anything && blocked === null && !paused);
  const busy = phase.kind === 'creating' || phase.kind === 'redirecting';
  // The server asked for the delivery address (the gift cards pay it all): the dialog opens again for it.
  const { show } = emailStep;
  useEffect(() => {
    if (phase.kind === 'address') show();
  }, [phase.kind, show]);
  const addressStep = phase.kind === 'address' ? phase : null;

  if (!anything && phase.kind !== 'redirecting') return null;
  // The owner has paused sales: the cart stays, the checkout waits for her return (the server refuses it).
  if (paused) {
    return (
      <p
        role="status"
        data-testid="away-notice"
        className="rounded-xl border border-wine/40 bg-sand px-4 py-3"
      >
        {pausedSalesMessage(away)}
      </p>
    );
  }

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
        disabled={busy || blocked !== null}
        aria-disabled={busy || blocked !== null || undefined}
        aria-describedby={blocked === null ? undefined : blockedId}
        onClick={emailStep.show}
        onPointerEnter={preloadEmailDialog}
        onPointerDown={preloadEmailDialog}
        onFocus={preloadEmailDialog}
        className={`inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-wine px-6 py-3 font-medium text-cream hover:bg-wine-dark disabled:opacity-80 ${blocked === null ? 'disabled:cursor-wait' : 'disabled:cursor-not-allowed'}`}
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
      {blocked === null ? null : (
        <p
          id={blockedId}
          role="alert"
          className="mt-3 rounded-xl border-2 border-danger bg-white p-3 text-sm text-ink"
        >
          {blocked}
        </p>
      )}
      {phase.kind === 'redirecting' && phase.vatNote ? (
        <p role="status" className="mt-3 rounded-xl border border-wine/40 bg-sand px-4 py-3 text-sm">
          {phase.vatNote}
        </p>
      ) : null}
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
              if (!retry()) emailStep.show();
            }}
            className="mt-3 inline-flex min-h-11 items-center rounded-full border border-wine px-5 font-medium text-wine hover:bg-sand"
          >
            {CHECKOUT_TEXT.tryAgain}
          </button>
        </div>
      ) : null}
      <p className="mt-3 text-center text-xs text-muted">Secure card payment on the next page.</p>
      {emailStep.open ? (
        <Suspense fallback={null}>
          <EmailDialogWithValue
            key={emailStep.key}
            open
            onOpenChange={emailStep.setOpen}
            countries={countries}
            usDutyPercent={usDutyPercent}
            address={addressStep || addressNeeded() ? { error: addressStep?.error ?? null } : null}
            initialEmail={addressStep?.email}
            initialRemindMe={addressStep?.remindMe}
            initialAddress={addressStep?.shipping}
            askFrom={lines.length === 0 && bag.length > 0}
            onContinue={(email, remindMe, vat, shipping) => {
              storeCheckoutEmail(email);
              emailStep.setOpen(false);
              void begin(email, remindMe, vat, shipping);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
});
