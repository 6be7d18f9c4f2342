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
  tables: {
    vat_sequences: 'vat-store.ts',
    vat_invoices: 'vat-store.ts',
    vat_credit_notes: 'vat-store.ts',
    order_vat: 'order-vat-store.ts',
  },
  mailKinds: { thresholdNotice: THRESHOLD_MAIL_KIND },
  migrations: VAT_MIGRATIONS,
  personalData: vatPersonalData,
};
