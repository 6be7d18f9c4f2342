/**
 * What the exchanges feature declares for the platform to compose (app.ts hands every feature's
 * declaration to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { EXCHANGES_MAIL_KINDS } from './mail-kinds';
import { EXCHANGES_MIGRATIONS } from './migrations';
import { exchangesPersonalData } from './personal-data';

export const exchangesDeclaration: FeatureDeclaration = {
  name: 'exchanges',
  tables: { order_exchanges: 'exchange-store.ts' },
  migrations: EXCHANGES_MIGRATIONS,
  mailKinds: {
    requested: { kind: EXCHANGES_MAIL_KINDS.requested, label: 'Exchange request e-mail to the owner' },
    receipt: { kind: EXCHANGES_MAIL_KINDS.receipt, label: 'Exchange receipt e-mail to the shopper' },
    accepted: { kind: EXCHANGES_MAIL_KINDS.accepted, label: 'Exchange accepted e-mail to the shopper' },
    declined: { kind: EXCHANGES_MAIL_KINDS.declined, label: 'Exchange declined e-mail to the shopper' },
    dispatched: {
      kind: EXCHANGES_MAIL_KINDS.dispatched,
      label: '"On its way" e-mail to the shopper, for the exchange',
    },
  },
  personalData: exchangesPersonalData,
};
