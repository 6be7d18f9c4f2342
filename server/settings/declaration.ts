/**
 * What the settings feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { SETTINGS_MIGRATIONS } from './migrations';

export const settingsDeclaration: FeatureDeclaration = {
  migrations: SETTINGS_MIGRATIONS,
};
