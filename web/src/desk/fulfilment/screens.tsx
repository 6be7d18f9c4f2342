/** The orders, one order and the packing slips: making, packing and dispatch, which a maker does too. */
import { type DeskScreens, OWNER_AND_MAKER } from '../desk-screens';
import { fulfilmentHref, parseFulfilmentHash } from '../routes/fulfilment';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { PackingSlipsPage } from './packing-slips-page';

export const fulfilmentScreens: DeskScreens = {
  parse: parseFulfilmentHash,
  nav: [
    { id: 'orders', label: 'Orders', href: fulfilmentHref.orders() },
    { id: 'slips', label: 'Packing slips', href: fulfilmentHref.slips() },
  ],
  routes: {
    orders: { section: 'orders', roles: OWNER_AND_MAKER },
    order: { section: 'orders', roles: OWNER_AND_MAKER },
    slips: { section: 'slips', roles: OWNER_AND_MAKER },
  },
  render(route) {
    switch (route.id) {
      case 'orders':
        return <OrdersPage key={route.params.toString()} params={route.params} />;
      case 'order':
        return <OrderPage key={route.reference} reference={route.reference} />;
      case 'slips':
        return <PackingSlipsPage key={route.reference ?? 'all'} reference={route.reference} />;
      default:
        return null;
    }
  },
};
