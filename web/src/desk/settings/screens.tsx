/** Settings, loaded when opened. */
import { lazy, Suspense } from 'react';
import { type DeskScreens, OWNER } from '../desk-screens';
import { parseSettingsHash, settingsHref } from '../routes/settings';
import { Loading } from '../ui/desk-ui';

const SettingsPage = lazy(() => import('./settings-page').then((m) => ({ default: m.SettingsPage })));

export const settingsScreens: DeskScreens = {
  parse: parseSettingsHash,
  nav: [{ id: 'settings', label: 'Settings', href: settingsHref.settings() }],
  routes: { settings: { section: 'settings', roles: OWNER } },
  render: (route) =>
    route.id === 'settings' ? (
      <Suspense fallback={<Loading label="Opening the settings…" />}>
        <SettingsPage />
      </Suspense>
    ) : null,
};
