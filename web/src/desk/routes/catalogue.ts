/** The products and one product (a new one has no id yet). Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    products: { readonly id: 'products' };
    /** `productId` null: a new product. */
    product: { readonly id: 'product'; readonly productId: string | null };
  }
}

export const catalogueHref = {
  products: () => '#/products',
  newProduct: () => '#/products/new',
  product: (id: string) => `#/products/${encodeURIComponent(id)}`,
};

export const parseCatalogueHash: DeskRouteParser = (parts) => {
  if (parts[0] !== 'products') return null;
  if (parts[1]) return { id: 'product', productId: parts[1] === 'new' ? null : parts[1] };
  return { id: 'products' };
};
