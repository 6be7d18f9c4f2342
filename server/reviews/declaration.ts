/**
 * What the reviews feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { REVIEWS_MAIL_KINDS } from './mail-kinds';
import { REVIEWS_MIGRATIONS } from './migrations';
import { reviewsPersonalData } from './personal-data';

export const reviewsDeclaration: FeatureDeclaration = {
  name: 'reviews',
  tables: {
    reviews: 'review-store.ts',
    review_requests: 'review-store.ts',
    review_opt_outs: 'review-store.ts',
    reviews_version: 'review-store.ts',
  },
  mailKinds: {
    reviewRequest: { kind: REVIEWS_MAIL_KINDS.reviewRequest, label: 'Review request e-mail to the shopper' },
  },
  migrations: REVIEWS_MIGRATIONS,
  personalData: reviewsPersonalData,
};
