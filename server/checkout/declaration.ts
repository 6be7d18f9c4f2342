/**
 * What the checkout feature declares for the platform to compose (app.ts hands every feature's
 * declaration to the platform before the database opens). The order confirmation it queues at payment
 * is the orders' e-mail (server/orders/mail-kinds.ts).
 */
import type { FeatureDeclaration } from '../platform';
import { CHECKOUT_MAIL_KINDS } from './mail-kinds';
import { CHECKOUT_MIGRATIONS } from './migrations';

export const checkoutDeclaration: FeatureDeclaration = {
  name: 'checkout',
  tables: { order_gift_cards: 'gift-card-line-store.ts' },
  mailKinds: {
    paymentLink: { kind: CHECKOUT_MAIL_KINDS.paymentLink, label: 'Payment link e-mail to the customer' },
  },
  migrations: CHECKOUT_MIGRATIONS,
};
