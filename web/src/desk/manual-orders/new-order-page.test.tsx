// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManualOrderCreated, ManualOrderTotals } from '../../../../domain/orders/manual-order';
import { adminProduct } from '../catalogue/product-test-fixtures';
import { refusedField } from './manual-orders-api';
import { NewOrderPage } from './new-order-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRODUCTS = [
  adminProduct({ id: '3', name: 'Tawny Strand', price: 3500 }),
  adminProduct({ id: '5', name: 'Fuchsia Hedgerow', price: 3000 }),
  adminProduct({ id: '6', name: 'Sea Thrift', price: 3000, status: 'paused' }),
];

const PREVIEW: ManualOrderTotals = {
  lines: [
    {
      id: '3',
      name: 'Tawny Strand',
      size: 'M',
      quantity: 2,
      unitPrice: 3000,
      listPrice: 3500,
      lineTotal: 6000,
      reason: 'Fair price',
    },
  ],
  subtotal: 6000,
  shipping: 0,
  giftWrap: 0,
  total: 6000,
};

function shop(answer: (body: Record<string, unknown>, headers: Headers) => Response) {
  const posted: { url: string; body: Record<string, unknown>; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/products') return json(200, { ok: true, products: PRODUCTS });
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      const headers = new Headers(init?.headers);
      if (url === '/api/admin/orders/preview') return json(200, { ok: true, preview: PREVIEW });
      if (url === '/api/admin/orders' && init?.method === 'POST') {
        posted.push({ url, body, headers });
        return answer(body, headers);
      }
      throw new Error(`unexpected ${url}`);
    }),
  );
  return posted;
}

async function fillCustomer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Siobhán Murphy');
  await user.type(screen.getByLabelText('E-mail'), 'siobhan@example.ie');
  await user.type(screen.getByLabelText('Address'), '12 Main Street');
  await user.type(screen.getByLabelText('Town or city'), 'Kilkenny');
}

