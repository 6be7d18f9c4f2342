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
          shipping: [{ at: '2026-11-19T10:00:00.000Z', detail: 'EU: shipping price: €9.95 → €12.00' }],
        },
      });
    }
    if (path === '/api/admin/settings' && r.method === 'PATCH') {
      const custom = answer?.(r);
      if (custom) {
        // The fake keeps what it answered, as the server does: the desk reloads the settings after a save.
        const body = (await custom.clone().json()) as { settings?: AllSettings };
        if (custom.ok && body.settings) current = body.settings;
        return custom;
      }
      const { updatedAt: _read, ...patch } = r.body as Record<string, unknown>;
      // The seller's values given alone are laid over the stored ones, as the server does.
      const seller = patch.seller ? { seller: { ...current.seller, ...(patch.seller as object) } } : {};
      current = { ...current, ...patch, ...seller, updatedAt: '2026-11-20T09:05:00.000Z' };
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
    // One VAT section: the seller's has no VAT number nor a rate that no longer drives anything.
    expect(within(seller).queryByLabelText(/VAT/)).not.toBeInTheDocument();
    const email = within(seller).getByLabelText('Contact e-mail shown to shoppers');
    await user.clear(email);
    await user.type(email, 'hello@');
    await user.click(within(seller).getByRole('button', { name: 'Save the seller' }));
    // The message in her words: no field name from the code, no "null".
    expect(email).toHaveAccessibleDescription(expect.stringContaining('must be a valid e-mail address'));
    expect(email).toHaveAccessibleDescription(expect.not.stringMatching(/seller\.|null/));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(patches(requests)).toEqual([]);

    await user.clear(email);
    await user.type(email, 'hello@solas.example');
    await user.click(within(seller).getByRole('button', { name: 'Save the seller' }));
    expect(await within(seller).findByRole('status')).toHaveTextContent('Saved');
    // The VAT number and rate go as they are: the seller's save never changes them.
    expect(patches(requests).map((r) => r.body)).toEqual([
      {
        seller: {
          name: 'Aoife Byrne',
          address: '4 Quay Street, Galway, Ireland',
          email: 'hello@solas.example',
          orderEmail: 'orders@solas.example',
          vatNumber: null,
          vatRate: 23,
        },
        updatedAt: READ_AT,
      },
    ]);
  });

  it('one VAT section, always true: it shows the VAT as saved, and a shop not registered is never told "VAT included"', async () => {
    let answered: AllSettings | null = null;
    settingsServer(stored(), (r) => {
      if (r.method !== 'PATCH') return undefined;
      // Another desk registered the shop meanwhile: the answer carries the VAT as it now is.
      const base = stored();
      answered = {
        ...base,
        vat: { ...base.vat, mode: 'ireland', vatNumber: 'IE1234567T' },
        seller: { ...base.seller, vatNumber: 'IE1234567T' },
        updatedAt: '2026-11-20T09:05:00.000Z',
      };
      return json(200, { ok: true, settings: answered });
    });
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const vat = await screen.findByRole('region', { name: 'VAT' });
    expect(vat).toHaveTextContent('The shop is not registered for VAT');
    expect(vat).not.toHaveTextContent(/VAT included/);
    expect(within(vat).getByRole('radio', { name: 'Not registered for VAT' })).toBeChecked();
    const seller = screen.getByRole('region', { name: 'The seller' });
    await user.click(within(seller).getByRole('button', { name: 'Save the seller' }));
    expect(await within(seller).findByRole('status')).toHaveTextContent('Saved');
    expect(answered).not.toBeNull();
    expect(within(vat).getByRole('radio', { name: /Registered in Ireland/ })).toBeChecked();
    expect(within(vat).getByLabelText(/Irish VAT number/)).toHaveValue('IE1234567T');
    expect(vat).toHaveTextContent('VAT included, in every country');
  });

  it('saves the EORI number and the US duty alone, and refuses an EORI number that is not Irish', async () => {
    const requests = settingsServer(stored());
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const customs = await screen.findByRole('region', { name: 'Customs and duty' });
    const eori = within(customs).getByLabelText('EORI number');
    await user.type(eori, 'FR123');
    await user.click(within(customs).getByRole('button', { name: 'Save customs and duty' }));
    expect(eori).toHaveAttribute('aria-invalid', 'true');
    expect(patches(requests)).toEqual([]);
    await user.clear(eori);
    await user.type(eori, 'ie1234567t');
    const duty = within(customs).getByLabelText('US import duty, in percent');
    expect(duty).toHaveValue('15');
    await user.clear(duty);
    await user.type(duty, '12');
    await user.click(within(customs).getByRole('button', { name: 'Save customs and duty' }));
    expect(await within(customs).findByRole('status')).toHaveTextContent('Saved');
    expect(patches(requests).map((r) => r.body)).toEqual([
      { seller: { eori: 'IE1234567T', usDutyPercent: 12 }, updatedAt: READ_AT },
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
    expect(within(shipping).getByText(/EU: shipping price: €9\.95 → €12\.00/)).toBeInTheDocument();

    stale = true;
    const announcement = screen.getByRole('region', { name: 'Announcement bar' });
    const text = within(announcement).getByLabelText('Text');
    await user.clear(text);
    await user.type(text, 'Back from the fair');
    await user.click(within(announcement).getByRole('button', { name: 'Save the announcement' }));
    expect(await within(announcement).findByText(SHOP_SETTINGS_MESSAGES.stale)).toBeInTheDocument();
  });

  it('saves the footer’s social links, refusing an address that is not a page’s full address', async () => {
    const requests = settingsServer(stored());
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const social = await screen.findByRole('region', { name: 'Social media links' });
    const instagram = within(social).getByLabelText(/Instagram page/);
    await user.type(instagram, 'instagram.com/aoifebeads');
    await user.click(within(social).getByRole('button', { name: 'Save the links' }));
    expect(instagram).toHaveAccessibleDescription(expect.stringContaining('starting with https://'));
    expect(patches(requests)).toEqual([]);
    await user.clear(instagram);
    await user.type(instagram, 'https://www.instagram.com/aoifebeads');
    await user.click(within(social).getByRole('button', { name: 'Save the links' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    expect(patches(requests)[0]?.body).toEqual({
      social: { instagram: 'https://www.instagram.com/aoifebeads', facebook: '', pinterest: '' },
      updatedAt: READ_AT,
    });
  });

  it('warns once a saved threshold contradicts the announcement’s free shipping', async () => {
    settingsServer(stored());
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const shipping = await screen.findByRole('region', { name: 'Shipping' });
    const announcement = screen.getByRole('region', { name: 'Announcement bar' });
    // The first start's bar ("Free shipping in Ireland from €40") agrees with the first start's threshold.
    expect(within(announcement).queryByRole('alert')).not.toBeInTheDocument();
    const ireland = within(shipping).getByRole('group', { name: 'Ireland (IE)' });
    const freeFrom = within(ireland).getByLabelText(/Free shipping from/);
    await user.clear(freeFrom);
    await user.type(freeFrom, '50');
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping' }));
    const warning = await within(announcement).findByRole('alert');
    expect(warning).toHaveTextContent(
      'The announcement bar promises free shipping from €40, but the shipping settings say Ireland from €50',
    );
    expect(within(shipping).getByRole('alert')).toHaveTextContent(/promises free shipping from €40/);
    // Turning the bar off (or rewording it) ends the warning.
    await user.click(within(announcement).getByLabelText('Show the announcement bar'));
    await user.click(within(announcement).getByRole('button', { name: 'Save the announcement' }));
    await waitFor(() => expect(within(announcement).queryByRole('alert')).not.toBeInTheDocument());
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

describe('the last order date for Christmas', () => {
  it('says beside her date where shoppers are told an earlier one, and why', async () => {
    settingsServer(stored());
    const user = userEvent.setup();
    goTo('#/settings');
    render(<DeskApp />);
    const making = await screen.findByRole('region', { name: 'Making and dispatch' });
    await user.type(within(making).getByLabelText(/Last order date for Christmas/), '2026-12-14');
    const note = within(making).getByText(/Shoppers are told an earlier date/).parentElement as HTMLElement;
    // Monday to Friday, 2-3 working days of making, up to 5 days' delivery: 13 December for Ireland.
    expect(within(note).getByText('Ireland: Sunday 13 December')).toBeInTheDocument();
    expect(within(note).getByText('EU: Sunday 6 December')).toBeInTheDocument();
    expect(note).toHaveTextContent('would not arrive by 24 December');
    // Early enough for every destination: nothing to explain.
    const date = within(making).getByLabelText(/Last order date for Christmas/);
    await user.clear(date);
    await user.type(date, '2026-11-25');
    expect(within(making).queryByText(/Shoppers are told an earlier date/)).not.toBeInTheDocument();
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
    // Today shows what it has (here, that its work could not be read) once the settings answered too:
    // the warning had its chance to show.
    await waitFor(() => expect(screen.queryByText('Loading today’s work…')).not.toBeInTheDocument());
    expect(requests.some((r) => r.url === '/api/admin/settings')).toBe(true);
    expect(screen.queryByText(/still the placeholder/)).not.toBeInTheDocument();
  });
});
