/** Discounts and the early-bird price: the owner's. */
import { type DeskScreens, OWNER } from '../desk-screens';
import { DiscountsPage } from './discounts-page';
import { offersHref, parseOffersHash } from './routes';

export const offersScreens: DeskScreens = {
  parse: parseOffersHash,
  nav: [{ id: 'discounts', label: 'Discounts', href: offersHref.discounts() }],
  routes: { discounts: { section: 'discounts', roles: OWNER } },
  render: (route) => (route.id === 'discounts' ? <DiscountsPage /> : null),
};
