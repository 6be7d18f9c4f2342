/**
 * What the newsletter feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { NEWSLETTER_MIGRATIONS } from './migrations';

export const newsletterDeclaration: FeatureDeclaration = {
  migrations: NEWSLETTER_MIGRATIONS,
};
