// @vitest-environment jsdom
/**
 * The refund dialog of an order gift cards paid (docs/product/gift-cards.md §19.3, "Refunds"): the owner chooses
 * where the cards' part goes in a labelled radio group, the default first, with a line saying where the
 * money goes; money back by card only when the order had a card payment; a maker sees no refund at all.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GIFT_CARD_REFUND_HINTS,
  GIFT_CARD_REFUND_MESSAGES,
  type OrderDetail,
} from '../../../../domain/orders/admin-api';
import { json, orderDetail, stubDeskApi } from '../desk-test-fixtures';
import { DeskPersonContext } from '../people/desk-person';
import { OrderActions } from './order-actions';

afterEach(() => vi.unstubAllGlobals());

const REFUND_URL = '/api/admin/orders/SOL-1A2B3C4D/refund';
const PART_BY_GIFT_CARD = orderDetail({
  payments: [
    { method: 'card', amount: 4998 },
    { method: 'gift_card', amount: 2000, last4: '7KQM' },
  ],
});
const ALL_BY_GIFT_CARD = orderDetail({ payments: [{ method: 'gift_card', amount: 6998, last4: '7KQM' }] });

function refundAnswering(answer: () => Response) {
  return stubDeskApi((r) => (r.method === 'POST' && r.url === REFUND_URL ? answer() : undefined));
}

async function refundEverything(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Refund…' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Refund €69.98?' });
  await user.click(within(dialog).getByRole('button', { name: 'Refund €69.98' }));
}

describe('the refund of an order gift cards paid', () => {
  it('offers where the cards’ part goes, the default first, and sends the choice', async () => {
    const refunded: OrderDetail = { ...PART_BY_GIFT_CARD, refunded: 6998, refundable: 0 };
    const requests = refundAnswering(() => json(200, { ok: true, changed: true, order: refunded }));
    const user = userEvent.setup();
    render(<OrderActions order={PART_BY_GIFT_CARD} onChanged={() => {}} />);

    const group = screen.getByRole('group', { name: 'The gift cards’ part' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Back to the gift cards',
      'A new gift card',
      'Money back by card',
    ]);
    expect(within(group).getByRole('radio', { name: 'Back to the gift cards' })).toBeChecked();
    expect(group).toHaveAccessibleDescription(GIFT_CARD_REFUND_HINTS.restore);

    await user.click(within(group).getByRole('radio', { name: 'A new gift card' }));
    expect(group).toHaveAccessibleDescription(GIFT_CARD_REFUND_HINTS['new-card']);
    await refundEverything(user);
    expect(await screen.findByText('Refunded €69.98. The shopper gets an e-mail.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { giftCardRefund: 'new-card' },
    ]);
  });

  it('says before the refund where its money goes: the card payment first, then the cards as chosen', async () => {
    refundAnswering(() => json(500, {}));
    const user = userEvent.setup();
    const { unmount } = render(
      <OrderActions order={{ ...PART_BY_GIFT_CARD, provider: 'stripe' }} onChanged={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(await screen.findByRole('alertdialog', { name: 'Refund €69.98?' })).toHaveAccessibleDescription(
      'The card payment’s part goes back first through Stripe, then the gift cards’ part as chosen. The shopper gets an e-mail. This cannot be undone.',
    );
    unmount();
    // Gift cards alone (their method is no owner's payment to pay back herself).
    render(<OrderActions order={{ ...ALL_BY_GIFT_CARD, paymentMethod: 'gift_card' }} onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(await screen.findByRole('alertdialog', { name: 'Refund €69.98?' })).toHaveAccessibleDescription(
      'The money goes back as chosen for the gift cards’ part. The shopper gets an e-mail. This cannot be undone.',
    );
  });

  it('shows the server’s refusal of money back by card', async () => {
    const error = GIFT_CARD_REFUND_MESSAGES.cardShort('€49.98');
    refundAnswering(() => json(409, { ok: false, error, field: 'giftCardRefund' }));
    const user = userEvent.setup();
    render(<OrderActions order={PART_BY_GIFT_CARD} onChanged={() => {}} />);
    await user.click(screen.getByRole('radio', { name: 'Money back by card' }));
    expect(screen.getByRole('group', { name: 'The gift cards’ part' })).toHaveAccessibleDescription(
      GIFT_CARD_REFUND_HINTS.card,
    );
    await refundEverything(user);
    expect(await screen.findByText(error)).toBeInTheDocument();
  });

  it('offers no money back by card when no card paid', () => {
    stubDeskApi();
    render(<OrderActions order={ALL_BY_GIFT_CARD} onChanged={() => {}} />);
    const group = screen.getByRole('group', { name: 'The gift cards’ part' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Back to the gift cards', 'A new gift card']);
  });

  it('asks nothing of an order no gift card paid, and sends no choice', async () => {
    const requests = refundAnswering(() =>
      json(200, { ok: true, changed: true, order: { ...orderDetail(), refunded: 6998, refundable: 0 } }),
    );
    const user = userEvent.setup();
    render(
      <OrderActions
        order={orderDetail({ payments: [{ method: 'card', amount: 6998 }] })}
        onChanged={() => {}}
      />,
    );
    expect(screen.queryByRole('group', { name: 'The gift cards’ part' })).not.toBeInTheDocument();
    await refundEverything(user);
    await screen.findByText('Refunded €69.98. The shopper gets an e-mail.');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{}]);
  });

  it('shows a maker no refund', () => {
    stubDeskApi();
    render(
      <DeskPersonContext.Provider
        value={{ person: { id: 'p1', name: 'Niamh', role: 'maker' }, needsPasskey: false, refresh: () => {} }}
      >
        <OrderActions order={PART_BY_GIFT_CARD} onChanged={() => {}} />
      </DeskPersonContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'The gift cards’ part' })).not.toBeInTheDocument();
  });
});
