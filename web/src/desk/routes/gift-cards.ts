/** The gift cards. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    giftCards: { readonly id: 'giftCards' };
  }
}

export const giftCardsHref = {
  giftCards: () => '#/gift-cards',
};

export const parseGiftCardsHash: DeskRouteParser = (parts) =>
  parts[0] === 'gift-cards' ? { id: 'giftCards' } : null;
