/**
 * What the shipping feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { SHIPPING_MIGRATIONS } from './migrations';
import { shippingPersonalData } from './personal-data';

export const shippingDeclaration: FeatureDeclaration = {
  name: 'shipping',
  tables: { shipping_labels: 'label-store.ts' },
  migrations: SHIPPING_MIGRATIONS,
  personalData: shippingPersonalData,
};
