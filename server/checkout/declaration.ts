/**
 * What the checkout feature declares for the platform to compose (app.ts hands every feature's
 * declaration to the platform before the database opens). The order confirmation it queues at payment
 * is the orders' e-mail (server/orders/mail-kinds.ts).
 */
import type { FeatureDeclaration } from '../platform';

export const checkoutDeclaration: FeatureDeclaration = {
  name: 'checkout',
  // Owns no table: the gift cards a checkout buys are the gift cards' (order_gift_cards).
  tables: {},
};
