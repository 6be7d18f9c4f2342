/**
 * What the catalogue feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { CATALOGUE_MIGRATIONS } from './migrations';

export const catalogueDeclaration: FeatureDeclaration = {
  name: 'catalogue',
  migrations: CATALOGUE_MIGRATIONS,
};
