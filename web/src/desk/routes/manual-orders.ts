/** The owner's own order (by phone or at a fair, docs/product/orders.md §10.17): its form's route. */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    /** New order: one the owner takes by phone or at a fair. */
    newOrder: { readonly id: 'newOrder' };
  }
}

export const manualOrdersHref = {
  newOrder: () => '#/orders/new',
};

/** Asked before fulfilment's: `#/orders/new` is no order's reference. */
export const parseManualOrdersHash: DeskRouteParser = (parts) =>
  parts[0] === 'orders' && parts[1] === 'new' ? { id: 'newOrder' } : null;
