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

afterEach(() => {
  vi.unstubAllGlobals();
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
  it("shows a maker her name, Today, Orders and Packing slips only, and an order's page without Refund or Cancel", async () => {
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
    ).toEqual(['Today', 'Orders', 'Packing slips']);
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
});
