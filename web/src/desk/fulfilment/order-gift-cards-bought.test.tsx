// @vitest-environment jsdom
/**
 * An order that bought gift cards at the desk (docs/product/gift-cards.md §19.3, "A refund of cards
 * bought"): each card is a line of the order, and the refund and cancel dialogs say which cards they void
 * (the goods first, then each card up to what is unspent on it).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../../domain/orders/admin-api';
import { orderDetail, stubDeskApi } from '../desk-test-fixtures';
import { OrderActions } from './order-actions';
import { GiftCardsBought } from './order-page';

afterEach(() => vi.unstubAllGlobals());

const CARDS: NonNullable<OrderDetail['giftCardsBought']> = [
  { last4: '7KQM', amount: 5000, unspent: 5000, sendOn: '2026-11-20', status: 'sent', voided: 0 },
  { last4: 'Q2WX', amount: 10000, unspent: 10000, sendOn: '2026-12-24', status: 'scheduled', voided: 0 },
];
const CHRISTMAS = orderDetail({ total: 19000, refundable: 19000, giftCardsBought: CARDS });

describe('an order that bought gift cards, at the desk', () => {
  it('lists each card bought as a line: last 4, how it stands, what is unspent', () => {
    render(<GiftCardsBought reference={CHRISTMAS.reference} cards={CARDS} />);
    const table = screen.getByRole('table', { name: 'Gift cards bought in order SOL-1A2B3C4D' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Gift card ••••7KQMSent€50.00€50.00',
      'Gift card ••••Q2WXScheduled, to be e-mailed on 24 Dec 2026€100.00€100.00',
    ]);
  });

  it('the refund dialog names the cards a full refund voids', async () => {
    stubDeskApi();
    const user = userEvent.setup();
    render(<OrderActions order={CHRISTMAS} onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund €190.00?' });
    expect(
      within(dialog).getByText(
        'This refund voids gift card ••••7KQM (€50.00) and gift card ••••Q2WX (€100.00, never e-mailed).',
      ),
    ).toBeInTheDocument();
  });

  it('a part refund of the goods voids none; beyond them it says what it takes off a card', async () => {
    stubDeskApi();
    const user = userEvent.setup();
    render(<OrderActions order={CHRISTMAS} onChanged={() => {}} />);
    await user.click(screen.getByRole('radio', { name: 'Part of it' }));
    const amount = screen.getByRole('textbox', { name: /Amount in euro/ });
    await user.type(amount, '40');
    expect(screen.queryByText(/This refund/)).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '60');
    expect(screen.getByText('This refund takes €20.00 off gift card ••••7KQM.')).toBeInTheDocument();
  });

  it('the cancel dialog names the cards it voids', async () => {
    stubDeskApi();
    const user = userEvent.setup();
    render(<OrderActions order={{ ...CHRISTMAS, allowedActions: ['cancel'] }} onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Cancel order…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/voids gift card ••••7KQM \(€50\.00\)/)).toBeInTheDocument();
  });
});
