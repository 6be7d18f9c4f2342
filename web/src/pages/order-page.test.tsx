// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIND_ORDER_ANSWER,
  FIND_ORDER_LIMITED,
  type OrderPage as Order,
} from '../../../domain/orders/order-page';
import { HashRouter } from '../lib/router';
import { OrderLookupPage } from './order-lookup-page';
import { OrderPage } from './order-page';

const KEY = 'A'.repeat(32);
const ORDER: Order = {
  reference: 'SOL-ABCDEFGH',
  testOrder: false,
  timeline: [
    { step: 'paid', label: 'Paid', at: '2026-11-20T10:00:00.000Z', state: 'done' },
    { step: 'in-production', label: 'Being made', at: null, state: 'done' },
    { step: 'dispatched', label: 'Dispatched', at: '2026-11-23T10:00:00.000Z', state: 'current' },
    { step: 'delivered', label: 'Delivered', at: null, state: 'upcoming' },
  ],
  tracking: { carrier: 'An Post', url: 'https://track.example/123' },
  dispatchDate: '2026-11-23',
  deliveryEstimate: { earliest: '2026-11-26', latest: '2026-11-30' },
  lines: [
    { position: 0, name: 'First Light', quantity: 2, unitPrice: 4000, lineTotal: 8000, size: 'M' },
    { position: 1, name: 'Sea Glass', quantity: 1, unitPrice: 3500, lineTotal: 3500, size: null },
  ],
  giftMessage: 'Happy birthday, Niamh!',
  subtotal: 11500,
  shipping: 0,
  giftWrap: 350,
  total: 11850,
  refunded: 0,
  vatIncluded: null,
  zoneLabel: 'Ireland',
  address: ['Ciara Walsh', '4 Quay Street', 'Galway', 'H91 AB12', 'Ireland'],
  withdrawal: { open: true, until: '2026-12-14', sent: null, ended: null },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('meta[name="referrer"]').forEach((m) => {
    m.remove();
  });
});

function openOrderPage() {
  window.location.hash = `#/order/SOL-ABCDEFGH?key=${KEY}`;
  return render(
    <HashRouter>
      <OrderPage />
    </HashRouter>,
  );
}

/** The order refunded in full, or cancelled (and refunded), at `at`. */
function endedOrder(kind: 'refunded' | 'cancelled', at: string): Order {
  return {
    ...ORDER,
    refunded: ORDER.total,
    withdrawal: { ...ORDER.withdrawal, open: false, ended: { kind, at } },
  };
}

const NO_INVOICE = { ok: true, invoice: null, creditNotes: [] };

/** Opens the page with the API answering `order` (and no invoice, unless `invoices` says). */
function showOrder(order: Order, invoices: unknown = NO_INVOICE) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/order-page/invoices' ? json(200, invoices) : json(200, { ok: true, order }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { ...openOrderPage(), fetchMock };
}

