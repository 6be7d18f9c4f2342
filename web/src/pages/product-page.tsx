import { similarProducts } from '../../../domain/catalogue/similar';
import type { CatalogueProduct } from '../../../domain/catalogue/snapshot';
import { productPath, resolvePath } from '../../../domain/routes';
import { ProductDetails } from '../features/catalogue/product-details';
import { useCatalogue } from '../features/catalogue-snapshot/catalogue-context';
import { Link, usePath } from '../lib/router';

function useProductId(): string {
  const path = usePath();
  const resolution = resolvePath(path);
  return resolution.kind === 'route' && resolution.match.id === 'product'
    ? (resolution.match.params.id ?? '')
    : '';
}

const SHOP_BUTTON =
  'mt-8 inline-flex h-12 items-center rounded-full bg-wine px-7 font-medium text-cream hover:bg-wine-dark';

/**
 * A retired product's page: never a bare "not found" (a shopper may come from an old order e-mail or a
 * bookmark), it says the piece is no longer made and offers similar ones still made.
 */
function RetiredProduct({ product }: { product: CatalogueProduct }) {
  const { listable } = useCatalogue();
  const similar = similarProducts(product, listable);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" aria-labelledby="retired-heading">
      <h1 id="retired-heading" className="font-serif text-4xl">
        {product.name}
      </h1>
      <p className="mt-4 text-lg">{product.name} is no longer made.</p>
      {similar.length > 0 ? (
        <>
          <h2 className="mt-8 font-serif text-2xl">Similar pieces</h2>
          <ul className="mt-4 flex flex-col items-center gap-1">
            {similar.map((p) => (
              <li key={p.id}>
                <Link
                  to={productPath(p.id)}
                  className="inline-flex min-h-11 items-center underline hover:text-wine"
                >
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link to="/shop" className={SHOP_BUTTON}>
        Return to Shop
      </Link>
    </section>
  );
}

export function ProductPage() {
  const product = useCatalogue().getProduct(useProductId());
  if (!product) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-serif text-4xl">Product not found</h1>
        <p className="mt-4 text-muted">
          We couldn't find that bracelet. It may have been renamed, or the link may be incomplete.
        </p>
        <Link to="/shop" className={SHOP_BUTTON}>
          Return to Shop
        </Link>
      </section>
    );
  }
  if (product.status === 'retired') return <RetiredProduct key={product.id} product={product} />;
  // A new key per product resets the gallery, description and dialogs when 'You Might Also Like' is used.
  return <ProductDetails key={product.id} product={product} />;
}