describe('New order in the desk', () => {
  it('takes a craft-fair order marked paid: her own price with its reason, the server’s total, the result', async () => {
    const user = userEvent.setup();
    const created: ManualOrderCreated = {
      ok: true,
      order: {
        ...PREVIEW,
        reference: 'SOL-FAIR1234',
        status: 'paid',
        channel: 'manual',
        paymentMethod: 'card_reader',
      },
    };
    const posted = shop(() => json(201, created));
    render(<NewOrderPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument();

    // Only bracelets on sale are found.
    await user.type(screen.getByLabelText('Find a bracelet'), 'a');
    const found = await screen.findByRole('list', { name: 'Bracelets found' });
    expect(within(found).queryByRole('button', { name: /Sea Thrift/ })).toBeNull();
    await user.click(within(found).getByRole('button', { name: /Add Tawny Strand/ }));
    // The focus moves to the new line's size.
    expect(screen.getByLabelText('Size of Tawny Strand')).toHaveFocus();
    await user.clear(screen.getByLabelText('Quantity of Tawny Strand'));
    await user.type(screen.getByLabelText('Quantity of Tawny Strand'), '2');
    await user.clear(screen.getByLabelText('Price of one Tawny Strand (€)'));
    await user.type(screen.getByLabelText('Price of one Tawny Strand (€)'), '30');

    // Her own price without a reason: said under the field, which takes the focus; nothing is sent.
    await fillCustomer(user);
    await user.selectOptions(screen.getByLabelText('Paid by'), 'card_reader');
    await user.click(screen.getByRole('button', { name: 'Make the order, paid' }));
    const reason = screen.getByLabelText(/Reason for the price of Tawny Strand/);
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('Say why this line has its own price.');
    expect(posted).toHaveLength(0);
    await user.type(reason, 'Fair price');

    // The server's total, from its preview.
    const totals = screen.getByRole('region', { name: 'Total' });
    await waitFor(() =>
      expect(within(totals).getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        '€60.00',
      ),
    );
    expect(within(totals).getByText(/at your price: Fair price/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make the order, paid' }));
    const made = await screen.findByRole('heading', { name: 'Order SOL-FAIR1234 made' });
    expect(made).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Open order SOL-FAIR1234' })).toHaveAttribute(
      'href',
      '#/orders/SOL-FAIR1234',
    );
    expect(screen.getByText(/Paid \(Card reader\), €60\.00: it is in the making queue/)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.headers.get('Idempotency-Key')).toMatch(/.+/);
    expect(posted[0]?.body).toEqual({
      items: [{ id: '3', size: 'M', quantity: 2, unitPrice: 3000, reason: 'Fair price' }],
      customer: {
        name: 'Siobhán Murphy',
        email: 'siobhan@example.ie',
        address: { line1: '12 Main Street', city: 'Kilkenny', country: 'IE' },
      },
      zone: 'IE',
      giftWrap: false,
      payment: 'paid',
      method: 'card_reader',
    });
  });

  it('hands a fair sale over on the spot: no customer or address asked, no shipping, not queued', async () => {
    const user = userEvent.setup();
    const created: ManualOrderCreated = {
      ok: true,
      order: {
        ...PREVIEW,
        lines: [
          {
            size: 'M',
            id: '5',
            name: 'Fuchsia Hedgerow',
            quantity: 1,
            unitPrice: 3000,
            listPrice: 3000,
            lineTotal: 3000,
            reason: null,
          },
        ],
        subtotal: 3000,
        total: 3000,
        reference: 'SOL-HAND1234',
        status: 'delivered',
        channel: 'handed_over',
        paymentMethod: 'cash',
      },
    };
    const posted = shop(() => json(201, created));
    render(<NewOrderPage />);
    await user.type(screen.getByLabelText('Find a bracelet'), 'Fuchsia');
    await user.click(await screen.findByRole('button', { name: /Add Fuchsia Hedgerow/ }));
    await user.click(screen.getByLabelText('Paid and handed over now: nothing to post, no address'));
    // Nobody's name, e-mail or address, and nothing to e-mail.
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByLabelText(/E-mail the customer/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Make the order, handed over' }));
    expect(await screen.findByRole('heading', { name: 'Order SOL-HAND1234 made' })).toHaveFocus();
    expect(
      screen.getByText(/Paid \(Cash\), €30\.00, and handed over: nothing to make or post/),
    ).toBeInTheDocument();
    expect(posted.map((p) => p.body)).toEqual([
      {
        items: [{ id: '5', size: 'M', quantity: 1 }],
        zone: 'IE',
        giftWrap: false,
        payment: 'paid',
        method: 'cash',
        handedOver: true,
      },
    ]);
  });

  it('sends a payment link: the link to copy; a refusal shows under the field it names', async () => {
    const user = userEvent.setup();
    let first = true;
    const posted = shop(() => {
      if (first) {
        first = false;
        return json(400, { ok: false, error: 'customer.address.country: FR is not in the zone Ireland' });
      }
      return json(201, {
        ok: true,
        order: {
          ...PREVIEW,
          reference: 'SOL-LINK1234',
          status: 'pending',
          channel: 'manual',
          paymentMethod: null,
        },
        paymentUrl: 'http://shop.test/test-checkout/cs_test_abc123',
      });
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<NewOrderPage />);
    await user.type(screen.getByLabelText('Find a bracelet'), 'Fuchsia');
    await user.click(await screen.findByRole('button', { name: /Add Fuchsia Hedgerow/ }));
    await fillCustomer(user);
    const country = screen.getByLabelText('Country code');
    await user.clear(country);
    await user.type(country, 'FR');
    await user.click(screen.getByLabelText('Send a payment link: the customer pays by card'));
    expect(screen.queryByLabelText('Paid by')).toBeNull();
    await user.click(screen.getByLabelText('E-mail the payment link to the customer'));
    await user.click(screen.getByRole('button', { name: 'Make the order and its payment link' }));

    await waitFor(() => expect(screen.getByLabelText('Country code')).toHaveFocus());
    expect(screen.getByLabelText('Country code')).toHaveAccessibleDescription(
      expect.stringContaining('FR is not in the zone Ireland'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The order was not made: FR is not in the zone Ireland',
    );

    await user.selectOptions(screen.getByLabelText('Delivery zone'), 'EU');
    await user.click(screen.getByRole('button', { name: 'Make the order and its payment link' }));
    expect(await screen.findByRole('heading', { name: 'Order SOL-LINK1234 made' })).toHaveFocus();
    expect(screen.getByLabelText('Payment link')).toHaveValue(
      'http://shop.test/test-checkout/cs_test_abc123',
    );
    await user.click(screen.getByRole('button', { name: 'Copy the link' }));
    expect(writeText).toHaveBeenCalledWith('http://shop.test/test-checkout/cs_test_abc123');
    expect(await screen.findByText('The payment link is copied.')).toBeInTheDocument();
    expect(posted[1]?.body).toMatchObject({ zone: 'EU', payment: 'link', emailCustomer: true });
    expect(posted[1]?.body).not.toHaveProperty('method');
  });

  it('reads the field a refusal names', () => {
    expect(refusedField('items[0].reason: say why')).toEqual({ field: 'items[0].reason', text: 'say why' });
    expect(refusedField('customer.email: not an address')).toEqual({
      field: 'customer.email',
      text: 'not an address',
    });
    expect(refusedField('The payment provider could not be reached.')).toBeNull();
  });
});
