/**
 * What the quotes feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { QUOTES_MAIL_KINDS } from './mail-kinds';
import { QUOTES_MIGRATIONS } from './migrations';
import { quotesPersonalData } from './personal-data';

export const quotesDeclaration: FeatureDeclaration = {
  name: 'quotes',
  tables: { quotes: 'quote-store.ts', quote_keys: 'quote-store.ts' },
  mailKinds: QUOTES_MAIL_KINDS,
  migrations: QUOTES_MIGRATIONS,
  personalData: quotesPersonalData,
};
