/**
 * The cart reminder's link on the cart page, `/#/cart?restore={token}` (docs/product/states.md §5.10a): renders
 * nothing without a token; with one, the saved cart's panel (./cart-restore-panel.tsx), in a chunk of its
 * own so the cart page's stays within its budget for everyone who did not come from the e-mail.
 */
import { lazy, Suspense } from 'react';
import { CART_RESTORE_PARAM } from '../../../../domain/newsletter/remind-me';
import { useSearchParams } from '../../lib/router';

const CartRestorePanel = lazy(() =>
  import('./cart-restore-panel').then((m) => ({ default: m.CartRestorePanel })),
);

/** The saved cart's token when the page was opened from the reminder's link; null otherwise. */
export function useCartRestoreToken(): string | null {
  const [params] = useSearchParams();
  return params.get(CART_RESTORE_PARAM);
}

export function CartRestore() {
  const token = useCartRestoreToken();
  if (!token) return null;
  return (
    <Suspense fallback={<p className="mt-6">Looking up your saved cart…</p>}>
      <CartRestorePanel key={token} token={token} />
    </Suspense>
  );
}
