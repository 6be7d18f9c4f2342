/**
 * What the fulfilment feature declares for the platform to compose (app.ts hands every feature's
 * declaration to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { FULFILMENT_MAIL_KINDS } from './mail-kinds';

export const fulfilmentDeclaration: FeatureDeclaration = {
  name: 'fulfilment',
  tables: { order_events: 'fulfilment-store.ts', order_notes: 'fulfilment-store.ts' },
  mailKinds: {
    dispatched: { kind: FULFILMENT_MAIL_KINDS.dispatched, label: '"On its way" e-mail to the shopper' },
    cancelled: { kind: FULFILMENT_MAIL_KINDS.cancelled, label: 'Cancellation e-mail to the shopper' },
  },
};
