/** Quick view of a product from the listing (loaded on first open, see ProductCard). */

import { defaultSizeOf, sizeByCode, sizeRangeText } from '../../../../domain/catalogue/sizes';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import { productPath } from '../../../../domain/routes';
import { pausedSalesMessage } from '../../../../domain/settings/storefront-settings';
import { formatEuro } from '../../../../domain/shared/money';
import { ProductPicture } from '../../components/ui/responsive-image';
import { Link } from '../../lib/router';
import { salesPaused, useAway } from '../settings';
import { MaterialChips } from './material-chips';
import { Modal } from './modal';
import { useAddToCart } from './use-add-to-cart';

export interface QuickViewDialogProps {
  readonly product: Product;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

export function QuickViewDialog({ product, open, onOpenChange }: QuickViewDialogProps) {
  const addToCart = useAddToCart();
  const away = useAway();
  const add = () => {
    onOpenChange(false);
    // Open the bag once this dialog has let go of focus, so closing the bag returns focus to the card.
    setTimeout(() => addToCart(product, { openMiniCart: true }), 0);
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={product.name}
      description={product.category}
      size="lg"
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div className="overflow-hidden rounded-xl bg-sand">
          <ProductPicture
            image={product.images[0]}
            sizes="(min-width: 768px) 360px, 90vw"
            className="aspect-square h-auto w-full object-cover"
          />
        </div>
        <div className="flex flex-col">
          <p className="text-2xl font-semibold tabular-nums">{formatEuro(product.price)}</p>
          <MaterialChips materials={product.materials} className="mt-4" />
          <p className="mt-4 leading-relaxed text-ink">{product.description}</p>
          <div className="mt-auto flex flex-col gap-3 pt-6">
            {/* Quick view has no size choice: it adds Medium and says so (docs/product/sizes.md §13.1). */}
            <p className="text-sm text-muted" id={`quick-view-size-${product.id}`}>
              Adds size {sizeByCode(defaultSizeOf(product)).name} (
              {sizeRangeText(sizeByCode(defaultSizeOf(product)))}); you can change it in your cart.
            </p>
            {salesPaused(away) ? (
              <p className="rounded-xl border border-wine/40 bg-sand px-4 py-3 text-sm text-ink">
                {pausedSalesMessage(away)}
              </p>
            ) : (
              <button
                aria-describedby={`quick-view-size-${product.id}`}
                type="button"
                onClick={add}
                className="h-12 rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark"
              >
                Add to Cart
              </button>
            )}
            <Link
              to={productPath(product.id)}
              onClick={() => onOpenChange(false)}
              className="inline-flex h-12 items-center justify-center rounded-full border border-ink px-6 font-medium hover:bg-sand"
            >
              View full details
            </Link>
          </div>
        </div>
      </div>
    </Modal>
  );
}
