/**
 * What shoppers are told about a product that takes no orders (docs/product/catalogue.md): a
 * paused one is marked "Not available right now" with the owner's note on its page; a retired one "No
 * longer made". Active products carry no mark.
 */
import type { CatalogueProduct } from './snapshot';

export function availabilityLabel(product: Pick<CatalogueProduct, 'status'>): string | null {
  switch (product.status) {
    case 'active':
      return null;
    case 'paused':
      return 'Not available right now';
    case 'retired':
      return 'No longer made';
  }
}

/** Whether the product can be added to a cart or bought now. */
export function isOrderable(product: Pick<CatalogueProduct, 'status'>): boolean {
  return product.status === 'active';
}
