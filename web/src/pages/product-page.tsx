import { getProduct } from '../../../domain/catalogue';
import { resolvePath } from '../../../domain/routes';
import { ProductDetails } from '../features/catalogue/product-details';
import { Link, usePath } from '../lib/router';

function useProductId(): string {
  const path = usePath();
  const resolution = resolvePath(path);
  return resolution.kind === 'route' && resolution.match.id === 'product'
    ? (resolution.match.params.id ?? '')
    : '';
}

export function ProductPage() {
  const product = getProduct(useProductId());
  if (!product) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-serif text-4xl">Product not found</h1>
        <p className="mt-4 text-muted">
          We couldn't find that bracelet. It may have been renamed, or the link may be incomplete.
        </p>
        <Link
          to="/shop"
          className="mt-8 inline-flex h-12 items-center rounded-full bg-wine px-7 font-medium text-cream hover:bg-wine-dark"
        >
          Return to Shop
        </Link>
      </section>
    );
  }
  // A new key per product resets the gallery, description and dialogs when 'You Might Also Like' is used.
  return <ProductDetails key={product.id} product={product} />;
}
