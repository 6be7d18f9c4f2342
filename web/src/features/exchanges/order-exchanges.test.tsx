// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderPage } from '../../../../domain/orders/order-page';
import { OrderExchangesSection } from './order-exchanges';

const KEY = 'A'.repeat(32);
const ORDER: OrderPage = {
  reference: 'SOL-ABCDEFGH',
  testOrder: false,
  timeline: [{ step: 'delivered', label: 'Delivered', at: '2026-11-23T10:00:00.000Z', state: 'current' }],
  tracking: null,
  dispatchDate: '2026-11-21',
  deliveryEstimate: null,
  lines: [
    { position: 0, name: 'First Light', quantity: 1, unitPrice: 4000, lineTotal: 4000, size: 'M' },
    { position: 1, name: 'Sea Glass', quantity: 1, unitPrice: 3500, lineTotal: 3500, size: 'S' },
  ],
  giftMessage: null,
  subtotal: 7500,
  shipping: 0,
  giftWrap: 0,
  total: 7500,
  refunded: 0,
  vatIncluded: null,
  zoneLabel: 'Ireland',
  address: [],
  withdrawal: { open: true, until: '2026-12-07', sent: null, ended: null },
  exchangeOffer: {
    until: '2026-12-23',
    lines: [
      { lineId: 0, sizes: ['S', 'L'] },
      { lineId: 1, sizes: ['M'] },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

function answering(status: number, body: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

describe("the order page's exchange for another size", () => {
  it('offers each piece the sizes the shop can make, and sends the one chosen with the key', async () => {
    const sent = answering(201, { ok: true, exchange: {} });
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<OrderExchangesSection order={ORDER} orderKey={KEY} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Exchange for another size' })).toBeInTheDocument();
    const size = screen.getByLabelText('New size');
    expect([...(size as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Small', 'Large']);
    await user.selectOptions(screen.getByLabelText('Piece to exchange'), 'Sea Glass (Small)');
    expect([...(size as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Medium']);
    await user.selectOptions(screen.getByLabelText('Piece to exchange'), 'First Light (Medium)');
    await user.selectOptions(size, 'Large');
    await user.click(screen.getByRole('button', { name: 'Ask for this exchange' }));
    expect(sent).toEqual([
      { url: '/api/orders/SOL-ABCDEFGH/exchanges', body: { key: KEY, lineId: 0, size: 'L' } },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('we have your exchange request');
    expect(onDone).toHaveBeenCalled();
  });

  it("says the server's refusal in its own words", async () => {
    answering(409, { ok: false, error: 'This piece already has an exchange; only one exchange per piece' });
    const user = userEvent.setup();
    render(<OrderExchangesSection order={ORDER} orderKey={KEY} onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Ask for this exchange' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('only one exchange per piece');
  });

  it('shows the exchanges asked for, and no form once nothing is left to offer', () => {
    const { exchangeOffer: _none, ...rest } = ORDER;
    render(
      <OrderExchangesSection
        order={{
          ...rest,
          exchanges: [
            {
              id: 3,
              lineId: 0,
              status: 'accepted',
              item: 'First Light, Medium for Large',
              text: 'Exchange accepted: your new size is being made first, and we will post it to you.',
            },
          ],
        }}
        orderKey={KEY}
        onDone={vi.fn()}
      />,
    );
    expect(screen.getByText(/Exchange accepted/)).toBeInTheDocument();
    expect(screen.getByText('First Light, Medium for Large')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
