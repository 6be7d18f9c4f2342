// @vitest-environment jsdom
/**
 * The Settings' VAT section by role and label: a registered mode without a number shows its message by
 * the field and sends nothing; a valid save sends `vat` whole with the time the settings were read.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AllSettings, settingsDefaults } from '../../../../domain/settings/shop-settings';
import { VAT_SETTINGS_MESSAGES } from '../../../../domain/vat/vat-settings';
import { DeskApp } from '../desk-app';
import { goTo, json, type Recorded, stubDeskApi } from '../desk-test-fixtures';

const READ_AT = '2026-11-20T09:00:00.000Z';

function stored(): AllSettings {
  return {
    ...settingsDefaults({
      makingCapacityPerDay: 8,
      earlyBird: null,
      seller: {
        name: 'Aoife Byrne',
        address: '4 Quay Street, Galway, Ireland',
        vatNumber: null,
        vatRate: 23,
      },
      ownerEmail: 'orders@solas.example',
      closedDates: [],
    }),
    updatedAt: READ_AT,
  };
}

function server(settings: AllSettings) {
  let current = settings;
  return stubDeskApi(async (r: Recorded) => {
    const path = r.url.split('?')[0] ?? '';
    if (path === '/api/admin/session') return json(200, { ok: true, expiresAt: '2026-11-23T10:00:00.000Z' });
    if (path === '/api/admin/settings/history') return json(200, { ok: true, history: {} });
    if (path === '/api/admin/settings' && r.method === 'PATCH') {
      const { updatedAt: _read, vat } = r.body as { updatedAt: string; vat: AllSettings['vat'] };
      current = { ...current, vat: { ...current.vat, ...vat }, updatedAt: '2026-11-20T09:05:00.000Z' };
      return json(200, { ok: true, settings: current });
    }
    if (path === '/api/admin/settings') return json(200, { ok: true, settings: current });
    return undefined;
  });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the VAT settings', () => {
  it('refuses a registered mode without a number by its field, then saves the mode and number', async () => {
    const requests = server(stored());
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const section = await screen.findByRole('region', { name: 'VAT' });
    expect(within(section).getByRole('radio', { name: 'Not registered for VAT' })).toBeChecked();

    await user.click(within(section).getByRole('radio', { name: /Registered for OSS/ }));
    await user.click(within(section).getByRole('button', { name: 'Save VAT' }));
    const number = within(section).getByLabelText(/Irish VAT number/);
    expect(
      await within(section).findByText(VAT_SETTINGS_MESSAGES.vatNumber.replace(/^vat\.vatNumber: /, '')),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.type(number, 'ie1234567t');
    await user.click(within(section).getByRole('button', { name: 'Save VAT' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      vat: { mode: 'oss', gb: 'no_sale', vatNumber: 'IE1234567T' },
      updatedAt: READ_AT,
    });
    expect(await within(section).findByRole('status')).toHaveTextContent('Saved');
  });
});
