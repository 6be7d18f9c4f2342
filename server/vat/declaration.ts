/**
 * What the VAT feature declares for the platform to compose (app.ts hands every feature's declaration to
 * the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { VAT_MIGRATIONS } from './migrations';
import { vatPersonalData } from './personal-data';
import { THRESHOLD_MAIL_KIND } from './threshold-notice';

export const vatDeclaration: FeatureDeclaration = {
  name: 'vat',
  mailKinds: { thresholdNotice: THRESHOLD_MAIL_KIND },
  migrations: VAT_MIGRATIONS,
  personalData: vatPersonalData,
};
