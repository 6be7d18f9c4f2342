/** Gift cards: the owner's (a maker sees nothing of them). */
import { type DeskScreens, OWNER } from '../desk-screens';
import { giftCardsHref, parseGiftCardsHash } from '../routes/gift-cards';
import { GiftCardsPage } from './gift-cards-page';

export const giftCardsScreens: DeskScreens = {
  parse: parseGiftCardsHash,
  nav: [{ id: 'giftCards', label: 'Gift cards', href: giftCardsHref.giftCards() }],
  routes: { giftCards: { section: 'giftCards', roles: OWNER } },
  render: (route) => (route.id === 'giftCards' ? <GiftCardsPage /> : null),
};
