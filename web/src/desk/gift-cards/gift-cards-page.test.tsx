// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminGiftCard, AdminGiftCardDetail } from '../../../../domain/gift-cards/gift-card-api';
import { GiftCardsPage } from './gift-cards-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const CARD: AdminGiftCard = {
  id: 'gc_one',
  last4: '7KQM',
  amount: 5000,
  balance: 2000,
  issuedAt: '2026-11-27T10:00:00.000Z',
  expiresOn: '2031-11-27',
  status: 'sent',
  recipientName: 'Niamh',
  recipientEmail: 'niamh@example.ie',
  buyerName: 'Siobhán',
  buyerEmail: 'siobhan@example.ie',
  sendOn: '2026-11-27',
  orderReference: 'SOL-1234',
  free: false,
};

const DETAIL: AdminGiftCardDetail = {
  ...CARD,
  message: 'Happy Christmas!',
  held: 0,
  ledger: [
    { at: '2026-11-27T10:00:00.000Z', kind: 'issued', amount: 5000, reference: 'SOL-1234' },
    { at: '2026-11-28T09:00:00.000Z', kind: 'reserved', amount: -3000, reference: 'ord_internal_1' },
    { at: '2026-11-28T09:30:00.000Z', kind: 'released', amount: 3000, reference: 'ord_internal_1' },
    { at: '2026-11-28T10:00:00.000Z', kind: 'spent', amount: -3000, reference: 'SOL-2000' },
  ],
};

