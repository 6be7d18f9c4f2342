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
  tables: {
    newsletter_signups: 'newsletter-store.ts',
    newsletter_keys: 'newsletter-store.ts',
    newsletter_campaigns: 'campaign-store.ts',
    campaign_recipients: 'campaign-store.ts',
    back_in_stock_requests: 'back-in-stock-store.ts',
    cart_reminders: 'cart-reminder-store.ts',
  },
  mailKinds: NEWSLETTER_MAIL_KINDS,
  migrations: NEWSLETTER_MIGRATIONS,
  personalData: newsletterPersonalData,
};
