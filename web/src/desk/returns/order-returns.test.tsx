// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReturnInfo } from '../../../../domain/orders/return-info';
import { orderDetail } from '../desk-test-fixtures';
import { DeskPersonContext } from '../people/desk-person';
import { OrderReturns } from './order-returns';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

const LINE = {
  lineId: 0,
  productId: '3',
  name: 'Amber Glow Bracelet',
  size: 'M',
  quantity: 2,
  unitPrice: 3500,
  lineTotal: 7000,
};
const DELIVERED = orderDetail({ status: 'delivered', lines: [LINE], shipping: 495, refundable: 7495 });
const REQUESTED: ReturnInfo = {
  id: 4,
  status: 'requested',
  lines: [{ lineId: 0, productId: '3', name: 'Amber Glow Bracelet', size: 'M', quantity: 1 }],
  reason: 'Too small',
  overrideNote: null,
  closeReason: null,
  refunded: 0,
  shippingRefunded: false,
  value: 3500,
  createdAt: '2026-11-20T10:00:00Z',
  receivedAt: null,
  endedAt: null,
};

function recordFetch(answer: (body: unknown) => { status: number; body: unknown }) {
  const sent: { method: string; url: string; body: unknown; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push({
        method: init?.method ?? 'GET',
        url,
        body,
        key: new Headers(init?.headers).get('Idempotency-Key'),
      });
      const reply = answer(body);
      return json(reply.status, reply.body);
    }),
  );
  return sent;
}

describe("a delivered order's returns on the desk", () => {
  it('opens a return of the pieces chosen, with an Idempotency-Key, and says so', async () => {
    const opened = { ...DELIVERED, returns: [REQUESTED] };
    const sent = recordFetch(() => ({
      status: 201,
      body: { ok: true, changed: true, return: REQUESTED, order: opened },
    }));
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<OrderReturns order={DELIVERED} onChanged={onChanged} />);
    expect(screen.getByText('No returns.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open a return' }));
    expect(screen.getByRole('heading', { name: 'Open a return' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Open the return' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one piece to return.');
    const pieces = screen.getByLabelText(/Amber Glow Bracelet \(Medium\)/);
    await user.clear(pieces);
    await user.type(pieces, '1');
    await user.type(screen.getByLabelText('Reason'), 'Too small');
    await user.click(screen.getByRole('button', { name: 'Open the return' }));
    expect(await screen.findByText('Return 4 opened.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: expect.stringContaining('/returns'),
        body: { lines: [{ lineId: 0, quantity: 1 }], reason: 'Too small' },
        key: expect.any(String),
      },
    ]);
    expect(onChanged).toHaveBeenCalledWith(opened);
  });

  it('receives and refunds with the shipping after a confirmation, and shows the refusal of a close', async () => {
    const order = { ...DELIVERED, returns: [REQUESTED] };
    const refunded = { ...REQUESTED, status: 'refunded' as const, refunded: 3995, shippingRefunded: true };
    const sent = recordFetch((body) =>
      (body as { status: string }).status === 'closed'
        ? {
            status: 409,
            body: { ok: false, error: 'This return is refunded: nothing more can be done with it' },
          }
        : {
            status: 200,
            body: { ok: true, changed: true, return: refunded, order: { ...order, returns: [refunded] } },
          },
    );
    const user = userEvent.setup();
    render(<OrderReturns order={order} onChanged={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Return 4: Requested' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Refund the shipping too (€4.95)'));
    await user.click(screen.getByRole('button', { name: 'Receive and refund return 4…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund €39.95?' });
    expect(dialog).toHaveTextContent('Return 4 is marked received and €39.95');
    await user.click(screen.getByRole('button', { name: 'Refund €39.95' }));
    expect(dialog).not.toBeInTheDocument();
    expect(
      await screen.findByText('Return 4 refunded: €39.95. The shopper gets an e-mail.'),
    ).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ status: 'received', refund: { includeShipping: true } });

    await user.click(screen.getByRole('button', { name: 'Close without refund' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Say why nothing is refunded.');
    await user.type(screen.getByLabelText('Reason to close without refund'), 'Worn');
    await user.click(screen.getByRole('button', { name: 'Close without refund' }));
    expect(
      await screen.findByText('This return is refunded: nothing more can be done with it'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it('names a received return’s refund by its return, and does not say it is marked received again', async () => {
    const received = { ...REQUESTED, status: 'received' as const, receivedAt: '2026-11-22T10:00:00Z' };
    recordFetch(() => ({
      status: 200,
      body: { ok: true, changed: true, return: received, order: DELIVERED },
    }));
    const user = userEvent.setup();
    render(<OrderReturns order={{ ...DELIVERED, returns: [received] }} onChanged={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refund return 4…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund €35.00?' });
    expect(dialog).toHaveTextContent('For return 4, €35.00');
    expect(dialog).not.toHaveTextContent('marked received');
  });

  it('asks where a gift-card-paid order’s card part goes, and sends the choice with the return’s refund', async () => {
    const paid = {
      ...DELIVERED,
      payments: [
        { method: 'card' as const, amount: 2495 },
        { method: 'gift_card' as const, amount: 5000, last4: '7KQM' },
      ],
      returns: [REQUESTED],
    };
    const refunded = { ...REQUESTED, status: 'refunded' as const, refunded: 3500 };
    const sent = recordFetch(() => ({
      status: 200,
      body: { ok: true, changed: true, return: refunded, order: { ...paid, returns: [refunded] } },
    }));
    const user = userEvent.setup();
    render(<OrderReturns order={paid} onChanged={() => {}} />);
    const group = screen.getByRole('group', { name: 'The gift cards’ part' });
    expect(within(group).getByRole('radio', { name: 'Back to the gift cards' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'A new gift card' }));
    expect(group).toHaveAccessibleDescription(
      'A new gift card, valid for five years, is e-mailed to the order’s address.',
    );
    await user.click(screen.getByRole('button', { name: 'Receive and refund return 4…' }));
    await user.click(await screen.findByRole('button', { name: 'Refund €35.00' }));
    await screen.findByText('Return 4 refunded: €35.00. The shopper gets an e-mail.');
    expect(sent[0]?.body).toEqual({
      status: 'received',
      refund: { includeShipping: false, giftCardRefund: 'new-card' },
    });
  });

  it('shows a maker the returns without any action', () => {
    render(
      <DeskPersonContext.Provider
        value={{ person: { id: 'p1', name: 'Niamh', role: 'maker' }, needsPasskey: false, refresh: () => {} }}
      >
        <OrderReturns order={{ ...DELIVERED, returns: [REQUESTED] }} onChanged={() => {}} />
      </DeskPersonContext.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Return 4: Requested' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
