/** Gift cards: the owner's (a maker sees nothing of them). */
import { type DeskScreens, OWNER } from '../desk-screens';
import { GiftCardsPage } from './gift-cards-page';
import { giftCardsHref, parseGiftCardsHash } from './routes';

export const giftCardsScreens: DeskScreens = {
  parse: parseGiftCardsHash,
  nav: [{ id: 'giftCards', label: 'Gift cards', href: giftCardsHref.giftCards() }],
  routes: { giftCards: { section: 'giftCards', roles: OWNER } },
  render: (route) => (route.id === 'giftCards' ? <GiftCardsPage /> : null),
};
