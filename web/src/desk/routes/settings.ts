/** The settings. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    settings: { readonly id: 'settings' };
  }
}

export const settingsHref = {
  settings: () => '#/settings',
};

export const parseSettingsHash: DeskRouteParser = (parts) =>
  parts[0] === 'settings' ? { id: 'settings' } : null;
