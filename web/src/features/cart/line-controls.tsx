import { describeQuantityChange } from '../../../../domain/cart/cart';
import { nameWithSize } from '../../../../domain/catalogue/sizes';
import { LIMITS } from '../../../../domain/config';
import { type CartLineView, useCartActions } from './cart-context';
import { QuantityStepper } from './quantity-stepper';

export interface LineControlsProps {
  readonly line: CartLineView;
  /** What changed, for the caller's live region, and whether the line is gone (to move focus). */
  readonly onChange: (message: string, removed: boolean) => void;
}

/**
 * A cart line's quantity stepper and Remove button, the same on the cart page and in the mini cart: minus
 * at 1 removes the line in both (docs/product/states.md §5.1), and both announce the change the same way.
 */
export function LineControls({ line, onChange }: LineControlsProps) {
  const { increment, decrement, removeItem } = useCartActions();
  const { product, size, quantity } = line;
  // One bracelet in two sizes is two lines: the size tells their buttons apart.
  const name = nameWithSize(product.name, size);
  return (
    <>
      <QuantityStepper
        name={name}
        quantity={quantity}
        onDecrease={() => {
          decrement(product.id, size);
          onChange(describeQuantityChange(name, quantity - 1), quantity <= 1);
        }}
        onIncrease={() => {
          increment(product.id, size);
          onChange(describeQuantityChange(name, Math.min(LIMITS.maxQuantityPerLine, quantity + 1)), false);
        }}
      />
      <button
        type="button"
        className="min-h-11 rounded-full px-3 text-sm text-muted underline hover:text-wine"
        aria-label={`Remove ${name} from cart`}
        onClick={() => {
          removeItem(product.id, size);
          onChange(describeQuantityChange(name, 0), true);
        }}
      >
        Remove
      </button>
    </>
  );
}
