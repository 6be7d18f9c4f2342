/**
 * What the newsletter feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';
import { NEWSLETTER_MIGRATIONS } from './migrations';
import { newsletterPersonalData } from './personal-data';

export const newsletterDeclaration: FeatureDeclaration = {
  name: 'newsletter',
  mailKinds: NEWSLETTER_MAIL_KINDS,
  migrations: NEWSLETTER_MIGRATIONS,
  personalData: newsletterPersonalData,
};
