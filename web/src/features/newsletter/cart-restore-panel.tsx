/**
 * The saved cart's panel, loaded only when the cart page is opened with a token (./cart-restore.tsx).
 * The cart reminder's link on the cart page, `/#/cart?restore={token}` (docs/product/states.md §5.10a). Opening
 * it only looks (GET): the cart at today's prices and what can no longer be ordered, by name. The
 * shopper's own "Put these back in my cart" (POST, the link's one use) adds the lines to this browser's
 * cart and offers the checkout. An unknown or expired link says so, with a way back to the shop.
 */
import { useEffect, useRef, useState } from 'react';
import { nameWithSize } from '../../../../domain/catalogue/sizes';
import {
  CART_REMINDER_TEXT,
  type RestoredCart,
  type RestoreResponse,
} from '../../../../domain/newsletter/cart-reminder';
import { cents, formatEuro, multiplyCents } from '../../../../domain/shared/money';
import { Link } from '../../lib/router';
import { useCartActions } from '../cart';

/** The API client (with its zod schema) loads when the panel first asks, outside the cart page's chunk. */
async function fetchReminderCart(token: string, method: 'GET' | 'POST'): Promise<RestoreResponse> {
  try {
    const api = await import('./cart-restore-api');
    return await api.fetchReminderCart(token, method);
  } catch {
    return { ok: false, error: CART_REMINDER_TEXT.offline };
  }
}

type RestoreState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'preview'; readonly cart: RestoredCart; readonly busy: boolean; readonly error?: string }
  | { readonly kind: 'restored'; readonly cart: RestoredCart }
  | { readonly kind: 'failed'; readonly error: string };

function UnavailableNotice({ cart }: { readonly cart: RestoredCart }) {
  if (cart.unavailable.length === 0) return null;
  return (
    <p className="mt-3 rounded-lg border border-danger/40 bg-white px-3 py-2 text-sm text-danger">
      {CART_REMINDER_TEXT.unavailable(cart.unavailable.map((u) => u.name))}
    </p>
  );
}

export function CartRestorePanel({ token }: { readonly token: string }) {
  const [state, setState] = useState<RestoreState>({ kind: 'loading' });
  const { addItem } = useCartActions();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    void fetchReminderCart(token, 'GET').then((answer) => {
      if (!live) return;
      if (!answer.ok) setState({ kind: 'failed', error: answer.error });
      else if (answer.used) setState({ kind: 'failed', error: CART_REMINDER_TEXT.used });
      else setState({ kind: 'preview', cart: answer, busy: false });
    });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (state.kind === 'restored') headingRef.current?.focus();
  }, [state.kind]);

  const restore = async () => {
    if (state.kind !== 'preview') return;
    setState({ ...state, busy: true });
    const answer = await fetchReminderCart(token, 'POST');
    if (!answer.ok) {
      setState({ ...state, busy: false, error: answer.error });
      return;
    }
    for (const line of answer.lines) addItem(line.id, line.quantity, line.size);
    setState({ kind: 'restored', cart: answer });
  };

  const box = 'mt-6 rounded-2xl border border-line bg-white p-5';
  if (state.kind === 'loading') {
    return (
      <section aria-label="Your saved cart" className={box}>
        <p role="status">Looking up your saved cart…</p>
      </section>
    );
  }
  if (state.kind === 'failed') {
    return (
      <section aria-labelledby="cart-restore-heading" className={box}>
        <h2 id="cart-restore-heading" className="font-serif text-2xl">
          Your saved cart
        </h2>
        <p role="alert" className="mt-2">
          {state.error}
        </p>
        <Link to="/shop" className="mt-3 inline-flex min-h-11 items-center font-medium text-wine underline">
          Back to the shop
        </Link>
      </section>
    );
  }
  if (state.kind === 'restored') {
    const count = state.cart.lines.reduce((sum, l) => sum + l.quantity, 0);
    return (
      <section aria-labelledby="cart-restore-heading" className={box}>
        <h2
          id="cart-restore-heading"
          ref={headingRef}
          tabIndex={-1}
          className="font-serif text-2xl focus:outline-none"
        >
          Your cart is back
        </h2>
        <p role="status" className="mt-2">
          {count === 0
            ? 'Nothing from your saved cart can be ordered now.'
            : `${count} ${count === 1 ? 'item is' : 'items are'} back in your cart, at today’s prices.`}
        </p>
        <UnavailableNotice cart={state.cart} />
        {count > 0 ? (
          <Link
            to="/cart?checkout=1"
            className="mt-4 inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark"
          >
            Continue to checkout
          </Link>
        ) : null}
      </section>
    );
  }
  const { cart, busy, error } = state;
  return (
    <section aria-labelledby="cart-restore-heading" className={box}>
      <h2 id="cart-restore-heading" className="font-serif text-2xl">
        Your saved cart
      </h2>
      {cart.lines.length > 0 ? (
        <ul className="mt-3 divide-y divide-line text-sm">
          {cart.lines.map((line) => (
            <li key={`${line.id}-${line.size}`} className="flex justify-between gap-3 py-2">
              <span>
                {line.quantity} × {nameWithSize(line.name, line.size)}
              </span>
              <span>{formatEuro(multiplyCents(cents(line.unitPrice), line.quantity))}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">Nothing from your saved cart can be ordered now.</p>
      )}
      <UnavailableNotice cart={cart} />
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {cart.lines.length > 0 ? (
        <button
          type="button"
          onClick={() => void restore()}
          disabled={busy}
          className="mt-4 inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark disabled:opacity-60"
        >
          {busy ? 'Putting them back…' : 'Put these back in my cart'}
        </button>
      ) : null}
    </section>
  );
}
