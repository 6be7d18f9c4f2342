// @vitest-environment jsdom
/**
 * An order's Customs section by role and label: the CN23's two links when it can be printed, each missing
 * product and the EORI reminder otherwise, and "Came back unpaid" refunding through the server once.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, orderDetail, stubDeskApi } from '../desk-test-fixtures';
import { OrderCustoms } from './order-customs';

afterEach(() => {
  vi.unstubAllGlobals();
});

const state = (customs: object) => ({
  ok: true,
  customs: { needed: true, country: 'US', missing: [], eori: true, pdf: null, ...customs },
});

describe('the order’s Customs section', () => {
  it('links the CN23 in A4 and A6 when the declaration can be made', async () => {
    const order = orderDetail({ reference: 'SOL-CUSTOMS1' });
    stubDeskApi(async (r) =>
      r.url === '/api/admin/orders/SOL-CUSTOMS1/customs'
        ? json(
            200,
            state({
              pdf: {
                a4: '/api/admin/orders/SOL-CUSTOMS1/customs.pdf',
                a6: '/api/admin/orders/SOL-CUSTOMS1/customs.pdf?size=a6',
              },
            }),
          )
        : undefined,
    );
    render(<OrderCustoms order={order} onChanged={() => {}} />);
    expect(await screen.findByRole('link', { name: 'CN23 (A4)' })).toHaveAttribute(
      'href',
      '/api/admin/orders/SOL-CUSTOMS1/customs.pdf',
    );
    expect(screen.getByRole('link', { name: 'CN23 (A6, for the parcel)' })).toHaveAttribute(
      'href',
      '/api/admin/orders/SOL-CUSTOMS1/customs.pdf?size=a6',
    );
    expect(screen.getByText(/Leaves the EU for United States/)).toBeInTheDocument();
  });

  it('names each product without customs data and asks for the EORI number', async () => {
    const order = orderDetail({ reference: 'SOL-CUSTOMS2' });
    stubDeskApi(async () =>
      json(
        200,
        state({
          eori: false,
          missing: [{ productId: '7', name: 'Sea Glass', reason: 'has no customs data (…)' }],
        }),
      ),
    );
    render(<OrderCustoms order={order} onChanged={() => {}} />);
    const list = await screen.findByRole('list');
    expect(within(list).getByText(/Sea Glass has no customs data/)).toBeInTheDocument();
    expect(screen.getByText(/Add your EORI number in Settings/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /CN23/ })).toBeNull();
  });

  it('marks a dispatched order that came back unpaid after asking, once', async () => {
    const order = orderDetail({ reference: 'SOL-CUSTOMS3', status: 'dispatched' });
    const changed = vi.fn();
    const requests = stubDeskApi(async (r) => {
      if (r.method === 'POST')
        return json(200, { ok: true, changed: true, order: { ...order, status: 'refunded' } });
      return json(200, state({ pdf: { a4: '/a4', a6: '/a6' } }));
    });
    const user = userEvent.setup();
    render(<OrderCustoms order={order} onChanged={changed} />);
    await user.click(await screen.findByRole('button', { name: 'Came back unpaid…' }));
    await user.click(await screen.findByRole('button', { name: 'Refund the pieces' }));
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/orders/SOL-CUSTOMS3/returned-unpaid',
    ]);
  });
});
