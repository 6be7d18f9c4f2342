import { availabilityLabel, isOrderable } from '../../../../domain/catalogue/availability';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import type { SizeCode } from '../../../../domain/config';
import { productPath } from '../../../../domain/routes';
import { HeartIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { navigate } from '../../lib/router';
import { useAddItem } from '../cart';
// biome-ignore lint/style/noRestrictedImports: the newsletter has no face; a paused product's page takes this one form, its file alone.
import { BackInStockForm } from '../newsletter/back-in-stock-form';
import { AwayNotice, salesPaused, useAway } from '../settings';
import { useWishlist } from '../wishlist';
import { ShareButton } from './share-button';
import { addedToCartToast } from './use-add-to-cart';

/**
 * The product page's buttons: Add to Cart (a toast), Buy Now (to the cart), both in the chosen `size`,
 * Wishlist and Share. A paused product takes no orders: its owner's note stands where the two buttons
 * would be, and the shopper can still keep it in the wishlist for later. While the owner has paused the
 * whole shop's sales, her note and return date stand there instead.
 */
export function ProductActions({ product, size }: { product: Product; size: SizeCode }) {
  const addItem = useAddItem();
  const away = useAway();
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
      {salesPaused(away) && isOrderable(product) ? (
        <AwayNotice away={away} />
      ) : isOrderable(product) ? (
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
      ) : (
        <PausedNotice product={product} />
      )}
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

/** In place of Add to Cart and Buy Now on a paused product's page. */
function PausedNotice({ product }: { product: Product }) {
  return (
    <div className="mt-6 rounded-xl border border-wine/40 bg-sand px-4 py-3">
      <div role="status" data-testid="paused-notice">
        <p className="font-semibold text-wine">{availabilityLabel(product)}</p>
        {product.note ? <p className="mt-1 text-ink">{product.note}</p> : null}
      </div>
      {/* In the page's own chunk, not lazy: prerendered, the form must hydrate with the page, since a
          click replayed on a form still waiting for its chunk submits natively and reloads the page. */}
      {product.status === 'paused' ? <BackInStockForm productId={product.id} /> : null}
    </div>
  );
}
