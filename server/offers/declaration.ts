/**
 * What the offers feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { OFFERS_MIGRATIONS } from './migrations';

export const offersDeclaration: FeatureDeclaration = {
  name: 'offers',
  tables: { discount_codes: 'discount-store.ts', discount_reservations: 'discount-store.ts' },
  migrations: OFFERS_MIGRATIONS,
};
