/**
 * What the enquiries feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { ENQUIRY_MAIL_KINDS } from './enquiry-mail';
import { ENQUIRIES_MIGRATIONS } from './migrations';
import { enquiriesPersonalData } from './personal-data';

export const enquiriesDeclaration: FeatureDeclaration = {
  name: 'enquiries',
  tables: { enquiries: 'enquiry-store.ts' },
  mailKinds: ENQUIRY_MAIL_KINDS,
  migrations: ENQUIRIES_MIGRATIONS,
  personalData: enquiriesPersonalData,
};
