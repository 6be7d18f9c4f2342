// @vitest-environment jsdom
/**
 * The actions of an order the owner took with a payment link, still unpaid (docs/product/orders.md §10.17): its
 * page keeps the link to copy and sends it to the customer again, instead of "Nothing to do".
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, orderDetail, stubDeskApi } from '../desk-test-fixtures';
import { OrderActions } from './order-actions';

afterEach(() => vi.unstubAllGlobals());

const LINK = 'http://shop.test/test-checkout/cs_test_abc123';
const UNPAID = orderDetail({
  status: 'pending',
  paidAt: null,
  channel: 'manual',
  email: 'marie@example.fr',
  allowedActions: [],
  paymentUrl: LINK,
});

describe('an unpaid order taken with a payment link', () => {
  it('shows the link to copy and e-mails it to the customer again, once per click', async () => {
    const requests = stubDeskApi((r) =>
      r.method === 'POST' && r.url === '/api/admin/orders/SOL-1A2B3C4D/payment-link'
        ? json(202, { ok: true })
        : r.url === '/api/admin/orders/SOL-1A2B3C4D'
          ? json(200, UNPAID)
          : undefined,
    );
    const onChanged = vi.fn();
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<OrderActions order={UNPAID} onChanged={onChanged} />);

    expect(screen.queryByText('Nothing to do with this order now.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Payment link')).toHaveValue(LINK);
    await user.click(screen.getByRole('button', { name: 'Copy the link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('The payment link is copied.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'E-mail it to the customer' }));
    expect(await screen.findByText('The payment link is e-mailed to marie@example.fr.')).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        body: {},
        headers: expect.objectContaining({ 'idempotency-key': expect.any(String) }),
      }),
    ]);
    expect(onChanged).toHaveBeenCalledWith(UNPAID);
  });

  it('says there is nothing to do once no action and no link is left', () => {
    stubDeskApi();
    render(
      <OrderActions
        order={orderDetail({ status: 'cancelled', allowedActions: [], paymentUrl: null })}
        onChanged={() => {}}
      />,
    );
    expect(screen.getByText('Nothing to do with this order now.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Payment link')).not.toBeInTheDocument();
  });
});
