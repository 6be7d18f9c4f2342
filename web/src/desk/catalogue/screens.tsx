/** Products and a product: loaded only when opened, so the packing bench's phone never downloads them. */
import { lazy, Suspense } from 'react';
import { type DeskScreens, OWNER } from '../desk-screens';
import { catalogueHref, parseCatalogueHash } from '../routes/catalogue';
import { Loading } from '../ui/desk-ui';

const ProductsPage = lazy(() => import('./products-page').then((m) => ({ default: m.ProductsPage })));
const ProductPage = lazy(() => import('./product-page').then((m) => ({ default: m.ProductPage })));

export const catalogueScreens: DeskScreens = {
  parse: parseCatalogueHash,
  nav: [{ id: 'products', label: 'Products', href: catalogueHref.products() }],
  routes: {
    products: { section: 'products', roles: OWNER },
    product: { section: 'products', roles: OWNER },
  },
  render(route) {
    if (route.id !== 'products' && route.id !== 'product') return null;
    return (
      <Suspense fallback={<Loading label="Opening the products…" />}>
        {route.id === 'products' ? (
          <ProductsPage />
        ) : (
          <ProductPage key={route.productId ?? 'new'} productId={route.productId} />
        )}
      </Suspense>
    );
  },
};