describe('OrderPage', () => {
  it('asks with the key in the body and shows the timeline, dates, lines, gift message, totals and address', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true, order: ORDER }));
    vi.stubGlobal('fetch', fetchMock);
    openOrderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/order-page');
    expect(JSON.parse(String(init.body))).toEqual({ reference: 'SOL-ABCDEFGH', key: KEY });
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');

    const status = screen.getByRole('list', { name: 'Order status' });
    const steps = within(status).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Paid'),
      expect.stringContaining('Being made'),
      expect.stringContaining('Dispatched'),
      expect.stringContaining('Delivered'),
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(within(status).getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://track.example/123',
    );
    expect(screen.getByText('Dispatch').nextElementSibling).toHaveTextContent('Monday 23 November');
    expect(screen.getByText('Thursday 26 November – Monday 30 November')).toBeInTheDocument();
    expect(screen.getByText('2 × €40.00, Medium')).toBeInTheDocument();
    expect(screen.getByText('Happy birthday, Niamh!')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Total paid €118.50' })).toBeInTheDocument();
    expect(screen.getByText('4 Quay Street')).toBeInTheDocument();
  });

  it('shows the split under the total when gift cards paid: each card’s part, then the card’s', async () => {
    showOrder({
      ...ORDER,
      payments: [
        { method: 'gift_card', amount: 1000, last4: '7KQM' },
        { method: 'card', amount: ORDER.total - 1000 },
      ],
    });
    const card = await screen.findByRole('rowheader', { name: 'Gift card ••••7KQM' });
    expect(card.nextElementSibling).toHaveTextContent('€10.00');
    expect(screen.getByRole('rowheader', { name: 'Card' })).toBeInTheDocument();
  });

  it('lists the gift cards it bought among its lines, above the totals that count them', async () => {
    showOrder({
      ...ORDER,
      lines: [ORDER.lines[1] as Order['lines'][number]],
      subtotal: 3500 + 5000,
      giftWrap: 0,
      total: 8500,
      giftCardsBought: [{ last4: '7KQM', amount: 5000, sendOn: '2999-12-24' }],
    });
    const table = await screen.findByRole('table', { name: 'Items and totals' });
    const rows = within(table).getAllByRole('row');
    const card = rows.findIndex((r) => r.textContent?.includes('Gift card ••••7KQM'));
    const subtotal = rows.findIndex((r) => r.textContent?.startsWith('Subtotal'));
    expect(card).toBeGreaterThan(0);
    expect(card).toBeLessThan(subtotal);
    expect(rows[card]).toHaveTextContent(
      'Gift card ••••7KQMTo be e-mailed to its recipient on 24 December€50.00',
    );
    expect(rows[subtotal]).toHaveTextContent('€85.00');
  });

  it('names no delivery for gift cards alone: they are e-mailed', async () => {
    showOrder({
      ...ORDER,
      lines: [],
      subtotal: 5000,
      giftWrap: 0,
      total: 5000,
      giftCardsBought: [{ last4: '7KQM', amount: 5000, sendOn: '2026-11-20' }],
    });
    const table = await screen.findByRole('table', { name: 'Items and totals' });
    expect(within(table).getByText('E-mailed to its recipient on 20 November')).toBeInTheDocument();
    expect(within(table).queryByText(/^Delivery/)).toBeNull();
  });

  it('says "€7.48 VAT included" under the total when the shop charges VAT, and nothing of VAT otherwise', async () => {
    const { unmount } = showOrder({ ...ORDER, vatIncluded: 748 });
    expect(await screen.findByText('€7.48 VAT included')).toBeInTheDocument();
    unmount();
    showOrder(ORDER);
    await screen.findByRole('heading', { name: 'Your order' });
    expect(screen.queryByText(/VAT/)).not.toBeInTheDocument();
  });

  // Each scheme as the payment settled it, in the words of the confirmation e-mail
  // (server/checkout/checkout-vat.test.ts holds the e-mail, this page's answer and the desk's to them).
  const SELLER = { sellerName: 'Solas Jewellery', vatNumber: 'IE1234567T' };
  it.each([
    {
      scheme: 'intra_community',
      vat: { scheme: 'intra_community', country: 'DE', totalVat: 0, rates: [] },
      text: 'Intra-Community supply, exempt under Article 138 of Directive 2006/112/EC; VAT to be accounted for by the customer (reverse charge): no VAT is charged.',
    },
    {
      scheme: 'export',
      vat: { scheme: 'export', country: 'US', totalVat: 0, rates: [] },
      text: 'Export outside the EU, exempt under Article 146 of Directive 2006/112/EC: no VAT is charged.',
    },
    {
      scheme: 'none',
      vat: { scheme: 'none', country: 'IE', totalVat: 0, rates: [] },
      text: 'Solas Jewellery is not registered for VAT: no VAT is charged on this order.',
    },
    {
      scheme: 'domestic',
      vat: { scheme: 'domestic', country: 'IE', totalVat: 2216, rates: [2300] },
      text: '€22.16 VAT included in the total, at 23% (VAT number IE1234567T).',
    },
    {
      scheme: 'oss',
      vat: { scheme: 'oss', country: 'FR', totalVat: 1975, rates: [2000] },
      text: '€19.75 VAT included in the total, at 20% (VAT number IE1234567T). VAT of France charged under the Union One-Stop Shop scheme (Articles 369a-369k of Directive 2006/112/EC).',
    },
    {
      scheme: 'uk',
      vat: { scheme: 'uk', country: 'GB', totalVat: 1975, rates: [2000] },
      text: '€19.75 VAT included in the total, at 20% UK VAT.',
    },
  ] as const)("states a $scheme order's VAT under the total as its e-mail does", async ({ vat, text }) => {
    showOrder({
      ...ORDER,
      vatIncluded: vat.totalVat,
      vatStatement: { vat: { ...vat, rates: [...vat.rates] }, ...SELLER },
    });
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByText(text)).toBeInTheDocument();
    expect(within(items).queryByText(/^€0\.00 VAT included/)).toBeNull();
  });

  it('says a refunded order was refunded (and when), not that a period to cancel has ended', async () => {
    showOrder(endedOrder('refunded', '2026-11-24T15:00:00.000Z'));
    const section = await screen.findByRole('region', { name: 'Cancel your order' });
    expect(section).toHaveTextContent(
      'This order was refunded in full (€118.50) on Tuesday 24 November: there is nothing left to cancel.',
    );
    expect(section).not.toHaveTextContent(/period .* has ended/);
    expect(screen.getByRole('row', { name: 'Refunded €118.50' })).toBeInTheDocument();
  });

  it('says a refunded order is refunded and promises no dispatch, delivery or review', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      json(200, { ok: true, order: endedOrder('refunded', '2026-11-24T15:00:00.000Z') }),
    );
    vi.stubGlobal('fetch', fetchMock);
    openOrderPage();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(status).toHaveTextContent(
      'This order was refunded in full (€118.50): nothing more will be made or sent for it.',
    );
    expect(within(status).queryByText('Dispatch')).toBeNull();
    expect(within(status).queryByText('Expected delivery')).toBeNull();
    await screen.findByRole('region', { name: 'Cancel your order' });
    // No "you can review once it has been delivered": its reviews are not even asked for (its invoice and
    // credit notes are).
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
        '/api/order-page',
        '/api/order-page/invoices',
      ]),
    );
  });

  it('says a cancelled order was cancelled, and when', async () => {
    showOrder(endedOrder('cancelled', '2026-11-21T09:00:00.000Z'));
    const section = await screen.findByRole('region', { name: 'Cancel your order' });
    expect(section).toHaveTextContent('This order was cancelled on Saturday 21 November');
    expect(section).not.toHaveTextContent(/has ended/);
  });

  it('keeps the right to cancel the rest of a partly refunded order', async () => {
    showOrder({ ...ORDER, refunded: 500 });
    const section = await screen.findByRole('region', { name: 'Cancel your order' });
    expect(section).toHaveTextContent('€5.00 of this order has been refunded.');
    expect(section).toHaveTextContent('You may cancel this order within 14 days');
    expect(within(section).getByRole('button', { name: 'Use the withdrawal form' })).toBeInTheDocument();
  });

  it('sends the withdrawal form (items, optional reason, name) and shows the notice received', async () => {
    const user = userEvent.setup();
    const sent = {
      ...ORDER,
      withdrawal: {
        open: false,
        until: '2026-12-14',
        sent: { at: '2026-11-24T09:00:00.000Z', lines: ['1 x Sea Glass'] },
        ended: null,
      },
    };
    // The page's own requests in turn; its reviews block (a request of its own) finds nothing here.
    const pageAnswers = [json(200, { ok: true, order: ORDER }), json(200, { ok: true, order: sent })];
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/order-page/reviews'
        ? json(404, { ok: false })
        : url === '/api/order-page/invoices'
          ? json(200, NO_INVOICE)
          : (pageAnswers.shift() ?? json(500, {})),
    );
    vi.stubGlobal('fetch', fetchMock);
    openOrderPage();
    expect(await screen.findByText(/You may cancel this order within 14 days/)).toHaveTextContent(
      'until Monday 14 December',
    );
    await user.click(screen.getByRole('button', { name: 'Use the withdrawal form' }));
    const form = screen.getByRole('group', {
      name: 'I hereby give notice that I withdraw from my contract of sale of the following goods:',
    });
    await user.click(within(form).getByRole('checkbox', { name: '2 × First Light (Medium)' }));
    await user.click(screen.getByRole('button', { name: 'Send withdrawal notice' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name.');
    await user.type(screen.getByLabelText('Your name'), 'Ciara Walsh');
    await user.type(screen.getByLabelText('Reason (optional)'), 'Too small');
    await user.click(screen.getByRole('button', { name: 'Send withdrawal notice' }));
    expect(await screen.findByText(/Withdrawal notice received on Tuesday 24 November/)).toBeInTheDocument();
    const withdrawal = fetchMock.mock.calls.find(
      ([url]) => url === '/api/order-page/withdrawal',
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(withdrawal[1].body))).toEqual({
      reference: 'SOL-ABCDEFGH',
      key: KEY,
      lines: [1],
      name: 'Ciara Walsh',
      reason: 'Too small',
    });
    // Focus moves in the frame after the notice renders (requestAnimationFrame in the page).
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Cancel your order' })).toHaveFocus());
  });

  it('says the same for a wrong key and an unknown order, and offers to find it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { ok: false, error: 'x' })),
    );
    openOrderPage();
    const notFound = await screen.findByRole('heading', { name: 'Order not found' });
    // Focused by an effect, which may run a moment after the heading is on screen.
    await waitFor(() => expect(notFound).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Find your order' })).toHaveAttribute('href', '#/order');
  });
});

