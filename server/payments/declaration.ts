/**
 * What the payments feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens). Its table came with the first schema (0001, in
 * server/db/migrations.ts): it has no migration of its own.
 */
import type { FeatureDeclaration } from '../platform';

export const paymentsDeclaration: FeatureDeclaration = {
  name: 'payments',
  tables: { test_checkout_sessions: 'test-checkout.ts' },
};
