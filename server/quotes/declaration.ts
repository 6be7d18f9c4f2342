/**
 * What the quotes feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { QUOTES_MIGRATIONS } from './migrations';

export const quotesDeclaration: FeatureDeclaration = {
  migrations: QUOTES_MIGRATIONS,
};
