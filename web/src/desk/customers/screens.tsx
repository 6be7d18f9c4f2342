/** Customers and a customer, loaded when opened. */
import { lazy, Suspense } from 'react';
import { type DeskScreens, OWNER } from '../desk-screens';
import { customersHref, parseCustomersHash } from '../routes/customers';
import { Loading } from '../ui/desk-ui';

const CustomersPage = lazy(() => import('./customers-page').then((m) => ({ default: m.CustomersPage })));
const CustomerPage = lazy(() => import('./customers-page').then((m) => ({ default: m.CustomerPage })));

export const customersScreens: DeskScreens = {
  parse: parseCustomersHash,
  nav: [{ id: 'customers', label: 'Customers', href: customersHref.customers() }],
  routes: {
    customers: { section: 'customers', roles: OWNER },
    customer: { section: 'customers', roles: OWNER },
  },
  render(route) {
    if (route.id !== 'customers' && route.id !== 'customer') return null;
    return (
      <Suspense fallback={<Loading label="Opening the customers…" />}>
        {route.id === 'customers' ? (
          <CustomersPage key={route.q} q={route.q} />
        ) : (
          <CustomerPage key={route.email} email={route.email} />
        )}
      </Suspense>
    );
  },
};