describe("the order page's invoice", () => {
  const url = (file: string) => `/api/orders/SOL-ABCDEFGH/${file}?key=${KEY}`;

  it('asks for it with the key in the body once the order has loaded, then links the invoice and its credit notes', async () => {
    let answer: (r: Response) => void = () => {};
    const invoices = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const fetchMock = vi.fn(async (u: string) =>
      u === '/api/order-page/invoices' ? invoices : json(200, { ok: true, order: ORDER }),
    );
    vi.stubGlobal('fetch', fetchMock);
    openOrderPage();
    const items = await screen.findByRole('region', { name: 'Items' });
    // The request leaves in an effect after the order has rendered: wait for it, not for a render count.
    expect(await within(items).findByRole('status')).toHaveTextContent('Looking for your invoice…');
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/order-page/invoices', expect.anything()),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/order-page/invoices') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body))).toEqual({ reference: 'SOL-ABCDEFGH', key: KEY });

    answer(
      json(200, {
        ok: true,
        invoice: { number: '2026-000012', url: url('invoice.pdf') },
        creditNotes: [{ number: 'CN-2026-000003', url: url('credit-notes/CN-2026-000003.pdf') }],
      }),
    );
    const link = await within(items).findByRole('link', { name: 'Download your invoice 2026-000012 (PDF)' });
    expect(link).toHaveAttribute('href', url('invoice.pdf'));
    expect(
      within(items).getByRole('link', { name: 'Download your credit note CN-2026-000003 (PDF)' }),
    ).toHaveAttribute('href', url('credit-notes/CN-2026-000003.pdf'));
    expect(within(items).queryByRole('status')).toBeNull();
  });

  it('shows a VAT-registered business its reverse-charge line and links its invoice', async () => {
    // A German business's Tawny Strand (€35.00) with gift wrap to Berlin, reverse charged: the Irish VAT
    // inside the piece comes off it as its own line, the shipping and the wrap are charged net (as the
    // server answers: checkout-vat.test.ts).
    const business: Order = {
      ...ORDER,
      lines: [
        { position: 0, name: 'Tawny Strand', quantity: 1, unitPrice: 3500, lineTotal: 3500, size: 'M' },
      ],
      subtotal: 3500,
      discount: 654,
      discountCode: null,
      discountLabel: 'VAT (reverse charge)',
      shipping: 809,
      giftWrap: 285,
      total: 3940,
      vatIncluded: 0,
      zoneLabel: 'European Union',
      address: ['Greta Vogel', 'Hauptstr. 1', 'Berlin', '10115', 'Germany'],
    };
    showOrder(business, {
      ok: true,
      invoice: { number: '2026-000007', url: url('invoice.pdf') },
      creditNotes: [],
    });
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByRole('row', { name: 'VAT (reverse charge) −€6.54' })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: 'Total paid €39.40' })).toBeInTheDocument();
    const link = await within(items).findByRole('link', { name: 'Download your invoice 2026-000007 (PDF)' });
    expect(link).toHaveAttribute('href', url('invoice.pdf'));
    expect(within(items).queryByText(/credit note/)).toBeNull();
  });

  it('shows nothing of an invoice when the order has none', async () => {
    const { fetchMock } = showOrder(ORDER);
    const items = await screen.findByRole('region', { name: 'Items' });
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/order-page/invoices', expect.anything()),
    );
    await waitFor(() => expect(within(items).queryByRole('status')).toBeNull());
    expect(within(items).queryByRole('link')).toBeNull();
    expect(screen.queryByText(/invoice/i)).toBeNull();
  });

  it('says the e-mail holds the link when the invoice could not be asked for', async () => {
    showOrder(ORDER, { ok: false, error: 'Something went wrong' });
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(
      await within(items).findByText(
        'We could not load your invoice just now. Its link is also in your order confirmation e-mail.',
      ),
    ).toBeInTheDocument();
    expect(within(items).queryByRole('link')).toBeNull();
  });
});

