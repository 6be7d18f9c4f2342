/**
 * What the enquiries feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { ENQUIRIES_MIGRATIONS } from './migrations';

export const enquiriesDeclaration: FeatureDeclaration = {
  migrations: ENQUIRIES_MIGRATIONS,
};
