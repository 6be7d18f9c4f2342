import { preloadOnIntent } from '../../components/ui/preload-on-intent';
import { useCartLines } from '../../features/cart/cart-context';
import { useMiniCart } from '../../features/cart/mini-cart-context';
import { preloadMiniCart } from '../../features/cart/mini-cart-host';

/**
 * The header's one cart control (docs/product/pages.md §2.2): a bag with the item count as a badge and in its
 * name, which slides in the mini cart; the mini cart links on to the cart page. Two controls side by side
 * (a bag opening the mini cart and a cart going to /cart) left shoppers guessing which one to press.
 */
export function CartButton() {
  const { count } = useCartLines();
  const { isOpen, open } = useMiniCart();
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={open}
      {...preloadOnIntent(preloadMiniCart)}
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
        <path d="M6 7h12l-1 13H7L6 7z" />
        <path d="M9 7a3 3 0 016 0" />
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
    </button>
  );
}
