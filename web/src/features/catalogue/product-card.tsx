/**
 * Listing card. The product name is a real link stretched over the whole card, so a click anywhere opens
 * /product/{id}, Enter works natively and Space is added (docs/product/pages.md §2.4); the card's own buttons sit above the
 * stretched link and do their own thing. The second image loads only after the pointer first rests on
 * the card, so touch devices and a scrolling mouse never download it.

 */
import { type KeyboardEvent, lazy, Suspense, useEffect, useState } from 'react';
import { isOrderable } from '../../../../domain/catalogue/availability';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import { LIMITS } from '../../../../domain/config';
import { productPath } from '../../../../domain/routes';
import { formatEuro } from '../../../../domain/shared/money';
import { BagIcon, CompareIcon, EyeIcon } from '../../components/ui/icons';
import { preloadOnIntent } from '../../components/ui/preload-on-intent';
import { ProductStatusNote } from '../../components/ui/product-status';
import { ProductPicture } from '../../components/ui/responsive-image';
import { mountToaster, toast } from '../../components/ui/toast';
import { Link, navigate } from '../../lib/router';
import { useCompareActions, useIsCompared } from '../compare';
import { RatingBadge } from '../reviews';
import { useAddToCart } from './use-add-to-cart';
import { useLazyDialog } from './use-lazy-dialog';

const loadQuickView = () => import('./quick-view-dialog');
const QuickViewDialog = lazy(() => loadQuickView().then((m) => ({ default: m.QuickViewDialog })));

export interface ProductCardProps {
  readonly product: Product;
  /** The `sizes` of the card image at the grid's breakpoints. */
  readonly sizes: string;
  readonly headingLevel?: 'h2' | 'h3';
  /** Show the compare toggle (the shop listing, where the compare overlay lives). */
  readonly showCompare?: boolean;
  readonly priority?: boolean;
}

function openOnSpace(event: KeyboardEvent<HTMLAnchorElement>, to: string) {
  if (event.key === ' ' || event.key === 'Spacebar') {
    event.preventDefault();
    navigate(to);
  }
}

let toasterQueued = false;
/**
 * Quick add's toast needs sonner and the mounted Toaster: prepared in an idle period (after hydration,
 * whose slices leave none) instead of on the shopper's first tap, where loading sonner and inserting its
 * styles delayed the tap's click by 50-200 ms on a slow phone (bench:inp). Without idle callbacks the
 * first interaction does it (toast.tsx).
 */
function prepareToaster(): void {
  if (toasterQueued || typeof requestIdleCallback !== 'function') return;
  toasterQueued = true;
  requestIdleCallback(mountToaster);
}

const ICON_BUTTON =
  'relative z-10 inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-cream/95 text-ink shadow-sm hover:bg-white hover:text-wine aria-pressed:border-wine aria-pressed:bg-wine aria-pressed:text-cream';

export function ProductCard({
  product,
  sizes,
  headingLevel: Heading = 'h3',
  showCompare = false,
  priority,
}: ProductCardProps) {
  const [hovered, setHovered] = useState(false);
  const quickView = useLazyDialog();
  const addToCart = useAddToCart();
  const to = productPath(product.id);
  const secondImage = product.images[1];
  useEffect(prepareToaster, []);

  return (
    <article
      className="group relative flex h-full flex-col rounded-2xl border border-line bg-white p-2 transition-shadow hover:shadow-lg sm:p-3"
      onPointerEnter={(e) => {
        if (e.pointerType === 'mouse') setHovered(true);
      }}
    >
      <div className="relative aspect-square overflow-hidden rounded-xl bg-sand">
        <ProductPicture
          image={product.images[0]}
          sizes={sizes}
          priority={priority}
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {secondImage && hovered ? (
          <div
            aria-hidden="true"
            className="absolute inset-0 opacity-0 transition-opacity duration-300 group-hover:opacity-100"
          >
            <ProductPicture image={secondImage} alt="" sizes={sizes} className="h-full w-full object-cover" />
          </div>
        ) : null}
        <RatingBadge productId={product.id} className="absolute top-2 left-2" />
        <div className="absolute top-2 right-2 flex flex-col gap-2">
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={`Quick view ${product.name}`}
            aria-haspopup="dialog"
            {...preloadOnIntent(loadQuickView)}
            onClick={quickView.show}
          >
            <EyeIcon />
          </button>
          {showCompare ? <CompareToggle product={product} /> : null}
        </div>
      </div>
      <div className="mt-3 flex min-w-0 flex-1 flex-col px-1 pb-1">
        {/* A name with a long unbroken word (the owner names products) wraps inside the card. */}
        <Heading className="font-serif text-lg leading-snug wrap-anywhere">
          <Link
            to={to}
            onKeyDown={(e) => openOnSpace(e, to)}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:text-wine focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-wine"
          >
            {product.name}
          </Link>
        </Heading>
        <p className="mt-0.5 text-sm text-muted">{product.category}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <p className="font-semibold tabular-nums" data-testid="product-price">
            {formatEuro(product.price)}
          </p>
          {isOrderable(product) ? (
            <button
              type="button"
              onClick={() => addToCart(product, { openMiniCart: true })}
              aria-label={`Quick add ${product.name} to cart`}
              className="relative z-10 inline-flex h-11 items-center gap-1.5 rounded-full bg-wine px-3 text-sm font-medium text-cream hover:bg-wine-dark sm:px-4"
            >
              <BagIcon className="h-4 w-4" />
              <span className="hidden min-[400px]:inline">Add</span>
            </button>
          ) : (
            <ProductStatusNote product={product} />
          )}
        </div>
      </div>
      {quickView.mounted ? (
        <Suspense fallback={null}>
          <QuickViewDialog product={product} open={quickView.open} onOpenChange={quickView.setOpen} />
        </Suspense>
      ) : null}
    </article>
  );
}

function CompareToggle({ product }: { product: Product }) {
  const selected = useIsCompared(product.id);
  const { toggle, current } = useCompareActions();
  const onClick = () => {
    const items = current();
    const oldest = items[0];
    const wasFull = !selected && items.length >= LIMITS.compareMax;
    const nowIn = toggle(product.id);
    if (nowIn && wasFull && oldest) {
      toast(`${oldest.name} was removed from the comparison`, {
        description: `You can compare up to ${LIMITS.compareMax} products at a time.`,
      });
    }
  };
  return (
    <button
      type="button"
      className={ICON_BUTTON}
      aria-label={`Compare ${product.name}`}
      aria-pressed={selected}
      onClick={onClick}
    >
      <CompareIcon />
    </button>
  );
}
