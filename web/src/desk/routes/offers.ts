/** The discount codes. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    discounts: { readonly id: 'discounts' };
  }
}

export const offersHref = {
  discounts: () => '#/discounts',
};

export const parseOffersHash: DeskRouteParser = (parts) =>
  parts[0] === 'discounts' ? { id: 'discounts' } : null;
