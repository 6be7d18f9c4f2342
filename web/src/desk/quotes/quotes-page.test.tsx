// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminQuote } from '../../../../domain/quotes/quotes';
import { settingsDefaults } from '../../../../domain/settings/shop-settings';
import { adminProduct } from '../catalogue/product-test-fixtures';
import { QuotePage, QuotesPage } from './quotes-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const SENT: AdminQuote = {
  reference: 'Q-ABCD2345',
  url: 'http://shop.test/#/quote/Q-ABCD2345?key=k',
  status: 'sent',
  email: 'team@acme.example',
  name: 'Acme Events',
  enquiryId: 'enq-1',
  enquiry: { name: 'Niamh Kelly', company: 'Acme Events', createdAt: '2026-11-19T10:00:00.000Z' },
  lines: [],
  subtotal: 105000,
  discountPercent: 15,
  discount: 15750,
  shipping: 0,
  total: 89250,
  zone: 'IE',
  validUntil: '2026-12-24' as AdminQuote['validUntil'],
  dispatchBy: '2027-01-15' as AdminQuote['dispatchBy'],
  note: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:05:00.000Z',
  withdrawnAt: null,
  orderReference: null,
};

describe("the desk's Quotes", () => {
  it('lists quotes with their status, the paid one linking to its order; Withdraw posts', async () => {
    const posts: string[] = [];
    const paid: AdminQuote = {
      ...SENT,
      reference: 'Q-PAID2345',
      status: 'paid',
      orderReference: 'SOL-ABCD1234',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/quotes') return json(200, { ok: true, quotes: [SENT, paid] });
        if (init?.method === 'POST') {
          posts.push(url);
          return json(200, { ok: true, quote: { ...SENT, status: 'withdrawn' } });
        }
        throw new Error(`unexpected ${url}`);
      }),
    );
    render(<QuotesPage creating={false} enquiry={null} />);
    const sentRow = (await screen.findByText('Q-ABCD2345')).closest('tr');
    const paidRow = screen.getByText('Q-PAID2345').closest('tr');
    if (!sentRow || !paidRow) throw new Error('no rows');
    expect(within(sentRow).getByText('Sent')).toBeInTheDocument();
    // The enquiry by its company and date; its id means nothing to the owner.
    expect(within(sentRow).getByText('Enquiry: Acme Events, 19 Nov 2026')).toBeInTheDocument();
    expect(within(sentRow).getByText('15 Jan 2027')).toBeInTheDocument();
    expect(screen.queryByText(/enq-1/)).toBeNull();
    expect(within(sentRow).getByRole('link', { name: 'Q-ABCD2345' })).toHaveAttribute(
      'href',
      '#/quotes/Q-ABCD2345',
    );
    expect(within(paidRow).getByRole('link', { name: 'Order SOL-ABCD1234' })).toHaveAttribute(
      'href',
      '#/orders/SOL-ABCD1234',
    );
    expect(within(paidRow).queryByRole('button')).toBeNull();
    await userEvent.click(within(sentRow).getByRole('button', { name: 'Withdraw Q-ABCD2345' }));
    expect(await screen.findByText('Quote Q-ABCD2345 withdrawn.')).toBeInTheDocument();
    expect(posts).toEqual(['/api/admin/quotes/Q-ABCD2345/withdraw']);
  });

  it('makes a quote for an enquiry from catalogue and custom lines, with live totals', async () => {
    const user = userEvent.setup();
    let posted: Record<string, unknown> | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/products')
          return json(200, {
            ok: true,
            products: [adminProduct({ id: '3', name: 'Tawny Strand', sizes: ['M', 'L'] })],
          });
        if (url === '/api/admin/quotes' && init?.method === 'POST') {
          posted = JSON.parse(String(init.body)) as Record<string, unknown>;
          return json(201, {
            ok: true,
            quote: {
              reference: 'Q-NEW23456',
              url: 'u',
              total: 93500,
              status: 'draft',
              dispatchBy: '2099-01-15',
            },
          });
        }
        if (url === '/api/admin/quotes') return json(200, { ok: true, quotes: [] });
        if (url === '/api/admin/quotes/dispatch-by?pieces=30')
          return json(200, { ok: true, dispatchBy: '2099-01-15' });
        if (url === '/api/admin/enquiries') return json(200, { ok: true, enquiries: [], counts: COUNTS });
        if (url === '/api/admin/enquiries/enq-7')
          return json(200, {
            ok: true,
            enquiry: {
              id: 'enq-7',
              name: 'Niamh Kelly',
              email: 'team@acme.example',
              company: 'Acme',
              pieces: 30,
              neededBy: null,
              budgetPerPiece: null,
              kind: 'corporate',
              occasion: null,
              message: 'Thirty for the team.',
              status: 'new',
              notes: '',
              createdAt: '2026-11-20T10:00:00.000Z',
              updatedAt: '2026-11-20T10:00:00.000Z',
            },
          });
        throw new Error(`unexpected ${url}`);
      }),
    );
    render(<QuotesPage creating enquiry="enq-7" />);
    // The client's address, name (the person: the e-mail greets them) and pieces come from the enquiry,
    // named by its company and date.
    await waitFor(() => expect(screen.getByLabelText('Client’s e-mail')).toHaveValue('team@acme.example'));
    const enquiry = screen.getByLabelText('Enquiry (optional)');
    expect(enquiry).toHaveValue('enq-7');
    expect(within(enquiry).getByRole('option', { selected: true })).toHaveTextContent('Acme, 20 Nov 2026');
    expect(screen.getByLabelText('Client’s name (optional)')).toHaveValue('Niamh Kelly');
    expect(screen.getByLabelText('Quantity of line 1')).toHaveValue(30);
    // The making queue's date for 30 pieces, until the owner sets her own.
    await waitFor(() =>
      expect(screen.getByLabelText('Dispatch by (if paid by then)')).toHaveValue('2099-01-15'),
    );
    await user.selectOptions(await screen.findByLabelText('Product of line 1'), '3');
    await user.selectOptions(screen.getByLabelText('Size of line 1'), 'L');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await user.selectOptions(screen.getByLabelText('Line 2'), 'custom');
    await user.type(screen.getByLabelText('Name of line 2'), 'Gift box');
    await user.type(screen.getByLabelText('Unit price of line 2 (€)'), '5');
    const discount = screen.getByLabelText('Discount (%)');
    await user.clear(discount);
    await user.type(discount, '15');
    // 30 x €35 + €5 = €1,055.00; 15% = €158.25; free delivery in Ireland.
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('€1,055.00')).toBeInTheDocument();
    expect(within(totals).getByText('−€158.25')).toBeInTheDocument();
    expect(within(totals).getByText('€896.75')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make the quote' }));
    expect(await screen.findByText(/Quote Q-NEW23456 made/)).toBeInTheDocument();
    expect(posted).toMatchObject({
      enquiryId: 'enq-7',
      email: 'team@acme.example',
      lines: [
        { productId: '3', size: 'L', quantity: 30 },
        { name: 'Gift box', unitPrice: 500, quantity: 1 },
      ],
      discountPercent: 15,
      zone: 'IE',
      dispatchBy: '2099-01-15',
    });
  });

  it("previews the totals at the owner's shipping, as the server will price the quote", async () => {
    const user = userEvent.setup();
    // Ireland €5.50, free from €60 (the first start's: €4.95, free from €40).
    const settings = {
      ...settingsDefaults({
        makingCapacityPerDay: 8,
        earlyBird: null,
        seller: {
          name: 'Aoife Byrne',
          address: '4 Quay Street, Galway, Ireland',
          vatNumber: null,
          vatRate: 23,
        },
        ownerEmail: 'orders@solas.example',
        closedDates: [],
      }),
      updatedAt: '2026-11-20T09:00:00.000Z',
    };
    const her = {
      ...settings,
      shipping: {
        zones: settings.shipping.zones.map((z) => (z.id === 'IE' ? { ...z, price: 550, freeFrom: 6000 } : z)),
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/admin/products') return json(200, { ok: true, products: [] });
        if (url === '/api/admin/settings') return json(200, { ok: true, settings: her });
        if (url === '/api/admin/quotes') return json(200, { ok: true, quotes: [] });
        if (url.startsWith('/api/admin/quotes/dispatch-by'))
          return json(200, { ok: true, dispatchBy: '2099-01-15' });
        if (url === '/api/admin/enquiries') return json(200, { ok: true, enquiries: [], counts: COUNTS });
        throw new Error(`unexpected ${url}`);
      }),
    );
    render(<QuotesPage creating enquiry={null} />);
    await user.selectOptions(await screen.findByLabelText('Line 1'), 'custom');
    await user.type(screen.getByLabelText('Name of line 1'), 'Bespoke pair');
    await user.type(screen.getByLabelText('Unit price of line 1 (€)'), '50');
    // €50 is under her €60: her €5.50 is charged (the first start's rates would say free).
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(await within(totals).findByText('€5.50')).toBeInTheDocument();
    expect(within(totals).getByText('€55.50')).toBeInTheDocument();
  });

  it('previews a quote as the client will get it: its page in preview and its e-mail, with Edit and Duplicate', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/admin/quotes/Q-ABCD2345') return json(200, { ok: true, quote: SENT });
        if (url === '/api/admin/quotes/Q-ABCD2345/mail')
          return json(200, {
            ok: true,
            mail: {
              to: 'team@acme.example',
              subject: 'Your quote from Solas (Q-ABCD2345)',
              text: 'Hello Niamh Kelly,\n\nHere is your quote Q-ABCD2345.',
            },
          });
        throw new Error(`unexpected ${url}`);
      }),
    );
    render(<QuotePage reference="Q-ABCD2345" editing={false} />);
    const preview = await screen.findByRole('link', { name: 'Preview the client’s page' });
    expect(preview).toHaveAttribute('href', `${SENT.url}&preview=1`);
    expect(preview).toHaveAttribute('target', '_blank');
    const mail = screen.getByRole('region', { name: 'The e-mail the client receives' });
    expect(await within(mail).findByText('Your quote from Solas (Q-ABCD2345)')).toBeInTheDocument();
    expect(within(mail).getByText(/^Hello Niamh Kelly,/)).toBeInTheDocument();
    expect(screen.getByText('Acme Events, 19 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Q-ABCD2345' })).toHaveAttribute(
      'href',
      '#/quotes/Q-ABCD2345/edit',
    );
    expect(screen.getByRole('link', { name: 'Duplicate Q-ABCD2345' })).toHaveAttribute(
      'href',
      '#/quotes/new?from=Q-ABCD2345',
    );
    expect(screen.getByRole('button', { name: 'Send Q-ABCD2345 again' })).toBeInTheDocument();
  });

  it('changes a quote not yet paid: the form starts from it and saves with PUT, quoted prices kept', async () => {
    const user = userEvent.setup();
    let put: Record<string, unknown> | null = null;
    const quoted: AdminQuote = {
      ...SENT,
      lines: [
        { productId: '3', name: 'Tawny Strand', size: 'M', unitPrice: 3500, quantity: 30, lineTotal: 105000 },
        { productId: null, name: 'Gift box', size: null, unitPrice: 500, quantity: 30, lineTotal: 15000 },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/products')
          // The catalogue's price went up since the quote was made.
          return json(200, {
            ok: true,
            products: [adminProduct({ id: '3', name: 'Tawny Strand', price: 4000 })],
          });
        if (url === '/api/admin/enquiries') return json(200, { ok: true, enquiries: [], counts: COUNTS });
        if (url === '/api/admin/quotes/Q-ABCD2345' && init?.method === 'PUT') {
          put = JSON.parse(String(init.body)) as Record<string, unknown>;
          return json(200, {
            ok: true,
            quote: {
              reference: 'Q-ABCD2345',
              url: SENT.url,
              total: 102000,
              status: 'sent',
              dispatchBy: '2027-01-22',
            },
          });
        }
        if (url === '/api/admin/quotes/Q-ABCD2345') return json(200, { ok: true, quote: quoted });
        if (url === '/api/admin/quotes/Q-ABCD2345/mail')
          return json(200, { ok: true, mail: { to: SENT.email, subject: 's', text: 't' } });
        throw new Error(`unexpected ${url}`);
      }),
    );
    window.location.hash = '#/quotes/Q-ABCD2345/edit';
    const { unmount } = render(<QuotePage reference="Q-ABCD2345" editing />);
    expect(await screen.findByRole('heading', { name: 'Change quote Q-ABCD2345' })).toBeInTheDocument();
    expect(screen.getByLabelText('Client’s e-mail')).toHaveValue('team@acme.example');
    expect(screen.getByLabelText('Dispatch by (if paid by then)')).toHaveValue('2027-01-15');
    expect(screen.getByLabelText('Name of line 2')).toHaveValue('Gift box');
    expect(screen.getByLabelText('Unit price of line 2 (€)')).toHaveValue('5.00');
    // 30 x €35 (as quoted, not today's €40) + 30 x €5 = €1,200; 15% off.
    const totals = screen.getByRole('region', { name: 'Totals' });
    await waitFor(() => expect(within(totals).getByText('€1,200.00')).toBeInTheDocument());
    const dispatch = screen.getByLabelText('Dispatch by (if paid by then)');
    await user.clear(dispatch);
    await user.type(dispatch, '2027-01-22');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(window.location.hash).toBe('#/quotes/Q-ABCD2345'));
    expect(put).toMatchObject({
      enquiryId: 'enq-1',
      lines: [
        { productId: '3', size: 'M', quantity: 30 },
        { name: 'Gift box', unitPrice: 500, quantity: 30 },
      ],
      dispatchBy: '2027-01-22',
    });
    unmount();
    // The next screen says what happened.
    render(<QuotePage reference="Q-ABCD2345" editing={false} />);
    expect(
      await screen.findByText(/Quote Q-ABCD2345 changed \(€1,020\.00\)\. Send it again/),
    ).toBeInTheDocument();
  });

  it('shows a quote to change only once the catalogue has come, so its product lines show their bracelet', async () => {
    const quoted: AdminQuote = {
      ...SENT,
      lines: [
        { productId: '3', name: 'Tawny Strand', size: 'M', unitPrice: 3500, quantity: 30, lineTotal: 105000 },
      ],
    };
    let catalogueArrives = () => {};
    const catalogue = new Promise<void>((resolve) => {
      catalogueArrives = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/admin/products') {
          await catalogue;
          return json(200, { ok: true, products: [adminProduct({ id: '3', name: 'Tawny Strand' })] });
        }
        if (url === '/api/admin/enquiries') return json(200, { ok: true, enquiries: [], counts: COUNTS });
        if (url === '/api/admin/quotes/Q-ABCD2345') return json(200, { ok: true, quote: quoted });
        throw new Error(`unexpected ${url}`);
      }),
    );
    render(<QuotePage reference="Q-ABCD2345" editing />);
    // The quote has come, the catalogue not yet: a Save now would meet a product field with no options.
    expect(await screen.findByText('Opening the quote…')).toBeInTheDocument();
    await waitFor(() =>
      expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/admin/quotes/Q-ABCD2345', expect.anything()),
    );
    expect(screen.queryByRole('button', { name: 'Save the changes' })).toBeNull();
    catalogueArrives();
    expect(await screen.findByRole('heading', { name: 'Change quote Q-ABCD2345' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product of line 1')).toHaveValue('3');
  });

  it('duplicates a quote into a new one', async () => {
    const user = userEvent.setup();
    let posted: Record<string, unknown> | null = null;
    const paid: AdminQuote = {
      ...SENT,
      status: 'paid',
      orderReference: 'SOL-ABCD1234',
      lines: [
        { productId: null, name: 'Bridal set', size: null, unitPrice: 12000, quantity: 2, lineTotal: 24000 },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/products') return json(200, { ok: true, products: [] });
        if (url === '/api/admin/enquiries') return json(200, { ok: true, enquiries: [], counts: COUNTS });
        if (url === '/api/admin/quotes/Q-ABCD2345') return json(200, { ok: true, quote: paid });
        if (url === '/api/admin/quotes' && init?.method === 'POST') {
          posted = JSON.parse(String(init.body)) as Record<string, unknown>;
          return json(201, {
            ok: true,
            quote: {
              reference: 'Q-COPY2345',
              url: 'u',
              total: 24000,
              status: 'draft',
              dispatchBy: '2027-01-15',
            },
          });
        }
        if (url === '/api/admin/quotes') return json(200, { ok: true, quotes: [] });
        throw new Error(`unexpected ${url}`);
      }),
    );
    render(<QuotesPage creating enquiry={null} from="Q-ABCD2345" />);
    expect(await screen.findByRole('heading', { name: 'New quote' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name of line 1')).toHaveValue('Bridal set');
    await user.click(screen.getByRole('button', { name: 'Make the quote' }));
    expect(await screen.findByText(/Quote Q-COPY2345 made/)).toBeInTheDocument();
    expect(posted).toMatchObject({
      email: 'team@acme.example',
      lines: [{ name: 'Bridal set', unitPrice: 12000, quantity: 2 }],
    });
  });
});

const COUNTS = { new: 0, quoted: 0, won: 0, lost: 0 };
