// @vitest-environment jsdom
/**
 * The desk by role: the person's name after sign-in, a maker's navigation and order page without what
 * the server would refuse her, the prompt to register a passkey, and the welcome link that has expired.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PEOPLE_MESSAGES } from '../../../../domain/people/people-api';
import { DeskApp } from '../desk-app';
import { goTo, json, orderDetail, stubDeskApi } from '../desk-test-fixtures';
import { peopleApi } from './people-api';
import { recoveryCodesText } from './recovery-codes';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const me = (
  role: 'owner' | 'maker',
  name: string,
  needsPasskey = false,
  id: string | null = 'per_abcdef1',
) => ({
  ok: true,
  person: { id, name, role },
  needsPasskey,
});

describe('the desk by role', () => {
  it("shows a maker her name, Today, Orders, Packing slips and Materials (to read) only, and an order's page without Refund or Cancel", async () => {
    stubDeskApi((r) => {
      if (r.url === '/api/admin/me') return json(200, me('maker', 'Niamh'));
      if (r.url.startsWith('/api/admin/orders/')) {
        return json(200, orderDetail({ status: 'paid', allowedActions: ['start', 'refund', 'cancel'] }));
      }
      return undefined;
    });
    goTo('#/orders/SOL-1A2B3C4D');
    render(<DeskApp />);
    expect(await screen.findByRole('link', { name: 'Niamh: your passkeys and devices' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Desk' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Today', 'Orders', 'Packing slips', 'Materials']);
    expect(await screen.findByRole('button', { name: 'Start making' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /refund/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
  });

  it('shows the owner People, and on a new shop prompts on every screen to register her passkey', async () => {
    stubDeskApi((r) => (r.url === '/api/admin/me' ? json(200, me('owner', 'Owner', true, null)) : undefined));
    goTo('#/exports');
    render(<DeskApp />);
    const nav = await screen.findByRole('navigation', { name: 'Desk' });
    // In the row from 640 px and under More on a phone (jsdom applies no media query: both are there).
    expect(within(nav).getAllByRole('link', { name: 'People' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Register your passkey' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Register a passkey' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give your name and e-mail address first.');
  });

  it('keeps saying a removed person is removed after her row has left the list', async () => {
    const person = (id: string, name: string, role: 'owner' | 'maker') => ({
      id,
      name,
      email: `${name.toLowerCase()}@example.ie`,
      role,
      passkeys: [
        { id: `pk_${id.slice(4)}`, name: 'phone', createdAt: '2026-11-20T10:00:00Z', lastUsedAt: null },
      ],
      invitation: null,
      lastSeenAt: null,
    });
    let removed = false;
    stubDeskApi((r) => {
      if (r.url === '/api/admin/me') return json(200, me('owner', 'Aoife', false, 'per_owner01'));
      if (r.url === '/api/admin/people/per_niamh01' && r.method === 'DELETE') {
        removed = true;
        return json(200, { ok: true });
      }
      if (r.url === '/api/admin/people') {
        const people = [person('per_owner01', 'Aoife', 'owner')];
        if (!removed) people.push(person('per_niamh01', 'Niamh', 'maker'));
        return json(200, { ok: true, people });
      }
      return undefined;
    });
    goTo('#/people');
    render(<DeskApp />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Niamh' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove Niamh' }));
    expect(await screen.findByText('Niamh is removed and signed out everywhere.')).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Niamh' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Niamh is removed and signed out everywhere.')).toBeVisible();
  });

  it('says that a used or expired invitation link has expired', async () => {
    stubDeskApi((r) =>
      r.url === '/api/admin/welcome/options'
        ? json(410, { ok: false, error: PEOPLE_MESSAGES.expired })
        : json(401, { ok: false, error: 'Sign in' }),
    );
    goTo('#/welcome/some-token-that-was-used');
    render(<DeskApp />);
    expect(await screen.findByText(PEOPLE_MESSAGES.expired)).toBeInTheDocument();
  });

  it('offers "Sign in with a passkey" on the sign-in screen', async () => {
    stubDeskApi(() => json(401, { ok: false, error: 'Sign in' }));
    goTo('#/');
    render(<DeskApp />);
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
  });

  it('on a new shop People asks for her passkey before anyone is invited', async () => {
    stubDeskApi((r) => {
      if (r.url === '/api/admin/me') return json(200, me('owner', 'Owner', true, null));
      if (r.url === '/api/admin/people') return json(200, { ok: true, people: [] });
      return undefined;
    });
    goTo('#/people');
    render(<DeskApp />);
    expect(await screen.findByText(PEOPLE_MESSAGES.ownerFirst)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the invitation' })).not.toBeInTheDocument();
  });

  it('on a new shop the token form comes first, and says where the token is', async () => {
    stubDeskApi((r) =>
      r.url === '/api/admin/sign-in'
        ? json(200, { ok: true, tokenSignIn: true })
        : json(401, { ok: false, error: 'Sign in' }),
    );
    goTo('#/');
    render(<DeskApp />);
    const token = await screen.findByLabelText('Owner token');
    expect(token).toHaveAccessibleDescription(/last thing the shop printed when it started/);
    const passkey = screen.getByRole('button', { name: 'Sign in with a passkey' });
    // The token's form comes before the passkey's button in the page's order.
    expect(token.compareDocumentPosition(passkey) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows her name at once after her first passkey; the codes copy, save as a file and print', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-${String(i).padStart(5, '2')}`);
    let registered = false;
    stubDeskApi((r) =>
      r.url === '/api/admin/me'
        ? json(200, registered ? me('owner', 'Aoife') : me('owner', 'Owner', true, null))
        : undefined,
    );
    vi.spyOn(peopleApi, 'addPasskey').mockImplementation(async () => {
      registered = true;
      return {
        ok: true,
        person: { id: 'per_abcdef1', name: 'Aoife', role: 'owner' },
        passkey: { id: 'pk_1', name: 'Phone', createdAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null },
        recoveryCodes: codes,
      };
    });
    // userEvent puts its own clipboard in place: the spy goes on that one.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    goTo('#/');
    render(<DeskApp />);
    await user.type(await screen.findByLabelText('Your name'), 'Aoife');
    await user.type(screen.getByLabelText('Your e-mail'), 'aoife@solas.example');
    await user.click(screen.getByRole('button', { name: 'Register a passkey' }));

    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeInTheDocument();
    // The header names her while the codes are still on screen, without a reload.
    expect(await screen.findByRole('link', { name: 'Aoife: your passkeys and devices' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenCalledWith(recoveryCodesText(codes));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('The codes are copied');
    const file = screen.getByRole('link', { name: 'Save as a text file' });
    expect(file).toHaveAttribute('download', 'solas-recovery-codes.txt');
    expect(decodeURIComponent(file.getAttribute('href') ?? '')).toContain(codes.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Print the codes' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['#/people', 'Invite'],
    ['#/products', 'New product'],
    ['#/settings', 'Save'],
    ['#/orders/new', 'Make the order'],
  ])('a maker opening %s by its address sees only that her role does not allow it', async (hash, control) => {
    stubDeskApi((r) =>
      r.url === '/api/admin/me'
        ? json(200, me('maker', 'Niamh'))
        : json(403, { ok: false, error: PEOPLE_MESSAGES.forbidden }),
    );
    goTo(hash);
    render(<DeskApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(PEOPLE_MESSAGES.forbidden);
    expect(screen.queryByRole('button', { name: new RegExp(control) })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: new RegExp(control) })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryAllByRole('textbox')).toEqual([]);
  });
});
