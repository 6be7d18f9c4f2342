// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderDetail } from '../desk-test-fixtures';
import { ChangeOrder, ResendMail } from './order-changes';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

const ORDER = orderDetail({
  lines: [
    {
      lineId: 0,
      productId: '3',
      name: 'Amber Glow Bracelet',
      size: 'M',
      quantity: 2,
      unitPrice: 3499,
      lineTotal: 6998,
    },
  ],
});

describe('changing an order before dispatch', () => {
  it('sends only what changed, with an Idempotency-Key, and says the shopper gets an e-mail', async () => {
    const sent: { method: string; body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push({
          method: init?.method ?? 'GET',
          body: JSON.parse(String(init?.body)),
          key: new Headers(init?.headers).get('Idempotency-Key'),
        });
        return json(200, { ok: true, changed: true, order: ORDER });
      }),
    );
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<ChangeOrder order={ORDER} onChanged={onChanged} />);
    await user.click(screen.getByRole('button', { name: 'Change delivery details' }));
    const line1 = screen.getByLabelText('Address');
    await user.clear(line1);
    await user.type(line1, '14 Main Street');
    await user.selectOptions(screen.getByLabelText('Size of Amber Glow Bracelet (2)'), 'L');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Saved. The shopper gets an e-mail saying what changed.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        body: {
          address: { ...ORDER.address, line1: '14 Main Street' },
          lines: [{ lineId: 0, size: 'L' }],
        },
        key: expect.any(String),
      },
    ]);
    expect(onChanged).toHaveBeenCalledWith(ORDER);
  });

  it('is not offered after dispatch', () => {
    const { container } = render(
      <ChangeOrder
        order={orderDetail({
          status: 'dispatched',
          dispatch: {
            carrier: 'an_post',
            trackingNumber: 'X',
            trackingUrl: null,
            dispatchedAt: '2026-11-21T10:00:00Z',
          },
        })}
        onChanged={() => {}}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the server's refusal where the owner is looking", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { ok: false, error: 'A dispatched order cannot be changed' })),
    );
    const user = userEvent.setup();
    render(<ChangeOrder order={ORDER} onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Change delivery details' }));
    await user.type(screen.getByLabelText('Postcode (optional)'), 'X');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A dispatched order cannot be changed');
  });

  it('offers to send, not resend, the confirmation of an order marked paid without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        (init?.method ?? 'GET') === 'POST'
          ? json(202, { ok: true, kind: 'confirmation' })
          : json(200, orderDetail({ confirmationSent: true })),
      ),
    );
    const user = userEvent.setup();
    render(<ResendMail order={orderDetail({ confirmationSent: false })} onChanged={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Resend confirmation' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send the confirmation' }));
    expect(await screen.findByText('Sent: the confirmation to aoife@example.ie.')).toBeInTheDocument();
  });

  it('offers a resend of each e-mail the order has had, and says where it went', async () => {
    const calls: string[] = [];
    const dispatched = orderDetail({
      status: 'dispatched',
      dispatch: {
        carrier: 'an_post',
        trackingNumber: 'X',
        trackingUrl: null,
        dispatchedAt: '2026-11-21T10:00:00Z',
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`);
        return (init?.method ?? 'GET') === 'POST'
          ? json(202, { ok: true, kind: 'dispatch' })
          : json(200, dispatched);
      }),
    );
    const user = userEvent.setup();
    render(<ResendMail order={dispatched} onChanged={() => {}} />);
    expect(screen.getByRole('button', { name: 'Resend confirmation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend refund e-mail' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend dispatch e-mail' }));
    expect(await screen.findByText('Sent again: dispatch e-mail to aoife@example.ie.')).toBeInTheDocument();
    expect(calls).toEqual([
      'POST /api/admin/orders/SOL-1A2B3C4D/resend {"kind":"dispatch"}',
      'GET /api/admin/orders/SOL-1A2B3C4D ',
    ]);
  });
});
