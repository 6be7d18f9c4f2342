/**
 * The product page body (docs/product/pages.md §2.5). Visiting records the product in recently viewed.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { isOrderable } from '../../../../domain/catalogue/availability';
import { similarProducts } from '../../../../domain/catalogue/similar';
import { defaultSizeOf, offeredSizes } from '../../../../domain/catalogue/sizes';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import { productionDaysText, type SizeCode } from '../../../../domain/config';
import { cents, formatEuro, formatEuroShort } from '../../../../domain/shared/money';
import { shortProductDescription } from '../../../../domain/shared/text';
import { HydrateLater } from '../../components/hydrate-later';
import { ChevronIcon } from '../../components/ui/icons';
import { preloadOnIntent } from '../../components/ui/preload-on-intent';
import { Link } from '../../lib/router';
import { useCatalogue } from '../catalogue-snapshot';
import { ProductDispatch } from '../making';
import { useRecordRecentlyViewed } from '../recently-viewed';
import { salesPaused, useAway, useIrishFreeFrom } from '../settings';
import { MaterialChips } from './material-chips';
import { ProductAbout } from './product-about';
import { ProductActions } from './product-actions';
import { ProductCard } from './product-card';
import { ProductGallery } from './product-gallery';
import { SizeChoice } from './size-choice';
import { useLazyDialog } from './use-lazy-dialog';

const loadSizeGuide = () => import('./size-guide-dialog');
const SizeGuideDialog = lazy(() => loadSizeGuide().then((m) => ({ default: m.SizeGuideDialog })));

export function ProductDetails({ product }: { product: Product }) {
  const record = useRecordRecentlyViewed();
  const freeFrom = useIrishFreeFrom();
  const paused = salesPaused(useAway());
  const sizeGuide = useLazyDialog();
  const [expanded, setExpanded] = useState(false);
  // The size Add to Cart and Buy Now add; the size guide's finder can set it (docs/product/sizes.md §13.1).
  const [size, setSize] = useState<SizeCode>(() => defaultSizeOf(product));
  const sizes = offeredSizes(product);
  // The finder may recommend a size this bracelet is not made in: the choice stays as it was then.
  const chooseSize = (code: SizeCode) => {
    if (sizes.some((s) => s.code === code) && !product.unmakeableSizes?.includes(code)) setSize(code);
  };

  useEffect(() => {
    record(product.id);
  }, [product.id, record]);

  const short = shortProductDescription(product.description);
  const truncated = short !== product.description.replace(/\s+/g, ' ').trim();
  const { listable } = useCatalogue();
  const similar = similarProducts(product, listable);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-4 sm:pt-8">
      <Link to="/shop" className="inline-flex h-11 items-center gap-1 text-sm font-medium hover:text-wine">
        <ChevronIcon direction="left" className="h-4 w-4" />
        Back to shop
      </Link>

      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        {/* Widths follow PRODUCT_GALLERY_SIZES (domain/media/page-image-sizes.ts): the width less px-4, 80vw from sm, half the max-w-6xl grid from lg. */}
        <div className="sm:mx-auto sm:w-[80vw] sm:max-w-full lg:sticky lg:top-24 lg:mx-0 lg:w-auto lg:self-start">
          <ProductGallery product={product} />
        </div>

        <div>
          <p className="text-sm font-medium tracking-wider text-muted uppercase">
            <Link
              to={`/shop?category=${encodeURIComponent(product.category)}`}
              className="hover:text-wine hover:underline"
            >
              {product.category}
            </Link>
          </p>
          <h1 className="mt-2 font-serif text-4xl leading-tight wrap-anywhere sm:text-5xl">{product.name}</h1>
          <p className="mt-4 text-2xl font-semibold tabular-nums" data-testid="product-detail-price">
            {formatEuro(product.price)}
          </p>
          {/* A paused product, or the shop while sales are paused, takes no order: no promise of a
              dispatch or a Christmas date. */}
          {isOrderable(product) && !paused ? (
            <>
              <p className="mt-2 text-sm text-muted">
                {freeFrom === null
                  ? ''
                  : `Free shipping in Ireland on orders of ${formatEuroShort(cents(freeFrom))} or more. `}
                Made to order: ready to ship in {productionDaysText()}.
              </p>
              <ProductDispatch />
            </>
          ) : null}

          <MaterialChips materials={product.materials} className="mt-6" />

          <div className="mt-6 leading-relaxed">
            <p id="product-description">{expanded || !truncated ? product.description : short}</p>
            {truncated ? (
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls="product-description"
                onClick={() => setExpanded((v) => !v)}
                className="mt-1 text-sm font-medium text-wine underline"
              >
                {expanded ? 'Read less' : 'Read more'}
              </button>
            ) : null}
          </div>

          <SizeChoice
            sizes={sizes}
            unavailable={product.unmakeableSizes ?? []}
            value={size}
            onChange={setSize}
          />

          <button
            type="button"
            onClick={sizeGuide.show}
            {...preloadOnIntent(loadSizeGuide)}
            aria-haspopup="dialog"
            className="mt-3 min-h-11 text-sm font-medium underline hover:text-wine"
          >
            Size guide
          </button>
          {sizeGuide.mounted ? (
            <Suspense fallback={null}>
              <SizeGuideDialog
                open={sizeGuide.open}
                onOpenChange={sizeGuide.setOpen}
                onChooseSize={chooseSize}
              />
            </Suspense>
          ) : null}

          <ProductActions product={product} size={size} />

          {/* Below the fold on every screen: hydrated after the rest of the page, in a commit of its own,
              and laid out by the browser only when it comes near (as .render-when-near in styles.css;
              about 420 px tall on a phone with its sections closed). A placeholder height only: an
              intrinsic width would be this grid column's min-content width and widen the page on a phone. */}
          <div className="[contain-intrinsic-height:auto_420px] [content-visibility:auto]">
            <HydrateLater>
              <ProductAbout product={product} />
            </HydrateLater>
          </div>
        </div>
      </div>

      <HydrateLater>
        <section aria-labelledby="similar-heading" className="render-when-near mt-16">
          <h2 id="similar-heading" className="font-serif text-3xl">
            You Might Also Like
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
            {similar.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} sizes="(min-width: 1152px) 270px, (min-width: 1024px) 23vw, 47vw" />
              </li>
            ))}
          </ul>
        </section>
      </HydrateLater>
    </div>
  );
}
