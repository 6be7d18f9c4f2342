/** Everyone the shop holds an address for (`q` the search), and one customer. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    /** Everyone the shop holds an address for, `q` the search. */
    customers: { readonly id: 'customers'; readonly q: string };
    customer: { readonly id: 'customer'; readonly email: string };
  }
}

export const customersHref = {
  customers: (q = '') => (q ? `#/customers?${new URLSearchParams({ q }).toString()}` : '#/customers'),
  customer: (email: string) => `#/customers/${encodeURIComponent(email)}`,
};

export const parseCustomersHash: DeskRouteParser = (parts, search) => {
  if (parts[0] !== 'customers') return null;
  if (parts[1]) return { id: 'customer', email: parts[1] };
  return { id: 'customers', q: new URLSearchParams(search).get('q') ?? '' };
};
