/** The owner's own order, in the Orders section (the owner's alone), loaded when opened. */
import { lazy, Suspense } from 'react';
import { type DeskScreens, OWNER } from '../desk-screens';
import { parseManualOrdersHash } from '../routes/manual-orders';
import { Loading } from '../ui/desk-ui';

const NewOrderPage = lazy(() => import('./new-order-page').then((m) => ({ default: m.NewOrderPage })));

export const manualOrdersScreens: DeskScreens = {
  parse: parseManualOrdersHash,
  nav: [],
  routes: { newOrder: { section: 'orders', roles: OWNER } },
  render: (route) =>
    route.id === 'newOrder' ? (
      <Suspense fallback={<Loading label="Opening the new order…" />}>
        <NewOrderPage />
      </Suspense>
    ) : null,
};
