/**
 * What the materials feature declares for the platform to compose. Its tables hold no personal data
 * (reservations name orders by id only), so it has no part in the privacy export or erasure.
 */
import type { FeatureDeclaration } from '../platform';
import { MATERIALS_MIGRATIONS } from './migrations';

export const materialsDeclaration: FeatureDeclaration = {
  name: 'materials',
  tables: {
    materials: 'material-store.ts',
    material_purchases: 'material-store.ts',
    product_materials: 'material-store.ts',
    product_labour: 'material-store.ts',
    material_reservations: 'material-store.ts',
    material_paused_products: 'material-store.ts',
    material_settings: 'material-store.ts',
  },
  migrations: MATERIALS_MIGRATIONS,
};
