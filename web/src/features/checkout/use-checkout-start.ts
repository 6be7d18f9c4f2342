/**
 * Starting a checkout: 'Creating secure checkout...', then 'Redirecting to ...' and, after
 * TIMINGS_MS.checkoutRedirectDelay, the hosted checkout (a new tab when the shop is framed), or the
 * failure with its detail. The browser sends ids, quantities, gift wrap, zone and e-mail only: the server
 * prices the order.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckoutShippingInput } from '../../../../domain/checkout/checkout-shipping';
import { shippingFieldOf } from '../../../../domain/checkout/shipping-fields';
import { TIMINGS_MS } from '../../../../domain/config';
import { cents, formatEuro } from '../../../../domain/shared/money';
import { toast } from '../../components/ui/toast';
import { navigate } from '../../lib/router';
import { useCartSnapshot } from '../cart';
import { giftCardBag, giftCardPayments } from '../gift-cards';
import type { CheckoutVatChoice } from './checkout-email-dialog';
import { rememberPaidOrder } from './paid-order-memory';

export const CHECKOUT_VAT_TEXT = {
  netPrice: 'Intra-Community supply, VAT reverse charged: you pay',
} as const;

export type CheckoutPhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'creating' }
  | {
      readonly kind: 'redirecting';
      readonly url: string;
      readonly text: string;
      readonly newTab: boolean;
      /** What the shop says about the VAT before paying: the net price charged, or why VAT was charged. */
      readonly vatNote?: string;
    }
  | { readonly kind: 'failed'; readonly detail: string }
  /**
   * The gift cards pay the whole order and it holds bracelets: the server asked for the delivery address
   * (its refusal names the field, or the address as a whole); the dialog opens again with its fields.
   */
  | {
      readonly kind: 'address';
      readonly email: string;
      readonly remindMe: boolean;
      readonly error: string;
      /** The address sent, kept for the dialog to show again. */
      readonly shipping: CheckoutShippingInput | undefined;
    };

/** Gift cards paid it all: the order is paid, its confirmation e-mail on its way. */
export function paidByGiftCardsText(reference: string): string {
  return `Your gift cards paid for order ${reference}. Your confirmation e-mail is on its way.`;
}

/** A cross-origin parent makes window.top unreadable: that counts as framed too. */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** The last checkout sent and its Idempotency-Key. */
interface CheckoutAttempt {
  readonly body: string;
  readonly key: string;
}

/**
 * The same checkout sent again (a retry after a failure or a lost answer) keeps its key, so the server
 * answers the order it may already have paid; any change to the checkout is a new attempt with a new key.
 */
function attemptKey(ref: { current: CheckoutAttempt | null }, request: object): string {
  const body = JSON.stringify(request);
  if (ref.current?.body !== body) ref.current = { body, key: randomKey() };
  return ref.current.key;
}

