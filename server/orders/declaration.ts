/**
 * What the orders feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { ORDERS_MAIL_KINDS } from './mail-kinds';
import { ORDERS_MIGRATIONS } from './migrations';

export const ordersDeclaration: FeatureDeclaration = {
  name: 'orders',
  tables: {
    orders: 'order-store.ts',
    order_lines: 'order-store.ts',
    withdrawal_notices: 'order-store.ts',
    order_keys: 'order-store.ts',
  },
  mailKinds: {
    ...ORDERS_MAIL_KINDS,
    customer: { kind: ORDERS_MAIL_KINDS.customer, label: 'Order confirmation e-mail to the shopper' },
    owner: { kind: ORDERS_MAIL_KINDS.owner, label: 'New order e-mail to the owner' },
  },
  migrations: ORDERS_MIGRATIONS,
};
