/**
 * 'Recently Viewed' under the listing: the newest LIMITS.recentlyViewedShown of the stored products,
 * newest first. Nothing renders before the shopper has viewed a product (and during a server render).
 */
import { LIMITS } from '../../../../domain/config';
import { productPath } from '../../../../domain/routes';
import { formatEuro } from '../../../../domain/shared/money';
import { ProductStatusNote } from '../../components/ui/product-status';
import { ProductPicture } from '../../components/ui/responsive-image';
import { Link } from '../../lib/router';
import { useRecentlyViewed } from '../recently-viewed';

export function RecentlyViewedStrip({ excludeId }: { excludeId?: string }) {
  const { products } = useRecentlyViewed();
  const shown = products.filter((p) => p.id !== excludeId).slice(0, LIMITS.recentlyViewedShown);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="mt-16">
      <h2 id="recently-viewed-heading" className="font-serif text-2xl">
        Recently Viewed
      </h2>
      <ul className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="recently-viewed">
        {shown.map((product) => (
          <li key={product.id}>
            <Link
              to={productPath(product.id)}
              className="group block rounded-xl focus-visible:outline-offset-4"
            >
              <div className="overflow-hidden rounded-xl bg-sand">
                {/* Decorative: the link already says the product's name. */}
                <ProductPicture
                  image={product.images[0]}
                  alt=""
                  sizes="(min-width: 1152px) 270px, (min-width: 640px) 24vw, 46vw"
                  className="aspect-square h-auto w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
                />
              </div>
              <span className="mt-2 block font-serif text-base group-hover:text-wine">{product.name}</span>
              <span className="block text-sm tabular-nums text-muted">{formatEuro(product.price)}</span>
              <ProductStatusNote product={product} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
