/** Discounts and the early-bird price: the owner's. */
import { type DeskScreens, OWNER } from '../desk-screens';
import { offersHref, parseOffersHash } from '../routes/offers';
import { DiscountsPage } from './discounts-page';

export const offersScreens: DeskScreens = {
  parse: parseOffersHash,
  nav: [{ id: 'discounts', label: 'Discounts', href: offersHref.discounts() }],
  routes: { discounts: { section: 'discounts', roles: OWNER } },
  render: (route) => (route.id === 'discounts' ? <DiscountsPage /> : null),
};
