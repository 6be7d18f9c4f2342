/**
 * What the returns feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { RETURNS_MIGRATIONS } from './migrations';

export const returnsDeclaration: FeatureDeclaration = {
  name: 'returns',
  tables: { order_returns: 'return-store.ts' },
  migrations: RETURNS_MIGRATIONS,
};
