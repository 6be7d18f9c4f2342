import { useCallback } from 'react';
import { defaultSizeOf, nameWithSize } from '../../../../domain/catalogue/sizes';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import type { SizeCode } from '../../../../domain/config';
import { toast } from '../../components/ui/toast';
import { afterNextPaint } from '../../lib/after-next-paint';
import { type BagNotice, useAddItem, useOpenMiniCart } from '../cart';

/**
 * The toast for every add to cart: quick add, quick view, product page (docs/product/texts.md §3.1), naming the
 * size. `quick` adds say that the size was not chosen and where to change it (docs/product/sizes.md §13.1).
 */
export function addedToCartToast(product: Product, size: SizeCode): void {
  const notice = addedNotice(product, size, false);
  toast.success(notice.title, { description: notice.description });
}

function addedNotice(product: Product, size: SizeCode, quick: boolean): BagNotice {
  const added = `${nameWithSize(product.name, size)} has been added to your cart.`;
  return {
    title: 'Added to cart',
    description: quick ? `${added} Need another size? Change it in your cart.` : added,
  };
}

/**
 * Quick add (cards, quick view): one in Medium, and the mini cart opens (docs/product/pages.md §2.4), a frame
 * after the tap, with the add's confirmation at its top. Not a toast: on a phone the bag fills the screen,
 * and a toast covered its View cart and Checkout buttons (or, placed at the top, its Close button).
 * The product page adds the chosen size itself (ProductActions).
 */
export function useAddToCart(): (product: Product, options?: { openMiniCart?: boolean }) => void {
  // The actions alone: every card of a listing calls this hook, and none re-renders when the cart changes
  // or the bag opens.
  const addItem = useAddItem();
  const open = useOpenMiniCart();
  return useCallback(
    (product, options = {}) => {
      const size = defaultSizeOf(product);
      addItem(product.id, 1, size);
      const notice = addedNotice(product, size, true);
      // The tap's frame shows the new count in the header; the bag slides in from the next one. Mounting
      // the open sheet (Radix Dialog: focus trap, scroll lock, its style and layout reads) took 60-150 ms
      // on a slow phone, all inside the tap's frame (bench:inp, quick add).
      if (options.openMiniCart) afterNextPaint(() => open(notice));
      else toast.success(notice.title, { description: notice.description });
    },
    [addItem, open],
  );
}
