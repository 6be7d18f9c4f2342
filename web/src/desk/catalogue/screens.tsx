/** Products and a product: loaded only when opened, so the packing bench's phone never downloads them. */
import { lazy, Suspense } from 'react';
import { deskHref } from '../desk-router';
import { type DeskScreens, OWNER } from '../desk-screens';
import { Loading } from '../ui/desk-ui';

const ProductsPage = lazy(() => import('./products-page').then((m) => ({ default: m.ProductsPage })));
const ProductPage = lazy(() => import('./product-page').then((m) => ({ default: m.ProductPage })));

export const catalogueScreens: DeskScreens = {
  nav: [{ id: 'products', label: 'Products', href: deskHref.products() }],
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
