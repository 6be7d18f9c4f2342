/**
 * The product page body (docs/product.md §2.5). Visiting records the product in recently viewed.
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { CARE_INSTRUCTIONS, type Product, SAMPLE_REVIEWS } from '../../../../domain/catalogue';
import { fullDescription } from '../../../../domain/catalogue/full-descriptions';
import {
  FREE_SHIPPING_THRESHOLD,
  POLICY,
  productionDaysText,
  SAMPLE_RATING,
} from '../../../../domain/config';
import { formatEuro, formatEuroShort } from '../../../../domain/money';
import { productPath } from '../../../../domain/routes';
import { similarProducts } from '../../../../domain/similar';
import { shortProductDescription } from '../../../../domain/text';
import { Link, navigate } from '../../app/router';
import { HydrateLater } from '../../components/hydrate-later';
import { toast } from '../../components/ui/toast';
import { useCart } from '../cart/cart-context';
import { useFlag } from '../flags/use-flag';
import { useRecordRecentlyViewed } from '../recently-viewed/recently-viewed-context';
import { useWishlist } from '../wishlist/wishlist-context';
import { ChevronIcon, HandIcon, HeartIcon, LockIcon, ReturnIcon, TruckIcon } from './icons';
import { MaterialChips } from './material-chips';
import { ProductCard } from './product-card';
import { ProductGallery } from './product-gallery';
import { Stars } from './rating';
import { ShareButton } from './share-button';
import { addedToCartToast } from './use-add-to-cart';
import { useLazyDialog } from './use-lazy-dialog';

const loadSizeGuide = () => import('./size-guide-dialog');
const SizeGuideDialog = lazy(() => loadSizeGuide().then((m) => ({ default: m.SizeGuideDialog })));

const FREE_OVER = formatEuroShort(FREE_SHIPPING_THRESHOLD);

export function ProductDetails({ product }: { product: Product }) {
  const { addItem } = useCart();
  const { has, toggle } = useWishlist();
  const record = useRecordRecentlyViewed();
  const purge = useFlag('content_purge');
  const sizeGuide = useLazyDialog();
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    record(product.id);
  }, [product.id, record]);

  const short = shortProductDescription(product.description);
  const truncated = short !== product.description.replace(/\s+/g, ' ').trim();
  const inWishlist = has(product.id);
  const similar = similarProducts(product);

  const addToCart = () => {
    addItem(product.id, 1);
    addedToCartToast(product);
  };
  const buyNow = () => {
    addItem(product.id, 1);
    navigate('/cart');
  };
  const toggleWishlist = () => {
    const added = toggle(product.id);
    if (added) toast.success('Added to wishlist');
    else toast('Removed from wishlist');
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-4 sm:pt-8">
      <Link to="/shop" className="inline-flex h-11 items-center gap-1 text-sm font-medium hover:text-wine">
        <ChevronIcon direction="left" className="h-4 w-4" />
        Back to shop
      </Link>

      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        {/* Widths follow LCP_SIZES.productGallery: full width, 80vw from sm, a 560px column from lg. */}
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
          <h1 className="mt-2 font-serif text-4xl leading-tight sm:text-5xl">{product.name}</h1>
          <p className="mt-4 text-2xl font-semibold tabular-nums" data-testid="product-detail-price">
            {formatEuro(product.price)}
          </p>
          <p className="mt-2 text-sm text-muted">
            Free shipping in Ireland on orders over {FREE_OVER}. Made to order: ready to ship in{' '}
            {productionDaysText()}.
          </p>

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

          <button
            type="button"
            onClick={sizeGuide.show}
            onPointerEnter={() => void loadSizeGuide()}
            onFocus={() => void loadSizeGuide()}
            aria-haspopup="dialog"
            className="mt-5 text-sm font-medium underline hover:text-wine"
          >
            Size guide
          </button>
          {sizeGuide.mounted ? (
            <Suspense fallback={null}>
              <SizeGuideDialog open={sizeGuide.open} onOpenChange={sizeGuide.setOpen} />
            </Suspense>
          ) : null}

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

          <div className="mt-8 divide-y divide-line border-y border-line">
            <Collapsible title="Full Details">
              {fullDescription(product)
                .split(/\n{2,}/)
                .map((paragraph) => (
                  <p key={paragraph.slice(0, 40)} className="mt-3 first:mt-0">
                    {paragraph}
                  </p>
                ))}
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted">Category</dt>
                <dd>{product.category}</dd>
                <dt className="text-muted">Materials</dt>
                <dd>{product.materials.join(', ')}</dd>
                <dt className="text-muted">Made to order</dt>
                <dd>Ready to ship in {productionDaysText()}</dd>
              </dl>
            </Collapsible>
            <Collapsible title="Care Instructions">
              <ul className="list-disc space-y-2 pl-5">
                {CARE_INSTRUCTIONS.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Collapsible>
            {purge ? null : (
              <Collapsible title="Customer Reviews">
                <p className="flex items-center gap-2">
                  <Stars rating={SAMPLE_RATING} />
                  <span aria-hidden="true" className="text-sm font-medium">
                    {SAMPLE_RATING} of {SAMPLE_RATING}
                  </span>
                </p>
                <ul className="mt-4 space-y-5">
                  {SAMPLE_REVIEWS.map((review) => (
                    <li key={review.author}>
                      <figure>
                        <Stars rating={review.rating} />
                        <blockquote className="mt-1">{review.comment}</blockquote>
                        <figcaption className="mt-1 text-sm text-muted">
                          {review.author}, {review.date}
                        </figcaption>
                      </figure>
                    </li>
                  ))}
                </ul>
              </Collapsible>
            )}
          </div>

          <ul className="mt-8 grid grid-cols-2 gap-3 text-sm" aria-label="Why shop with us">
            <TrustBadge
              icon={<LockIcon className="h-5 w-5" />}
              title="Secure Payment"
              text="Encrypted checkout"
            />
            <TrustBadge
              icon={<TruckIcon className="h-5 w-5" />}
              title="Free Shipping"
              text={`orders over ${FREE_OVER}`}
            />
            <TrustBadge
              icon={<ReturnIcon className="h-5 w-5" />}
              title="Easy Returns"
              text={`${POLICY.returnsDays} Day Policy`}
            />
            <TrustBadge
              icon={<HandIcon className="h-5 w-5" />}
              title="Handcrafted"
              text="Made to order in Ireland"
            />
          </ul>
        </div>
      </div>

      <HydrateLater>
        <section aria-labelledby="similar-heading" className="mt-16">
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

function Collapsible({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group">
      <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
        <span>{title}</span>
        <ChevronIcon direction="down" className="h-5 w-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="pb-5 leading-relaxed">{children}</div>
    </details>
  );
}

function TrustBadge({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-line bg-white p-3">
      <span className="mt-0.5 text-wine">{icon}</span>
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-muted">{text}</span>
      </span>
    </li>
  );
}
