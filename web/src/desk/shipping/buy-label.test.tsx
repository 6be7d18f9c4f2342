// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderDetail } from '../desk-test-fixtures';
import { DeskPersonContext } from '../people/desk-person';
import { BuyLabelButton } from './buy-label';
import { OrderLabel } from './order-label';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

const REFERENCE = 'SOL-1A2B3C4D';
const LABEL = {
  carrier: 'an_post',
  trackingNumber: 'TE123456789IE',
  url: `/api/admin/orders/${REFERENCE}/label`,
};

/** Answers each request by method and path; records what was sent. */
function answerFetch(answers: Record<string, { status: number; body: unknown }>) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      sent.push(key);
      const answer = answers[key] ?? { status: 404, body: { ok: false, error: 'No such route' } };
      return json(answer.status, answer.body);
    }),
  );
  return sent;
}

describe('Buy label', () => {
  it('buys the label in one tap and shows its tracking number and the label to print', async () => {
    const sent = answerFetch({ [`POST ${LABEL.url}`]: { status: 201, body: { label: LABEL } } });
    const onBought = vi.fn();
    const user = userEvent.setup();
    render(<BuyLabelButton reference={REFERENCE} onBought={onBought} compact />);
    await user.click(screen.getByRole('button', { name: `Buy label for ${REFERENCE}` }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Label bought for ${REFERENCE}: An Post TE123456789IE`,
    );
    expect(screen.getByRole('link', { name: 'Print label' })).toHaveAttribute('href', LABEL.url);
    expect(sent).toEqual([`POST ${LABEL.url}`]);
    expect(onBought).toHaveBeenCalledWith(LABEL);
  });

  it('says why the shop refused, and keeps the button', async () => {
    const error = 'This order already has a label: void it first to buy another';
    answerFetch({ [`POST ${LABEL.url}`]: { status: 409, body: { ok: false, error } } });
    const user = userEvent.setup();
    render(<BuyLabelButton reference={REFERENCE} />);
    await user.click(screen.getByRole('button', { name: 'Buy label' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(error);
    expect(screen.getByRole('button', { name: 'Buy label' })).toBeEnabled();
  });
});

describe("an order's label on its page", () => {
  it('offers Buy label on a paid order, and nothing to a maker', async () => {
    answerFetch({});
    const paid = orderDetail({ reference: REFERENCE, status: 'paid', allowedActions: ['start', 'dispatch'] });
    const { unmount } = render(<OrderLabel order={paid} onChanged={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Buy label' })).toBeInTheDocument();
    unmount();
    render(
      <DeskPersonContext.Provider
        value={{ person: { id: 'p1', name: 'Niamh', role: 'maker' }, needsPasskey: false, refresh: () => {} }}
      >
        <OrderLabel order={paid} onChanged={() => {}} />
      </DeskPersonContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Buy label' })).not.toBeInTheDocument();
  });

  it('shows a dispatched order’s TEST label and voids it after a confirmation', async () => {
    const dispatched = orderDetail({
      reference: REFERENCE,
      status: 'dispatched',
      allowedActions: ['deliver'],
    });
    const back = orderDetail({ reference: REFERENCE, status: 'in_production', allowedActions: ['dispatch'] });
    const sent = answerFetch({
      [`GET ${LABEL.url}/info`]: {
        status: 200,
        body: { label: { ...LABEL, test: true, createdAt: '2026-11-28T10:00:00Z', voidable: true } },
      },
      [`DELETE ${LABEL.url}`]: { status: 200, body: { ok: true } },
      [`GET /api/admin/orders/${REFERENCE}`]: { status: 200, body: back },
    });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<OrderLabel order={dispatched} onChanged={onChanged} />);
    expect(await screen.findByText(/Label: An Post TE123456789IE/)).toBeInTheDocument();
    expect(screen.getByText('TEST')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print label' })).toHaveAttribute('href', LABEL.url);
    await user.click(screen.getByRole('button', { name: 'Void label' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Void this label?' });
    expect(sent).not.toContain(`DELETE ${LABEL.url}`);
    await user.click(within(dialog).getByRole('button', { name: 'Void label' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith(back));
    expect(sent).toContain(`DELETE ${LABEL.url}`);
  });
});
