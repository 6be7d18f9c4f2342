// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../domain/orders/admin-api';
import { DeskApp } from './desk-app';
import {
  goTo,
  json,
  listResponse,
  OWNER_ME,
  orderDetail,
  type Recorded,
  stubDeskApi,
} from './desk-test-fixtures';

const TOKEN = 'owner-token';
const SESSION = { ok: true, expiresAt: '2026-11-23T10:00:00.000Z' };
const RETURN_ADDRESS = {
  name: 'Órla Byrne, trading as Solas',
  address: '12 Shop Street, Galway, Co. Galway, H91 A1B2, Ireland',
};

/** A small stateful desk API: a session flag and the orders, changed by the actions like the server would. */
function deskServer(initial: OrderDetail[], { signedIn = true } = {}) {
  let session = signedIn;
  const orders = new Map(initial.map((o) => [o.reference, o]));
  const requests = stubDeskApi(async (r: Recorded) => {
    const path = r.url.split('?')[0] ?? '';
    if (path === '/api/admin/session' && r.method === 'POST') {
      const { token } = r.body as { token: string };
      if (token !== TOKEN) return json(401, { ok: false, error: 'That token is not right' });
      session = true;
      return json(200, SESSION);
    }
    if (!session) return json(401, { ok: false, error: 'Sign in to use the order desk' });
    if (path === '/api/admin/session' && r.method === 'GET') return json(200, SESSION);
    if (path === '/api/admin/packing-slips') {
      const reference = new URL(r.url, 'http://desk').searchParams.get('reference');
      const one = reference === null ? undefined : orders.get(reference);
      if (reference !== null && !one) return json(404, { ok: false, error: 'No order with that reference' });
      return json(200, {
        orders: one ? [one] : [...orders.values()].filter((o) => o.status === 'in_production'),
        returnAddress: RETURN_ADDRESS,
      });
    }
    if (path === '/api/admin/session' && r.method === 'DELETE') {
      session = false;
      return new Response(null, { status: 204 });
    }
    if (path === '/api/admin/orders') {
      const status = new URL(r.url, 'http://desk').searchParams.get('status') ?? 'work';
      const shown = [...orders.values()].filter((o) =>
        status === 'work'
          ? o.status === 'paid' || o.status === 'in_production'
          : status === 'all' ||
            o.status === status ||
            (status === 'partially_refunded' && o.refunded > 0 && o.refunded < o.total),
      );
      return json(200, listResponse(shown));
    }
    const m = /^\/api\/admin\/orders\/([^/]+)(?:\/(\w+))?$/.exec(path);
    const order = m?.[1] ? orders.get(decodeURIComponent(m[1])) : undefined;
    if (!m || !order) return undefined;
    if (!m[2]) return json(200, order);
    const change = (next: Partial<OrderDetail>) => {
      const updated = { ...order, ...next };
      orders.set(order.reference, updated);
      return json(200, { ok: true, changed: true, order: updated });
    };
    if (m[2] === 'status')
      return change({ status: 'in_production', allowedActions: ['dispatch', 'refund', 'cancel'] });
    if (m[2] === 'dispatch') {
      const body = r.body as { carrier: 'an_post'; trackingNumber: string; trackingUrl?: string };
      return change({
        status: 'dispatched',
        allowedActions: ['deliver', 'refund'],
        dispatch: {
          ...body,
          trackingUrl: body.trackingUrl ?? null,
          dispatchedAt: '2026-11-22T12:00:00.000Z',
        },
      });
    }
    if (m[2] === 'refund') {
      const amount = (r.body as { amount?: number }).amount ?? order.refundable;
      if (amount > order.refundable)
        return json(409, { ok: false, error: 'That is more than is left to refund' });
      // As the server does: a refund in part changes no status; a refund of everything left ends the order.
      const refundable = order.refundable - amount;
      return change({
        ...(refundable === 0 ? { status: 'refunded' as const, allowedActions: [] } : {}),
        refunded: order.refunded + amount,
        refundable,
      });
    }
    return undefined;
  });
  return { requests, orders, signedIn: () => session };
}

