import { describeQuantityChange } from '../../../../domain/cart';
import type { Product } from '../../../../domain/catalogue';
import { LIMITS } from '../../../../domain/config';
import { useCart } from './cart-context';
import { QuantityStepper } from './quantity-stepper';

export interface LineControlsProps {
  readonly product: Product;
  readonly quantity: number;
  /** What changed, for the caller's live region, and whether the line is gone (to move focus). */
  readonly onChange: (message: string, removed: boolean) => void;
}

/**
 * A cart line's quantity stepper and Remove button, the same on the cart page and in the mini cart: minus
 * at 1 removes the line in both (docs/product.md §5.1), and both announce the change the same way.
 */
export function LineControls({ product, quantity, onChange }: LineControlsProps) {
  const { increment, decrement, removeItem } = useCart();
  return (
    <>
      <QuantityStepper
        name={product.name}
        quantity={quantity}
        onDecrease={() => {
          decrement(product.id);
          onChange(describeQuantityChange(product.name, quantity - 1), quantity <= 1);
        }}
        onIncrease={() => {
          increment(product.id);
          onChange(
            describeQuantityChange(product.name, Math.min(LIMITS.maxQuantityPerLine, quantity + 1)),
            false,
          );
        }}
      />
      <button
        type="button"
        className="min-h-11 rounded-full px-3 text-sm text-muted underline hover:text-wine"
        aria-label={`Remove ${product.name} from cart`}
        onClick={() => {
          removeItem(product.id);
          onChange(describeQuantityChange(product.name, 0), true);
        }}
      >
        Remove
      </button>
    </>
  );
}
