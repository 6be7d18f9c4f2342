/** Discounts and the early-bird price: the owner's. */
import { deskHref } from '../desk-router';
import { type DeskScreens, OWNER } from '../desk-screens';
import { DiscountsPage } from './discounts-page';

export const offersScreens: DeskScreens = {
  nav: [{ id: 'discounts', label: 'Discounts', href: deskHref.discounts() }],
  routes: { discounts: { section: 'discounts', roles: OWNER } },
  render: (route) => (route.id === 'discounts' ? <DiscountsPage /> : null),
};
