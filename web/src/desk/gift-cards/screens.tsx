/** Gift cards: the owner's (a maker sees nothing of them). */
import { deskHref } from '../desk-router';
import { type DeskScreens, OWNER } from '../desk-screens';
import { GiftCardsPage } from './gift-cards-page';

export const giftCardsScreens: DeskScreens = {
  nav: [{ id: 'giftCards', label: 'Gift cards', href: deskHref.giftCards() }],
  routes: { giftCards: { section: 'giftCards', roles: OWNER } },
  render: (route) => (route.id === 'giftCards' ? <GiftCardsPage /> : null),
};
