import { availabilityLabel } from '../../../../domain/catalogue/availability';
import type { CatalogueProduct } from '../../../../domain/catalogue/snapshot';

/**
 * The mark of a product that takes no orders, wherever a shopper's list still shows it (cart, wishlist,
 * comparison, recently viewed); nothing for an active product.
 */
export function ProductStatusNote({
  product,
  className = '',
}: {
  product: CatalogueProduct;
  className?: string;
}) {
  const label = availabilityLabel(product);
  if (!label) return null;
  return (
    <p className={`text-sm font-medium text-wine ${className}`} data-testid="product-status">
      {label}
    </p>
  );
}