/** 128 random bits in hex (crypto.randomUUID needs a secure context; getRandomValues does not). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useCheckoutStart(): {
  readonly phase: CheckoutPhase;
  /** `remindMe`: the shopper ticked the one cart reminder (docs/product/states.md §5.10a). */
  readonly begin: (
    email: string,
    remindMe?: boolean,
    vat?: CheckoutVatChoice,
    shipping?: CheckoutShippingInput,
  ) => Promise<void>;
  /**
   * The browser's guess that the gift cards pay the whole order of bracelets, so the dialog asks for the
   * address at once; the server decides (a wrong guess is answered with the address step).
   */
  readonly addressNeeded: () => boolean;
  /** Starts again with the e-mail of the last attempt; false when there was none. */
  readonly retry: () => boolean;
} {
  // Read when the checkout starts: subscribing would re-render the checkout for every change of the cart.
  const cartNow = useCartSnapshot();
  const [phase, setPhase] = useState<CheckoutPhase>({ kind: 'idle' });
  const emailRef = useRef<string | null>(null);
  const remindRef = useRef(false);
  const vatRef = useRef<CheckoutVatChoice>({});
  const shippingRef = useRef<CheckoutShippingInput | undefined>(undefined);
  const redirectTimer = useRef<number | undefined>(undefined);
  const attemptRef = useRef<CheckoutAttempt | null>(null);

  const begin = useCallback(
    async (
      email: string,
      remindMe = false,
      vat: CheckoutVatChoice = {},
      shipping?: CheckoutShippingInput,
    ) => {
      emailRef.current = email;
      remindRef.current = remindMe;
      vatRef.current = vat;
      shippingRef.current = shipping;
      const { lines, totals, zone, giftWrap, giftMessage, discountCode, clear } = cartNow();
      const bought = giftCardBag.getSnapshot();
      const paying = giftCardPayments.get();
      setPhase({ kind: 'creating' });
      // The API client (with its zod response schemas) and the event log load on the first checkout,
      // keeping them out of the cart page's own chunk.
      let modules: [typeof import('./checkout-api'), typeof import('../events/events')];
      try {
        // The events module loads as its own lazy chunk: through '../events' the bundler moves it and the
        // home page's initial JS grows (19 bytes), so this one lazy load stays a deep import.
        // biome-ignore lint/style/noRestrictedImports: a lazy chunk, see above
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
      const request = {
        email,
        items: lines.map((l) => ({ id: l.product.id, quantity: l.quantity, size: l.size })),
        giftWrap,
        zone,
        // Only with gift wrap (the server refuses it otherwise); a blank message is none.
        ...(giftWrap && giftMessage.trim() !== '' ? { giftMessage } : {}),
        // The code the cart's check accepted; the server decides again (and may refuse it with the reason).
        ...(discountCode ? { discountCode } : {}),
        // Only what the shopper ticked: unticked is no consent (sent as false).
        remindMe,
        // The gift cards in the bag (their own lines) and the cards paying (docs/product/gift-cards.md §19).
        ...(bought.length > 0
          ? {
              giftCards: bought.map((c) => ({
                amount: c.amount,
                recipientName: c.recipientName,
                recipientEmail: c.recipientEmail,
                ...(c.message.trim() ? { message: c.message } : {}),
                ...(c.sendOn ? { sendOn: c.sendOn } : {}),
              })),
            }
          : {}),
        ...(paying.length > 0 ? { giftCardCodes: paying.map((c) => c.code) } : {}),
        // The destination and a business buyer (docs/product/vat.md §20.8): the server checks and prices them.
        ...vat,
        ...(shipping ? { shipping } : {}),
      };
      const result = await startCheckout(request, { requestKey: attemptKey(attemptRef, request) });
      if (!result.ok && shippingFieldOf(result.detail) !== null) {
        // Not a failure: the address step the server asks for (docs/product/gift-cards.md §19.3).
        setPhase({ kind: 'address', email, remindMe, error: result.detail, shipping });
        return;
      }
      if (!result.ok) {
        recordCheckoutError(result.code, result.detail);
        recordEvent('payment_failed', { stage: 'checkout_start', code: result.code, detail: result.detail });
        logCheckoutEvent(`Checkout start failed: ${result.detail}`, { code: result.code });
        setPhase({ kind: 'failed', detail: result.detail });
        return;
      }
      recordCheckoutSuccess();
      // Answered: the next checkout, even of the same cart, is a new attempt.
      attemptRef.current = null;
      if ('paid' in result) {
        // Nothing left for the hosted checkout: the order is paid. Its confirmation page, as after any
        // payment (it clears the cart and the bag, and shows the split); the cards paying are done.
        setPhase({ kind: 'idle' });
        if (result.order) {
          giftCardPayments.clear();
          rememberPaidOrder(result.order);
          navigate(`/order-confirmation?paid=${encodeURIComponent(result.reference)}`);
          return;
        }
        // An answer without the order (an older server): the cart empties and the toast says it.
        clear();
        giftCardBag.dispatch({ type: 'clear' });
        giftCardPayments.clear();
        window.scrollTo({ top: 0 });
        toast.success(paidByGiftCardsText(result.reference), { duration: 12_000 });
        return;
      }
      recordEvent('payment_attempt', { total: totals.total, itemCount: totals.itemCount });
      const newTab = isFramed();
      // The order's total as the server charges it counts the gift cards bought (at face value, no VAT):
      // less than the cart's prices with them is the net a business pays.
      const boughtTotal = bought.reduce((sum, c) => sum + c.amount, 0);
      const vatNote =
        result.vatNotice ??
        (result.total !== undefined && result.total < totals.total + boughtTotal
          ? `${CHECKOUT_VAT_TEXT.netPrice} ${formatEuro(cents(result.total))}`
          : undefined);
      setPhase({
        kind: 'redirecting',
        url: result.url,
        text: result.redirectText,
        newTab,
        ...(vatNote ? { vatNote } : {}),
      });
      redirectTimer.current = window.setTimeout(() => {
        if (newTab) window.open(result.url, '_blank', 'noopener');
        else window.location.assign(result.url);
      }, TIMINGS_MS.checkoutRedirectDelay);
    },
    [cartNow],
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

  const addressNeeded = useCallback(() => {
    const { lines, totals } = cartNow();
    const covered = giftCardPayments.get().reduce((sum, card) => sum + card.balance, 0);
    return lines.length > 0 && covered > 0 && covered >= totals.total;
  }, [cartNow]);

  const retry = () => {
    const email = emailRef.current;
    if (email) void begin(email, remindRef.current, vatRef.current, shippingRef.current);
    return email !== null;
  };

  return { phase, begin, retry, addressNeeded };
}
