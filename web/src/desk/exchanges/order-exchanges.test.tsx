// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeInfo } from '../../../../domain/exchanges/exchanges';
import { orderDetail } from '../desk-test-fixtures';
import { DeskPersonContext } from '../people/desk-person';
import { OrderExchanges } from './order-exchanges';

afterEach(() => vi.unstubAllGlobals());

const PENDING: ExchangeInfo = {
  id: 7,
  reference: 'SOL-ABCD1234',
  lineId: 0,
  productId: '3',
  name: 'Amber Glow Bracelet',
  fromSize: 'M',
  toSize: 'L',
  status: 'pending',
  difference: 0,
  settlement: 'none',
  declineReason: null,
  receivedChoice: null,
  createdAt: '2026-11-20T10:00:00Z',
  decidedAt: null,
  receivedAt: null,
  dispatchedAt: null,
};
const ORDER = orderDetail({ status: 'delivered', exchanges: [PENDING] });
const ACCEPTED = { ...PENDING, status: 'accepted' as const, decidedAt: '2026-11-21T10:00:00Z' };

function answering(after: ExchangeInfo) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = method === 'GET' ? { ...ORDER, exchanges: [after] } : { ok: true, exchange: after };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

describe("an order's exchanges on the desk", () => {
  it('accepts a pending exchange and shows the order as it is then', async () => {
    const sent = answering(ACCEPTED);
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<OrderExchanges order={ORDER} onChanged={onChanged} />);
    const card = screen.getByRole('article', { name: 'Amber Glow Bracelet: Medium for Large' });
    expect(card).toHaveTextContent('Waiting for you');
    expect(card).toHaveTextContent('Same price: nothing to pay or refund');
    await user.click(within(card).getByRole('button', { name: 'Accept the exchange' }));
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/admin/exchanges/7/accept' });
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(onChanged.mock.calls[0]?.[0].exchanges[0].status).toBe('accepted');
  });

  it('asks for a reason before declining, then sends it', async () => {
    const sent = answering({ ...PENDING, status: 'declined', declineReason: 'Not made in Large' });
    const user = userEvent.setup();
    render(<OrderExchanges order={ORDER} onChanged={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Decline…' }));
    await user.click(screen.getByRole('button', { name: 'Decline the exchange' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Say why you decline the exchange');
    expect(sent).toHaveLength(0);
    await user.type(screen.getByLabelText('Why you decline it'), 'Not made in Large');
    await user.click(screen.getByRole('button', { name: 'Decline the exchange' }));
    expect(sent[0]).toMatchObject({
      url: '/api/admin/exchanges/7/decline',
      body: { reason: 'Not made in Large' },
    });
  });

  it("a maker sees the exchange but not the owner's actions", () => {
    render(
      <DeskPersonContext.Provider
        value={{ person: { id: 'p1', name: 'Niamh', role: 'maker' }, needsPasskey: false, refresh: () => {} }}
      >
        <OrderExchanges order={{ ...ORDER, exchanges: [ACCEPTED] }} onChanged={vi.fn()} />
      </DeskPersonContext.Provider>,
    );
    expect(screen.getByRole('article')).toHaveTextContent('Accepted');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
