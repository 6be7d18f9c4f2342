/**
 * What the customers feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { CUSTOMERS_MIGRATIONS } from './migrations';
import { customersPersonalData } from './personal-data';

export const customersDeclaration: FeatureDeclaration = {
  name: 'customers',
  tables: { customer_notes: 'customer-store.ts' },
  migrations: CUSTOMERS_MIGRATIONS,
  personalData: customersPersonalData,
};
