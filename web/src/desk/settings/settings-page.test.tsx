// @vitest-environment jsdom
/**
 * The desk's Settings by role and label: a refused field shows its message next to it and sends nothing,
 * a save sends the key whole with the time the settings were read, a stale save shows the server's 409
 * message, a zone can be removed, each setting shows its history; Today warns while the seller is the
 * placeholder.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELLER } from '../../../../domain/config';
import {
  type AllSettings,
  SHOP_SETTINGS_MESSAGES,
  settingsDefaults,
} from '../../../../domain/settings/shop-settings';
import { DeskApp } from '../desk-app';
import { goTo, json, type Recorded, stubDeskApi } from '../desk-test-fixtures';

const SESSION = { ok: true, expiresAt: '2026-11-23T10:00:00.000Z' };
const READ_AT = '2026-11-20T09:00:00.000Z';

function stored(seller = { name: 'Aoife Byrne', address: '4 Quay Street, Galway, Ireland' }): AllSettings {
  return {
    ...settingsDefaults({
      makingCapacityPerDay: 8,
      earlyBird: null,
      seller: { ...seller, vatNumber: null, vatRate: 23 },
      ownerEmail: 'orders@solas.example',
      closedDates: [],
    }),
    updatedAt: READ_AT,
  };
}

function settingsServer(settings: AllSettings, answer?: (r: Recorded) => Response | undefined) {
  let current = settings;
  return stubDeskApi(async (r: Recorded) => {
    const path = r.url.split('?')[0] ?? '';
    if (path === '/api/admin/session') return json(200, SESSION);
    if (path === '/api/admin/settings/history') {
      return json(200, {
        ok: true,
        history: {
          shipping: [{ at: '2026-11-19T10:00:00.000Z', detail: 'shipping.zones.EU.price: 995 -> 1200' }],
        },
      });
    }
    if (path === '/api/admin/settings' && r.method === 'PATCH') {
      const custom = answer?.(r);
      if (custom) return custom;
      const { updatedAt: _read, ...patch } = r.body as Record<string, unknown>;
      current = { ...current, ...patch, updatedAt: '2026-11-20T09:05:00.000Z' };
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

const patches = (requests: Recorded[]) =>
  requests.filter((r) => r.method === 'PATCH' && r.url.startsWith('/api/admin/settings'));

describe('the desk’s Settings', () => {
  it('shows a refused field’s message next to it and sends nothing; a valid save sends the key whole', async () => {
    const requests = settingsServer(stored());
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const seller = await screen.findByRole('region', { name: 'The seller' });
    const vat = within(seller).getByLabelText(/VAT number/);
    await user.type(vat, 'GB123');
    await user.click(within(seller).getByRole('button', { name: 'Save the seller' }));
    expect(vat).toHaveAccessibleDescription(expect.stringContaining(SHOP_SETTINGS_MESSAGES.sellerVatNumber));
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(patches(requests)).toEqual([]);

    await user.clear(vat);
    await user.type(vat, 'IE1234567T');
    await user.click(within(seller).getByRole('button', { name: 'Save the seller' }));
    expect(await within(seller).findByRole('status')).toHaveTextContent('Saved');
    expect(patches(requests).map((r) => r.body)).toEqual([
      {
        seller: {
          name: 'Aoife Byrne',
          address: '4 Quay Street, Galway, Ireland',
          email: 'hello@solas.example',
          orderEmail: 'orders@solas.example',
          vatNumber: 'IE1234567T',
          vatRate: 23,
        },
        updatedAt: READ_AT,
      },
    ]);
  });

  it('shows the product feeds’ two links, each with where to add it', async () => {
    settingsServer(stored());
    goTo('#/settings');
    render(<DeskApp />);
    const feeds = await screen.findByRole('region', { name: 'Product feeds' });
    const origin = window.location.origin;
    expect(within(feeds).getByRole('link', { name: `${origin}/feeds/google.xml` })).toBeInTheDocument();
    expect(within(feeds).getByRole('link', { name: `${origin}/feeds/meta.csv` })).toBeInTheDocument();
    expect(feeds).toHaveTextContent(/Google Merchant Center/);
    expect(feeds).toHaveTextContent(/Meta Commerce Manager/);
    expect(feeds).toHaveTextContent(/Pinterest/);
  });

  it('removes a zone and changes a price, shows the history, and says so when the save is stale', async () => {
    let stale = false;
    const requests = settingsServer(stored(), () =>
      stale ? json(409, { ok: false, error: SHOP_SETTINGS_MESSAGES.stale }) : undefined,
    );
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const shipping = await screen.findByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByText(/register for UK VAT/)).toBeInTheDocument();
    const eu = within(shipping).getByRole('group', { name: 'EU (EU)' });
    const price = within(eu).getByLabelText('Price (€)');
    await user.clear(price);
    await user.type(price, '12.50');
    await user.type(within(eu).getByLabelText(/Free shipping from/), '60');
    await user.click(
      within(within(shipping).getByRole('group', { name: 'Rest of world (WORLD)' })).getByLabelText(
        'Ship to this zone',
      ),
    );
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    const sent = patches(requests)[0]?.body as {
      shipping: { zones: { id: string; price: number; freeFrom: number | null }[] };
    };
    expect(sent.shipping.zones.map((z) => [z.id, z.price, z.freeFrom])).toEqual([
      ['IE', 495, 4000],
      ['EU', 1250, 6000],
    ]);
    await user.click(within(shipping).getByText(/^History/));
    expect(within(shipping).getByText(/shipping\.zones\.EU\.price: 995 -> 1200/)).toBeInTheDocument();

    stale = true;
    const announcement = screen.getByRole('region', { name: 'Announcement bar' });
    const text = within(announcement).getByLabelText('Text');
    await user.clear(text);
    await user.type(text, 'Back from the fair');
    await user.click(within(announcement).getByRole('button', { name: 'Save the announcement' }));
    expect(await within(announcement).findByText(SHOP_SETTINGS_MESSAGES.stale)).toBeInTheDocument();
  });
});

describe('making and dispatch', () => {
  it('saves the working days, the closures and the last order date for Christmas together', async () => {
    const requests = settingsServer(stored());
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const making = await screen.findByRole('region', { name: 'Making and dispatch' });
    await user.click(within(making).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(making).getByRole('button', { name: 'Add a closure' }));
    await user.type(within(making).getByLabelText('From'), '2026-12-24');
    await user.type(within(making).getByLabelText('To'), '2027-01-04');
    await user.type(within(making).getByLabelText('Reason shown to shoppers'), 'Christmas holidays');
    await user.type(within(making).getByLabelText(/Last order date for Christmas/), '2026-12-10');
    await user.click(within(making).getByRole('button', { name: 'Save making and dispatch' }));
    expect(await within(making).findByRole('status')).toHaveTextContent('Saved');
    expect(patches(requests).map((r) => r.body)).toEqual([
      {
        workingDays: [1, 2, 3, 4, 5, 6],
        closures: [{ from: '2026-12-24', to: '2027-01-04', reason: 'Christmas holidays' }],
        christmasLastOrder: '2026-12-10',
        updatedAt: READ_AT,
      },
    ]);
  });
});

describe('Today’s placeholder warning', () => {
  it('warns while the seller’s name or address is the placeholder, and links to Settings', async () => {
    settingsServer(stored({ name: SELLER.legalName, address: SELLER.address }));
    render(<DeskApp />);
    const line = await screen.findByText('Your legal name or address is still the placeholder.');
    const alert = line.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    expect(within(alert).getByRole('link', { name: 'Set them in Settings' })).toHaveAttribute(
      'href',
      '#/settings',
    );
  });

  it('says nothing once both are set', async () => {
    const requests = settingsServer(stored());
    render(<DeskApp />);
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    // The settings were asked for and answered: the warning had its chance to show.
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/settings')).toBe(true));
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(screen.queryByText(/still the placeholder/)).not.toBeInTheDocument();
  });
});
