/** The orders, one order, a new order and the packing slips; a maker packs, so she opens all but a new order. */
import { lazy, Suspense } from 'react';
import { type DeskScreens, OWNER, OWNER_AND_MAKER } from '../desk-screens';
import { Loading } from '../ui/desk-ui';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { PackingSlipsPage } from './packing-slips-page';
import { ordersHref, parseOrdersHash } from './routes';

const NewOrderPage = lazy(() => import('./new-order-page').then((m) => ({ default: m.NewOrderPage })));

export const ordersScreens: DeskScreens = {
  parse: parseOrdersHash,
  nav: [
    { id: 'orders', label: 'Orders', href: ordersHref.orders() },
    { id: 'slips', label: 'Packing slips', href: ordersHref.slips() },
  ],
  routes: {
    orders: { section: 'orders', roles: OWNER_AND_MAKER },
    order: { section: 'orders', roles: OWNER_AND_MAKER },
    newOrder: { section: 'orders', roles: OWNER },
    slips: { section: 'slips', roles: OWNER_AND_MAKER },
  },
  render(route) {
    switch (route.id) {
      case 'orders':
        return <OrdersPage key={route.params.toString()} params={route.params} />;
      case 'order':
        return <OrderPage key={route.reference} reference={route.reference} />;
      case 'newOrder':
        return (
          <Suspense fallback={<Loading label="Opening the new order…" />}>
            <NewOrderPage />
          </Suspense>
        );
      case 'slips':
        return <PackingSlipsPage key={route.reference ?? 'all'} reference={route.reference} />;
      default:
        return null;
    }
  },
};
