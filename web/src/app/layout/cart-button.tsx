import { useCart } from '../../features/cart/cart-context';
import { Link } from '../router';

/** Header cart button: links to /cart, with the number of items as a badge. */
export function CartButton() {
  const { count } = useCart();
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
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
    </Link>
  );
}
