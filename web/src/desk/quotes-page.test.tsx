// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminQuote } from '../../../domain/quotes';
import { adminProduct } from './product-test-fixtures';
import { QuotesPage } from './quotes-page';

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
  lines: [],
  subtotal: 105000,
  discountPercent: 15,
  discount: 15750,
  shipping: 0,
  total: 89250,
  zone: 'IE',
  validUntil: '2026-12-24' as AdminQuote['validUntil'],
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
    expect(within(sentRow).getByText('Enquiry enq-1')).toBeInTheDocument();
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
            products: [adminProduct({ id: '3', name: 'Tawny Strand', sizes: ['M', 'L'] })],
          });
        if (url === '/api/admin/quotes' && init?.method === 'POST') {
          posted = JSON.parse(String(init.body)) as Record<string, unknown>;
          return json(201, {
            ok: true,
            quote: { reference: 'Q-NEW23456', url: 'u', total: 93500, status: 'draft' },
          });
        }
        if (url === '/api/admin/quotes') return json(200, { ok: true, quotes: [] });
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
    expect(await screen.findByLabelText('Enquiry (optional)')).toHaveValue('enq-7');
    // The client's address, name and pieces come from the enquiry.
    await waitFor(() => expect(screen.getByLabelText('Client’s e-mail')).toHaveValue('team@acme.example'));
    expect(screen.getByLabelText('Client’s name (optional)')).toHaveValue('Niamh Kelly, Acme');
    expect(screen.getByLabelText('Quantity of line 1')).toHaveValue(30);
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
    });
  });
});
