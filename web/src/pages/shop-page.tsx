import { Listing } from '../features/catalogue/listing';
import { useCatalogue } from '../features/catalogue-snapshot/catalogue-context';
import { Link } from '../lib/router';

/** The active products of the current catalogue (docs/product/catalogue.md: paused and retired ones are not listed). */
export function ShopPage() {
  const { listable } = useCatalogue();
  return (
    <Listing
      title="Our Collection"
      intro={<p>Every bracelet is designed in-house and strung by hand to order in Ireland.</p>}
      products={listable}
    />
  );
}

/** docs/product/settled-choices.md §8.9: /collections/best-sellers shows the listing limited to the best sellers. */
export function BestSellersPage() {
  const { bestSellers } = useCatalogue();
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
      products={bestSellers}
    />
  );
}
