import { preloadOnIntent } from '../../components/ui/preload-on-intent';
import { useCartLines } from '../../features/cart/cart-context';
import { useMiniCart } from '../../features/cart/mini-cart-context';
import { preloadMiniCart } from '../../features/cart/mini-cart-host';
import { Link } from '../../lib/router';

/**
 * Header cart controls: the cart link (to /cart, with the item count as a badge and in its name) and the
 * 'Open bag' button that slides in the mini cart.
 */
export function CartButton() {
  const { count } = useCartLines();
  const { isOpen, open } = useMiniCart();
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <>
      <button
        type="button"
        aria-label="Open bag"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={open}
        {...preloadOnIntent(preloadMiniCart)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M6 7h12l-1 13H7L6 7z" />
          <path d="M9 7a3 3 0 016 0" />
        </svg>
      </button>
      <Link
        to="/cart"
        aria-label={label}
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M3 4h2l2.4 11h10.2L20 8H6.2" />
          <circle cx="9" cy="19" r="1.4" />
          <circle cx="17" cy="19" r="1.4" />
        </svg>
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-wine px-1 text-center text-xs font-semibold leading-5 text-cream"
          >
            {count}
          </span>
        ) : null}
      </Link>
    </>
  );
}
