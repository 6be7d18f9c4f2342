/**
 * What the media feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { MEDIA_MIGRATIONS } from './migrations';

export const mediaDeclaration: FeatureDeclaration = {
  name: 'media',
  tables: { media: 'media-store.ts' },
  migrations: MEDIA_MIGRATIONS,
};