describe("the desk's Gift cards", () => {
  it('searches, opens a card with its ledger, and disables it reissuing the balance to a new address', async () => {
    const user = userEvent.setup();
    const calls: { url: string; method: string; body: unknown; key: string | null }[] = [];
    const reissued: AdminGiftCard = {
      ...CARD,
      id: 'gc_two',
      last4: 'ZZ22',
      amount: 2000,
      recipientEmail: 'n@example.ie',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({
          url,
          method,
          body: init?.body ? JSON.parse(String(init.body)) : null,
          key: new Headers(init?.headers).get('Idempotency-Key'),
        });
        if (url.startsWith('/api/admin/gift-cards?q=') || url === '/api/admin/gift-cards')
          return json(200, { ok: true, giftCards: [CARD] });
        if (url === '/api/admin/gift-cards/gc_one') return json(200, { ok: true, giftCard: DETAIL });
        if (url === '/api/admin/gift-cards/gc_two')
          return json(200, { ok: true, giftCard: { ...reissued, message: '', held: 0, ledger: [] } });
        if (url === '/api/admin/gift-cards/gc_one/disable')
          return json(200, { ok: true, giftCard: { ...CARD, status: 'disabled', balance: 0 }, reissued });
        return json(404, { ok: false, error: 'Not found' });
      }),
    );
    render(<GiftCardsPage />);
    const table = await screen.findByRole('table', { name: 'Gift cards' });
    expect(within(table).getByRole('rowheader', { name: '••••7KQM' })).toBeTruthy();
    await user.type(screen.getByLabelText('Last 4, recipient or buyer'), 'niamh');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(calls.some((c) => c.url === '/api/admin/gift-cards?q=niamh')).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Open ••••7KQM' }));
    const card = await screen.findByRole('region', { name: 'Gift card ••••7KQM' });
    const ledger = within(card).getByRole('table', { name: 'Ledger' });
    expect(within(ledger).getByText('Spent on order')).toBeTruthy();
    expect(within(ledger).getByText('SOL-2000')).toBeTruthy();
    // A hold is no refund, and its checkout's internal key means nothing to the owner.
    expect(within(ledger).getByText('Held by a checkout')).toBeTruthy();
    expect(within(ledger).getByText('Hold ended')).toBeTruthy();
    expect(within(ledger).queryByText('Released')).toBeNull();
    expect(within(ledger).queryByText('ord_internal_1')).toBeNull();
    expect(within(card).getByText('“Happy Christmas!”')).toBeTruthy();

    await user.type(
      within(card).getByLabelText('Send the new card to (empty: the same address)'),
      'n@example.ie',
    );
    await user.click(within(card).getByRole('button', { name: 'Disable and reissue' }));
    // Nothing is disabled before the owner confirms what it does.
    expect(calls.some((c) => c.url === '/api/admin/gift-cards/gc_one/disable')).toBe(false);
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Disable ••••7KQM and reissue its balance?',
    });
    expect(confirm).toHaveTextContent('A new card of €20.00 is e-mailed to n@example.ie.');
    await user.click(within(confirm).getByRole('button', { name: 'Disable and reissue' }));
    const disable = calls.find((c) => c.url === '/api/admin/gift-cards/gc_one/disable');
    expect(disable?.body).toEqual({ reissue: true, recipientEmail: 'n@example.ie' });
    expect(disable?.key).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Gift card ••••ZZ22' })).toBeTruthy();
  });

  it('says what a checkout holds before the owner disables a card, and where it goes', async () => {
    const user = userEvent.setup();
    // A checkout holds all that is left: the card is Held, never Spent (its money may come back).
    const listed: AdminGiftCard = { ...CARD, balance: 0, status: 'held' };
    const held: AdminGiftCardDetail = { ...DETAIL, balance: 0, held: 2000, status: 'held' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/admin/gift-cards') return json(200, { ok: true, giftCards: [listed] });
        if (url === '/api/admin/gift-cards/gc_one') return json(200, { ok: true, giftCard: held });
        return json(404, { ok: false, error: 'Not found' });
      }),
    );
    render(<GiftCardsPage />);
    const open = await screen.findByRole('button', { name: 'Open ••••7KQM' });
    const row = open.closest('tr') as HTMLElement;
    expect(within(row).getByText('Held')).toBeTruthy();
    expect(within(row).queryByText('Spent')).toBeNull();
    await user.click(open);
    const card = await screen.findByRole('region', { name: 'Gift card ••••7KQM' });
    expect(within(card).getByText('Status:').nextElementSibling?.textContent).toBe('Held');
    expect(within(card).getByText('Held by a checkout not yet ended:')).toBeTruthy();
    expect(
      within(card).getByText(
        'A checkout not yet ended holds €20.00 of this card: spent if its order is paid, otherwise it goes to the new card.',
      ),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Disable and reissue' })).toBeTruthy();
    await user.click(within(card).getByRole('checkbox', { name: /Reissue its balance \(€0\.00\)/ }));
    expect(
      within(card).getByText(
        'A checkout not yet ended holds €20.00 of this card: spent if its order is paid, otherwise it comes back to this card, disabled.',
      ),
    ).toBeTruthy();
  });

  it('issues a card without payment with its reason, and shows a refusal', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/gift-cards' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { amount: number };
          posts.push(body);
          if (body.amount === 1050)
            return json(400, { ok: false, error: 'amount: Choose a whole euro amount from €10 to €500' });
          return json(201, { ok: true, giftCard: { ...CARD, id: 'gc_free', free: true } });
        }
        if (url === '/api/admin/gift-cards') return json(200, { ok: true, giftCards: [] });
        if (url === '/api/admin/gift-cards/gc_free')
          return json(200, {
            ok: true,
            giftCard: { ...DETAIL, id: 'gc_free', free: true, orderReference: null },
          });
        return json(404, { ok: false, error: 'Not found' });
      }),
    );
    render(<GiftCardsPage />);
    expect(await screen.findByText('No gift cards yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Issue a card' }));
    await user.type(screen.getByLabelText('Amount (€10 to €500, whole euros)'), '10.50');
    await user.type(screen.getByLabelText('Recipient’s name'), 'Raffle Winner');
    await user.type(screen.getByLabelText('Recipient’s email'), 'winner@example.ie');
    await user.type(screen.getByLabelText('Reason (a raffle prize, a goodwill gesture)'), 'Christmas raffle');
    await user.click(screen.getByRole('button', { name: 'Issue card' }));
    // The server names the field by its path; the desk by the label the owner typed into.
    expect(await screen.findByText('Amount: Choose a whole euro amount from €10 to €500')).toBeTruthy();
    const amount = screen.getByLabelText('Amount (€10 to €500, whole euros)');
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Issue card' }));
    expect(await screen.findByText(/^Issued without payment/)).toBeTruthy();
    expect(posts.at(-1)).toEqual({
      amount: 2500,
      recipientName: 'Raffle Winner',
      recipientEmail: 'winner@example.ie',
      reason: 'Christmas raffle',
    });
  });
});
