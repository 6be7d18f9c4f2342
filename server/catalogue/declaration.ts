/**
 * What the catalogue feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { CATALOGUE_MIGRATIONS } from './migrations';

export const catalogueDeclaration: FeatureDeclaration = {
  name: 'catalogue',
  tables: {
    catalogue_products: 'catalogue-store.ts',
    catalogue_images: 'catalogue-store.ts',
    catalogue_former_handles: 'catalogue-store.ts',
    catalogue_state: 'catalogue-store.ts',
    catalogue_changes: 'catalogue-store.ts',
  },
  migrations: CATALOGUE_MIGRATIONS,
};
