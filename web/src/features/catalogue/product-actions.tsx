import type { Product } from '../../../../domain/catalogue';
import type { SizeCode } from '../../../../domain/config';
import { productPath } from '../../../../domain/routes';
import { toast } from '../../components/ui/toast';
import { navigate } from '../../lib/router';
import { useAddItem } from '../cart/cart-context';
import { useWishlist } from '../wishlist/wishlist-context';
import { HeartIcon } from './icons';
import { ShareButton } from './share-button';
import { addedToCartToast } from './use-add-to-cart';

/**
 * The product page's buttons: Add to Cart (a toast), Buy Now (to the cart), both in the chosen `size`,
 * Wishlist and Share.
 */
export function ProductActions({ product, size }: { product: Product; size: SizeCode }) {
  const addItem = useAddItem();
  const { has, toggle } = useWishlist();
  const inWishlist = has(product.id);

  const addToCart = () => {
    addItem(product.id, 1, size);
    addedToCartToast(product, size);
  };
  const buyNow = () => {
    addItem(product.id, 1, size);
    navigate('/cart');
  };
  const toggleWishlist = () => {
    const added = toggle(product.id);
    if (added) toast.success('Added to wishlist');
    else toast('Removed from wishlist');
  };

  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={addToCart}
          className="h-12 rounded-full sm:flex-1 bg-wine px-6 font-medium text-cream hover:bg-wine-dark"
        >
          Add to Cart
        </button>
        <button
          type="button"
          onClick={buyNow}
          className="h-12 rounded-full sm:flex-1 border border-ink bg-ink px-6 font-medium text-cream hover:bg-wine-dark"
        >
          Buy Now
        </button>
      </div>
      <div className="mt-3 flex gap-3">
        <button
          type="button"
          onClick={toggleWishlist}
          aria-pressed={inWishlist}
          className="inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-full border border-line bg-white px-5 font-medium hover:border-wine aria-pressed:border-wine aria-pressed:text-wine"
        >
          <HeartIcon className="h-5 w-5" filled={inWishlist} />
          Wishlist
        </button>
        <ShareButton
          title={product.name}
          text={product.description}
          path={productPath(product.id)}
          className="flex-1"
        />
      </div>
    </>
  );
}