beforeEach(() => {
  // The orders list (the first screen is Today: today-page.test.tsx).
  window.history.replaceState(null, '', '/admin#/orders');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing in', () => {
  it('asks for the token when there is no session, refuses a wrong one and opens the work list with the right one', async () => {
    const server = deskServer([orderDetail()], { signedIn: false });
    const user = userEvent.setup();
    render(<DeskApp />);
    const token = await screen.findByLabelText('Owner token');
    // The heading takes focus in an effect, which can run just after the form is found.
    const heading = screen.getByRole('heading', { level: 1, name: 'Order desk' });
    await waitFor(() => expect(heading).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the owner token.');

    await user.type(token, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That token is not right.');
    expect(token).toHaveAttribute('aria-invalid', 'true');

    await user.clear(token);
    await user.type(token, `${TOKEN}{Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Work to do' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /SOL-1A2B3C4D/ })).toBeInTheDocument();
    // The token is never kept by the browser: the session is the server's cookie.
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(server.signedIn()).toBe(true);
  });

  it('signs out on the server and shows the sign-in screen again', async () => {
    const server = deskServer([orderDetail()]);
    const user = userEvent.setup();
    render(<DeskApp />);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Owner token')).toBeInTheDocument();
    expect(screen.getByText('You are signed out.')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url === '/api/admin/session')).toBe(true);
    expect(server.signedIn()).toBe(false);
  });
});

describe('the orders list', () => {
  it('shows the status counts and an empty state for filters that match nothing', async () => {
    deskServer([orderDetail(), orderDetail({ reference: 'SOL-22222222', status: 'in_production' })]);
    const user = userEvent.setup();
    render(<DeskApp />);
    const counts = await screen.findByRole('navigation', { name: 'Orders by status' });
    expect(within(counts).getByRole('link', { name: 'Paid 1' })).toBeInTheDocument();
    expect(within(counts).getByRole('link', { name: 'In production 1' })).toBeInTheDocument();
    expect(screen.getByText('Orders 1–2 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'delivered');
    await user.click(screen.getByRole('button', { name: 'Show orders' }));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/orders?status=delivered');
    const delivered = screen.getByRole('heading', { level: 1, name: 'Delivered' });
    await waitFor(() => expect(delivered).toHaveFocus());
  });

  it('keeps a partly refunded order in the work to do, its status with "Partially refunded" beside it', async () => {
    deskServer([
      orderDetail({ status: 'in_production', refunded: 500, refundable: 6498 }),
      orderDetail({ reference: 'SOL-22222222' }),
    ]);
    render(<DeskApp />);
    const row = await screen.findByRole('link', { name: /SOL-1A2B3C4D/ });
    expect(within(row).getByText('In production')).toBeInTheDocument();
    expect(within(row).getByText('Partially refunded')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /SOL-22222222/ })).queryByText('Partially refunded'),
    ).not.toBeInTheDocument();
    const counts = screen.getByRole('navigation', { name: 'Orders by status' });
    expect(within(counts).getByRole('link', { name: 'In production 1' })).toBeInTheDocument();
    expect(within(counts).getByRole('link', { name: 'Partially refunded 1' })).toHaveAttribute(
      'href',
      '#/orders?status=partially_refunded',
    );
    expect(screen.getByRole('option', { name: 'Partially refunded' })).toHaveValue('partially_refunded');
  });

  it('sends the search, status and date range to the API', async () => {
    const server = deskServer([orderDetail()]);
    const user = userEvent.setup();
    render(<DeskApp />);
    await screen.findByRole('heading', { level: 1, name: 'Work to do' });
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await user.type(screen.getByLabelText('Search'), 'aoife');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Show orders' }));
    await waitFor(() =>
      expect(server.requests.at(-1)?.url).toBe(
        '/api/admin/orders?status=pending&q=aoife&from=2026-11-01&to=2026-11-30',
      ),
    );
  });

  it('says when the API cannot be reached', async () => {
    stubDeskApi(() => {
      throw new TypeError('Failed to fetch');
    });
    render(<DeskApp />);
    expect(await screen.findByText(/cannot be reached/)).toBeInTheDocument();
  });
});

describe('one order', () => {
  it('marks an order taken by phone or at a fair: how it was paid, and the owner’s own price with its reason', async () => {
    const base = orderDetail();
    deskServer([
      orderDetail({
        channel: 'manual',
        paymentMethod: 'cash',
        provider: 'test-checkout',
        paymentId: null,
        refundable: 0,
        lines: base.lines.map((l) => ({
          ...l,
          unitPrice: 3000,
          lineTotal: 6000,
          priceReason: 'Craft fair price',
        })),
      }),
    ]);
    goTo('#/orders/SOL-1A2B3C4D');
    render(<DeskApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SOL-1A2B3C4D' })).toBeInTheDocument();
    expect(await screen.findByText('Phone or fair')).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items of order SOL-1A2B3C4D' });
    expect(within(items).getByText('Your own price: Craft fair price')).toBeInTheDocument();
    expect(screen.getByText('Cash, recorded in the desk')).toBeInTheDocument();
    // No payment provider ever saw it.
    expect(screen.queryByText('Test checkout')).not.toBeInTheDocument();
  });

  it('names the gift cards’ part of the payment beside the checkout’s', async () => {
    deskServer([
      orderDetail({
        payments: [
          { method: 'card', amount: 2995 },
          { method: 'gift_card', amount: 1000, last4: '7KQM' },
        ],
      }),
    ]);
    goTo('#/orders/SOL-1A2B3C4D');
    render(<DeskApp />);
    expect(await screen.findByText('Test checkout (no money taken): €29.95')).toBeInTheDocument();
    expect(screen.getByText('Gift card ••••7KQM: €10.00')).toBeInTheDocument();
  });

  it('shows lines with sizes, the address, payment and timeline, and takes it from paid to dispatched', async () => {
    const server = deskServer([orderDetail()]);
    goTo('#/orders/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SOL-1A2B3C4D' })).toBeInTheDocument();
    const items = await screen.findByRole('table', { name: 'Items of order SOL-1A2B3C4D' });
    expect(within(items).getByText('Amber Glow Bracelet')).toBeInTheDocument();
    expect(within(items).getByText('Size M')).toBeInTheDocument();
    expect(screen.getByText('1 Main Street')).toBeInTheDocument();
    // The country by its name, not its code.
    expect(screen.getByText('Ireland')).toBeInTheDocument();
    expect(screen.queryByText('IE')).not.toBeInTheDocument();
    expect(screen.getByText('pi_test_123')).toBeInTheDocument();
    // How it was paid in words, never the provider's id.
    expect(screen.getByText('Test checkout (no money taken)')).toBeInTheDocument();
    expect(screen.queryByText(/test-checkout/)).not.toBeInTheDocument();
    // The payment id (a test checkout's, here) stays out of sight until the owner asks for it.
    expect(screen.getByText('pi_test_123')).not.toBeVisible();
    await user.click(screen.getByText('Show payment id'));
    expect(screen.getByText('pi_test_123')).toBeVisible();
    expect(screen.getByText('Paid €69.98')).toBeInTheDocument();

    // Double click: one request.
    await user.dblClick(screen.getByRole('button', { name: 'Start making' }));
    expect(await screen.findByText('Marked in production.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.endsWith('/status'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Start making' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Carrier'), 'dpd');
    await user.type(screen.getByLabelText('Tracking number'), 'DPD 123');
    expect(screen.getByLabelText(/Tracking link/)).toHaveValue(
      'https://www.dpd.ie/tracking?consignmentNumber=DPD%20123',
    );
    await user.dblClick(screen.getByRole('button', { name: 'Dispatch and e-mail the shopper' }));
    expect(await screen.findByText(/Dispatched\. The shopper gets/)).toBeInTheDocument();
    const dispatches = server.requests.filter((r) => r.url.endsWith('/dispatch'));
    expect(dispatches).toHaveLength(1);
    expect(dispatches[0]?.body).toEqual({
      carrier: 'dpd',
      trackingNumber: 'DPD 123',
      trackingUrl: 'https://www.dpd.ie/tracking?consignmentNumber=DPD%20123',
    });
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DPD 123' })).toHaveAttribute(
      'href',
      expect.stringContaining('dpd.ie'),
    );
  });

  it('asks for a tracking number and never sends an http tracking link', async () => {
    const server = deskServer([orderDetail({ status: 'in_production', allowedActions: ['dispatch'] })]);
    goTo('#/orders/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    await user.click(await screen.findByRole('button', { name: 'Dispatch and e-mail the shopper' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the tracking number.');
    await user.type(screen.getByLabelText('Tracking number'), '123');
    await user.clear(screen.getByLabelText(/Tracking link/));
    await user.type(screen.getByLabelText(/Tracking link/), 'http://track.example/123');
    await user.click(screen.getByRole('button', { name: 'Dispatch and e-mail the shopper' }));
    expect(screen.getByRole('alert')).toHaveTextContent('must start with https://');
    expect(server.requests.filter((r) => r.url.endsWith('/dispatch'))).toHaveLength(0);
  });

  it('refunds part after a confirmation, refusing more than is left before and after asking the server', async () => {
    const server = deskServer([
      orderDetail({
        status: 'dispatched',
        refunded: 998,
        refundable: 6000,
        allowedActions: ['deliver', 'refund'],
      }),
    ]);
    goTo('#/orders/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    expect(await screen.findByText('Left to refund: €60.00')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Part of it'));
    await user.type(screen.getByLabelText('Amount in euro'), '60.01');
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByRole('alert')).toHaveTextContent('more than what is left to refund (€60.00)');

    await user.clear(screen.getByLabelText('Amount in euro'));
    await user.type(screen.getByLabelText('Amount in euro'), '12,50');
    await user.type(screen.getByLabelText(/Reason/), 'One bead cracked');
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund €12.50?' });
    expect(dialog).toHaveTextContent('A test order: no real money moves back.');
    expect(dialog).not.toHaveTextContent(/test-checkout/);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Refund €12.50' }));
    expect(await screen.findByText('Refunded €12.50. The shopper gets an e-mail.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.endsWith('/refund')).map((r) => r.body)).toEqual([
      { amount: 1250, reason: 'One bead cracked' },
    ]);
    expect(screen.getByText('Left to refund: €47.50')).toBeInTheDocument();
  });

  it('keeps an order in production after a refund in part: same status and actions, nothing chosen to refund', async () => {
    const server = deskServer([
      orderDetail({ status: 'in_production', allowedActions: ['dispatch', 'refund', 'cancel'] }),
    ]);
    goTo('#/orders/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    expect(await screen.findByLabelText(/^Everything left/)).toBeChecked();
    await user.click(screen.getByLabelText('Part of it'));
    await user.type(screen.getByLabelText('Amount in euro'), '5');
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(await screen.findByRole('button', { name: 'Refund €5.00' }));
    expect(await screen.findByText('Refunded €5.00. The shopper gets an e-mail.')).toBeInTheDocument();

    // The making goes on: still in production, the money fact beside it, no "Start making" again.
    const heading = screen.getByRole('heading', { level: 1, name: /SOL-1A2B3C4D/ }).parentElement;
    expect(heading).not.toBeNull();
    expect(within(heading as HTMLElement).getByText('In production')).toBeInTheDocument();
    expect(within(heading as HTMLElement).getByText('Partially refunded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start making' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Dispatch' })).toBeInTheDocument();

    // The refund form comes back with nothing chosen, and says so rather than refunding everything.
    expect(screen.getByText('Left to refund: €64.98')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Everything left/)).not.toBeChecked();
    expect(screen.getByLabelText('Part of it')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose how much to refund.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.endsWith('/refund'))).toHaveLength(1);
  });

  it('sends one Idempotency-Key per submission and says when the server changed nothing', async () => {
    const order = orderDetail({
      status: 'dispatched',
      refundable: 6998,
      allowedActions: ['deliver', 'refund'],
    });
    let answered = 0;
    const requests = stubDeskApi((r) => {
      if (r.url === '/api/admin/session') return json(200, SESSION);
      if (r.url === '/api/admin/me') return json(200, OWNER_ME);
      if (!r.url.endsWith('/refund')) return json(200, order);
      answered += 1;
      // The first submission changes the order; the second is answered "nothing changed".
      const changed = answered === 1;
      return json(200, {
        ok: true,
        changed,
        order: changed ? { ...order, refunded: 500, refundable: 6498 } : order,
      });
    });
    goTo('#/orders/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    await user.click(await screen.findByLabelText('Part of it'));
    await user.type(screen.getByLabelText('Amount in euro'), '5');
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(await screen.findByRole('button', { name: 'Refund €5.00' }));
    expect(await screen.findByText('Refunded €5.00. The shopper gets an e-mail.')).toBeInTheDocument();

    await user.click(screen.getByLabelText(/^Everything left/));
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(await screen.findByRole('button', { name: /^Refund €/ }));
    expect(await screen.findByText(/^Nothing changed/)).toBeInTheDocument();
    expect(screen.queryByText(/^Refunded €/)).not.toBeInTheDocument();

    const keys = requests.filter((r) => r.url.endsWith('/refund')).map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("shows the server's refusal of a refund", async () => {
    deskServer([orderDetail({ refundable: 500, allowedActions: ['refund'] })]);
    // The desk believes €5.00 is left; the server knows less is (a refund made in the dashboard meanwhile).
    const requests = stubDeskApi((r) =>
      r.url === '/api/admin/session'
        ? json(200, SESSION)
        : r.url === '/api/admin/me'
          ? json(200, OWNER_ME)
          : r.url.endsWith('/refund')
            ? json(409, { ok: false, error: 'That is more than is left to refund' })
            : json(
                200,
                r.url.includes('/orders/')
                  ? orderDetail({ refundable: 500, allowedActions: ['refund'] })
                  : listResponse([]),
              ),
    );
    goTo('#/orders/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    await user.click(await screen.findByRole('button', { name: 'Refund €5.00' }));
    expect(await screen.findByText('That is more than is left to refund')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.endsWith('/refund'))).toHaveLength(1);
  });

  it('shows the session ending mid-work as the sign-in screen', async () => {
    const server = deskServer([orderDetail()]);
    goTo('#/orders/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    await screen.findByRole('button', { name: 'Start making' });
    stubDeskApi(() => json(401, { ok: false, error: 'Sign in to use the order desk' }));
    await user.click(screen.getByRole('button', { name: 'Start making' }));
    expect(await screen.findByLabelText('Owner token')).toBeInTheDocument();
    expect(screen.getByText('Sign in to use the order desk')).toBeInTheDocument();
    expect(server.orders.get('SOL-1A2B3C4D')?.status).toBe('paid');
  });

  it('says so when the reference is unknown', async () => {
    deskServer([]);
    goTo('#/orders/SOL-NOPE');
    render(<DeskApp />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No order with that reference');
  });
});

describe('VAT on the order', () => {
  it('shows the VAT the total includes when the shop charges VAT, nothing of VAT otherwise', async () => {
    deskServer([
      orderDetail({ vatIncluded: 1309 }),
      orderDetail({ reference: 'SOL-22222222', vatIncluded: null }),
    ]);
    goTo('#/orders/SOL-1A2B3C4D');
    const { unmount } = render(<DeskApp />);
    expect(await screen.findByText('€13.09 VAT included')).toBeInTheDocument();
    unmount();
    goTo('#/orders/SOL-22222222');
    render(<DeskApp />);
    await screen.findByRole('heading', { level: 1, name: 'Order SOL-22222222' });
    expect(screen.queryByText(/VAT included/)).not.toBeInTheDocument();
  });
});

describe("the order's VAT in the shopper's e-mail's words", () => {
  // Each scheme as the payment settled it (server/checkout/checkout-vat.test.ts holds the e-mail and the
  // desk's answer to the same sentence).
  const SELLER = { sellerName: 'Solas Jewellery', vatNumber: 'IE1234567T' };
  const line = (rate: number, vat: number) => ({ rate, net: 6998 - vat, vat });
  it.each([
    {
      scheme: 'intra_community',
      country: 'DE',
      lines: [line(0, 0)],
      text: 'Intra-Community supply, exempt under Article 138 of Directive 2006/112/EC; VAT to be accounted for by the customer (reverse charge): no VAT is charged.',
    },
    {
      scheme: 'export',
      country: 'US',
      lines: [line(0, 0)],
      text: 'Export outside the EU, exempt under Article 146 of Directive 2006/112/EC: no VAT is charged.',
    },
    {
      scheme: 'none',
      country: 'IE',
      lines: [line(0, 0)],
      text: 'Solas Jewellery is not registered for VAT: no VAT is charged on this order.',
    },
    {
      scheme: 'domestic',
      country: 'IE',
      lines: [line(2300, 1309)],
      text: '€13.09 VAT included in the total, at 23% (VAT number IE1234567T).',
    },
    {
      scheme: 'oss',
      country: 'FR',
      lines: [line(2000, 1166)],
      text: '€11.66 VAT included in the total, at 20% (VAT number IE1234567T). VAT of France charged under the Union One-Stop Shop scheme (Articles 369a-369k of Directive 2006/112/EC).',
    },
    {
      scheme: 'uk',
      country: 'GB',
      lines: [line(2000, 1166)],
      text: '€11.66 VAT included in the total, at 20% UK VAT.',
    },
  ] as const)("states a $scheme order's VAT under its total", async ({ scheme, country, lines, text }) => {
    const totalVat = lines.reduce((s, l) => s + l.vat, 0);
    const vat = {
      country,
      scheme,
      lines: [...lines],
      totalNet: 6998 - totalVat,
      totalVat,
    };
    deskServer([
      orderDetail({
        vat,
        vatStatement: {
          vat: { scheme, country, totalVat, rates: lines.filter((l) => l.vat > 0).map((l) => l.rate) },
          ...SELLER,
        },
        vatIncluded: totalVat,
      }),
    ]);
    goTo('#/orders/SOL-1A2B3C4D');
    render(<DeskApp />);
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByText(text)).toBeInTheDocument();
    expect(within(items).queryByText(/^€0\.00 VAT included/)).toBeNull();
  });
});

describe('packing slips', () => {
  it('warns before printing the slip of a refunded or cancelled order', async () => {
    deskServer([orderDetail({ status: 'refunded', refunded: 6998, refundable: 0, allowedActions: [] })]);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    goTo('#/slips/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    expect(await screen.findByRole('alert')).toHaveTextContent('SOL-1A2B3C4D is refunded');
    await user.click(screen.getByRole('button', { name: 'Print the slip' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Print the slip of a refunded order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(print).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Print the slip' }));
    await user.click(await screen.findByRole('button', { name: 'Print anyway' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints the slip of an order in production at once', async () => {
    deskServer([orderDetail({ status: 'in_production' })]);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    goTo('#/slips/SOL-1A2B3C4D');
    const user = userEvent.setup();
    render(<DeskApp />);
    await user.click(await screen.findByRole('button', { name: 'Print the slip' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('prints items with sizes, the gift message and a QR code of the desk link, and no prices on a gift', async () => {
    deskServer([
      orderDetail({
        giftWrapped: true,
        giftWrap: 400,
        giftMessage: 'Happy birthday, Niamh!',
        status: 'in_production',
      }),
    ]);
    goTo('#/slips/SOL-1A2B3C4D');
    render(<DeskApp />);
    const slip = await screen.findByRole('article', { name: 'Packing slip SOL-1A2B3C4D' });
    expect(within(slip).getByText('Amber Glow Bracelet')).toBeInTheDocument();
    expect(within(slip).getByText('Medium')).toBeInTheDocument();
    expect(within(slip).getByText('Happy birthday, Niamh!')).toBeInTheDocument();
    expect(within(slip).getByText('H91 X2Y3')).toBeInTheDocument();
    expect(within(slip).getByText('24 Nov 2026')).toBeInTheDocument();
    expect(within(slip).queryByText(/€/)).not.toBeInTheDocument();
    const qr = await within(slip).findByRole('img', { name: 'QR code: desk link of order SOL-1A2B3C4D' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('prints every order in production, with prices when not a gift', async () => {
    deskServer([
      orderDetail({ status: 'in_production' }),
      orderDetail({ reference: 'SOL-22222222', status: 'in_production' }),
      orderDetail({ reference: 'SOL-33333333', status: 'paid' }),
    ]);
    goTo('#/slips');
    render(<DeskApp />);
    expect(await screen.findByRole('button', { name: 'Print 2 slips' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const first = screen.getAllByRole('article')[0] as HTMLElement;
    expect(
      within(first).getByRole('row', { name: 'Amber Glow Bracelet Medium 2 €69.98' }),
    ).toBeInTheDocument();
    // A slip travels in the parcel: prices of the lines, but no total (docs/product/desk.md §10.10).
    expect(within(first).queryByText(/Total/)).not.toBeInTheDocument();
    expect(within(first).getByRole('region', { name: 'Return address' })).toHaveTextContent(
      RETURN_ADDRESS.name,
    );
  });

  it("prints the seller's return address, column headers apart, and no total even when refunded in part", async () => {
    const server = deskServer([
      orderDetail({ status: 'in_production', discount: 700, refunded: 500, refundable: 6498 }),
    ]);
    goTo('#/slips/SOL-1A2B3C4D');
    render(<DeskApp />);
    const slip = await screen.findByRole('article', { name: 'Packing slip SOL-1A2B3C4D' });
    const back = within(slip).getByRole('region', { name: 'Return address' });
    expect(within(back).getByText('Órla Byrne, trading as Solas')).toBeInTheDocument();
    // One line of SELLER_ADDRESS becomes the lines of a postal address.
    for (const line of ['12 Shop Street', 'Galway', 'Co. Galway', 'H91 A1B2', 'Ireland']) {
      expect(within(back).getByText(line, { exact: true })).toBeInTheDocument();
    }
    expect(within(slip).queryByText(/Total|Discount|refund/i)).not.toBeInTheDocument();
    expect(within(slip).queryByText('€62.98')).not.toBeInTheDocument();
    // Every column but the first keeps its distance from the one before, on screen and in print.
    const headers = within(slip).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Item', 'Size', 'Qty', 'Price']);
    for (const header of headers.slice(1)) expect(header).toHaveClass('slip-column');
    expect(server.requests.map((r) => r.url)).toContain('/api/admin/packing-slips?reference=SOL-1A2B3C4D');
  });
});

describe('exports', () => {
  it('links the CSV downloads for a date range and refuses a reversed range', async () => {
    deskServer([]);
    goTo('#/exports');
    const user = userEvent.setup();
    render(<DeskApp />);
    await user.clear(await screen.findByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-10-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-10-31');
    expect(screen.getByRole('link', { name: 'Download orders CSV' })).toHaveAttribute(
      'href',
      '/api/admin/orders.csv?from=2026-10-01&to=2026-10-31',
    );
    expect(screen.getByRole('link', { name: 'Download newsletter CSV' })).toHaveAttribute(
      'href',
      '/api/admin/newsletter.csv',
    );
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-09-30');
    expect(screen.getByRole('alert')).toHaveTextContent('not after the last');
    expect(screen.queryByRole('link', { name: 'Download orders CSV' })).not.toBeInTheDocument();
  });
});