describe('OrderLookupPage', () => {
  function openLookup() {
    window.location.hash = '#/order';
    return render(
      <HashRouter>
        <OrderLookupPage />
      </HashRouter>,
    );
  }

  it('checks the fields, sends reference and e-mail, and shows the one answer', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => json(200, { ok: true, message: FIND_ORDER_ANSWER }));
    vi.stubGlobal('fetch', fetchMock);
    openLookup();
    await user.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    expect(screen.getByLabelText('Order reference')).toHaveFocus();
    expect(screen.getByLabelText('Order reference')).toHaveAccessibleDescription(
      /Please enter your order reference/,
    );
    await user.type(screen.getByLabelText('Order reference'), 'sol-abcdefgh');
    await user.type(screen.getByLabelText('E-mail address'), 'ciara@example.ie');
    await user.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FIND_ORDER_ANSWER);
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual(
      {
        reference: 'SOL-ABCDEFGH',
        email: 'ciara@example.ie',
      },
    );
  });

  it('shows the limit as an alert', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(429, { ok: false, error: FIND_ORDER_LIMITED })),
    );
    openLookup();
    await user.type(screen.getByLabelText('Order reference'), 'SOL-ABCDEFGH');
    await user.type(screen.getByLabelText('E-mail address'), 'ciara@example.ie');
    await user.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FIND_ORDER_LIMITED);
  });
});
