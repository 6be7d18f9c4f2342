/**
 * What the owner's own orders declare for the platform to compose (app.ts hands every feature's
 * declaration to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { MANUAL_ORDERS_MAIL_KINDS } from './mail-kinds';

export const manualOrdersDeclaration: FeatureDeclaration = {
  name: 'manual-orders',
  // Owns no table: its orders are the orders' (`orders`, `order_lines`), stored through the checkout.
  tables: {},
  mailKinds: {
    paymentLink: { kind: MANUAL_ORDERS_MAIL_KINDS.paymentLink, label: 'Payment link e-mail to the customer' },
  },
};
