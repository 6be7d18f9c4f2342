/**
 * What the gift cards feature declares for the platform to compose (app.ts hands every feature's
 * declaration to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { GIFT_CARDS_MIGRATIONS } from './migrations';
import { giftCardsPersonalData } from './personal-data';

export const giftCardsDeclaration: FeatureDeclaration = {
  name: 'gift-cards',
  tables: {
    gift_cards: 'gift-card-store.ts',
    gift_card_ledger: 'gift-card-store.ts',
    gift_card_reservations: 'gift-card-store.ts',
    order_gift_cards: 'order-gift-card-store.ts',
  },
  migrations: GIFT_CARDS_MIGRATIONS,
  personalData: giftCardsPersonalData,
};
