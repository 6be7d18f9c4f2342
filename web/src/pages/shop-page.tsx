import { BEST_SELLERS, PRODUCTS } from '../../../domain/catalogue';
import { Listing } from '../features/catalogue/listing';
import { Link } from '../lib/router';

export function ShopPage() {
  return (
    <Listing
      title="Our Collection"
      intro={<p>Every bracelet is designed in-house and strung by hand to order in Ireland.</p>}
      products={PRODUCTS}
    />
  );
}

/** docs/product.md §8.9: /collections/best-sellers shows the listing limited to the best sellers. */
export function BestSellersPage() {
  return (
    <Listing
      title="Best Sellers"
      intro={
        <p>
          The pieces our customers come back for.{' '}
          <Link to="/shop" className="font-medium text-wine underline">
            View all bracelets
          </Link>
        </p>
      }
      products={BEST_SELLERS}
    />
  );
}
