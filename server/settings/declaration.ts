/**
 * What the settings feature declares for the platform to compose (app.ts hands every feature's declaration
 * to the platform before the database opens).
 */
import type { FeatureDeclaration } from '../platform';
import { SETTINGS_MAIL_KINDS } from './mail-kinds';
import { SETTINGS_MIGRATIONS } from './migrations';
import { settingsPersonalData } from './personal-data';

export const settingsDeclaration: FeatureDeclaration = {
  name: 'settings',
  tables: { settings: 'settings-store.ts', back_in_touch: 'back-in-touch-store.ts' },
  mailKinds: SETTINGS_MAIL_KINDS,
  migrations: SETTINGS_MIGRATIONS,
  personalData: settingsPersonalData,
};
