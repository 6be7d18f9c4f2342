import { useCallback } from 'react';
import type { Product } from '../../../../domain/catalogue';
import { toast } from '../../components/ui/toast';
import { useCart } from '../cart/cart-context';
import { useMiniCart } from '../cart/mini-cart-context';

/** The toast for every add to cart: quick add, quick view, product page (docs/product.md §3.1). */
export function addedToCartToast(product: Product): void {
  toast.success('Added to cart', { description: `${product.name} has been added to your cart.` });
}

/**
 * Adds one of the product and confirms with the toast. Quick add (cards, quick view) also opens the mini
 * cart (docs/product.md §2.4); the product page's Add to Cart only toasts.
 */
export function useAddToCart(): (product: Product, options?: { openMiniCart?: boolean }) => void {
  const { addItem } = useCart();
  const { open } = useMiniCart();
  return useCallback(
    (product, options = {}) => {
      addItem(product.id, 1);
      addedToCartToast(product);
      if (options.openMiniCart) open();
    },
    [addItem, open],
  );
}
