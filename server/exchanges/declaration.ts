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
  mailKinds: { ...EXCHANGES_MAIL_KINDS },
  personalData: exchangesPersonalData,
};
