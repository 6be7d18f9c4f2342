// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '../../../../domain/customers/customers';
import { CustomerPage, CustomersPage } from './customers-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const EMAIL = 'ciara@example.ie';
const DETAIL: CustomerDetail = {
  ok: true,
  customer: {
    email: EMAIL,
    name: 'Ciara Walsh',
    orders: 1,
    spent: 4495,
    lastOrderAt: '2026-11-20T10:00:00.000Z',
    newsletter: 'confirmed',
    note: '',
    noteUpdatedAt: null,
  },
  orders: [
    {
      reference: 'SOL-1A2B3C4D',
      status: 'delivered',
      total: 4495,
      refunded: 0,
      createdAt: '2026-11-20T09:58:00.000Z',
      paidAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  quotes: [],
  reviews: [],
  enquiries: [],
};

describe("the desk's Customers", () => {
  it('lists one row per customer and searches through the hash', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return json(200, {
          ok: true,
          customers: [
            {
              email: EMAIL,
              name: 'Ciara Walsh',
              orders: 2,
              spent: 8990,
              lastOrderAt: '2026-11-20T10:00:00.000Z',
              newsletter: 'confirmed',
            },
            {
              email: 'niamh@example.ie',
              name: null,
              orders: 0,
              spent: 0,
              lastOrderAt: null,
              newsletter: 'none',
            },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    render(<CustomersPage q="" />);
    const link = await screen.findByRole('link', { name: /Ciara Walsh/ });
    expect(link).toHaveAttribute('href', `#/customers/${encodeURIComponent(EMAIL)}`);
    expect(link).toHaveTextContent('2 orders · €89.90');
    expect(link).toHaveTextContent('Subscribed');
    expect(screen.getByRole('link', { name: /niamh@example\.ie/ })).toHaveTextContent('no order');
    expect(urls).toEqual(['/api/admin/customers']);

    await user.type(screen.getByLabelText('Search by name or e-mail'), 'walsh');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(window.location.hash).toBe('#/customers?q=walsh');
  });

  it('says when nothing matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ok: true, customers: [] })),
    );
    render(<CustomersPage q="nobody" />);
    expect(await screen.findByText('No customer matches “nobody”.')).toBeInTheDocument();
  });

  it('saves a note, offers the export as a download, and erases after the dialog, naming what is kept', async () => {
    const calls: { method: string; url: string; body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, url, body, key: new Headers(init?.headers).get('Idempotency-Key') });
        if (method === 'GET') return json(200, DETAIL);
        if (method === 'PUT')
          return json(200, {
            ok: true,
            note: 'Prefers the small size',
            noteUpdatedAt: '2026-11-21T10:00:00.000Z',
          });
        // The server's whole answer: every count, and the paid orders kept.
        return json(200, {
          ok: true,
          newsletterSignupsDeleted: 1,
          backInTouchDeleted: 0,
          backInStockRequestsDeleted: 0,
          cartRemindersDeleted: 0,
          reviewsErased: 0,
          enquiriesErased: 0,
          unpaidCheckoutsErased: 0,
          ordersAnonymised: 1,
          customerNotesDeleted: 1,
          giftCardsErased: 0,
          quotesErased: 0,
          shippingLabelPdfsErased: 0,
          mailBodiesErased: 2,
          mailFilesDeleted: 0,
          paidOrdersKept: [{ reference: 'SOL-1A2B3C4D', keptUntil: '2032-12-31' }],
        });
      }),
    );
    const user = userEvent.setup();
    render(<CustomerPage email={EMAIL} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciara Walsh' })).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(within(orders).getByRole('link', { name: 'SOL-1A2B3C4D' })).toHaveAttribute(
      'href',
      '#/orders/SOL-1A2B3C4D',
    );

    await user.type(screen.getByLabelText(/Note about this customer/), 'Prefers the small size');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();

    const exportLink = screen.getByRole('link', { name: 'Export their data' });
    expect(exportLink).toHaveAttribute('href', `/api/admin/customers/${encodeURIComponent(EMAIL)}/export`);
    expect(exportLink).toHaveAttribute('download');
    // Beside it, the same as a summary to read.
    const summaryLink = screen.getByRole('link', { name: 'Readable summary' });
    expect(summaryLink).toHaveAttribute(
      'href',
      `/api/admin/customers/${encodeURIComponent(EMAIL)}/export?as=summary`,
    );
    expect(summaryLink).toHaveAttribute('download');

    await user.click(screen.getByRole('button', { name: 'Erase customer…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase this customer?' });
    expect(dialog).toHaveTextContent(`${EMAIL}: their newsletter sign-up`);
    expect(dialog).toHaveTextContent('Taxes Consolidation Act 1997');
    // The harmless choice has the focus first.
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer erased' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('SOL-1A2B3C4D, until 31 Dec 2032');

    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', `/api/admin/customers/${encodeURIComponent(EMAIL)}`, undefined],
      ['PUT', `/api/admin/customers/${encodeURIComponent(EMAIL)}/note`, { note: 'Prefers the small size' }],
      ['DELETE', `/api/admin/customers/${encodeURIComponent(EMAIL)}`, undefined],
    ]);
    expect(calls.slice(1).every((c) => c.key !== null)).toBe(true);
  });

  it('shows the refusal beside the Erase button while an order is owed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        (init?.method ?? 'GET') === 'GET'
          ? json(200, DETAIL)
          : json(409, { ok: false, error: 'Order SOL-1A2B3C4D is paid but not yet delivered.' }),
      ),
    );
    const user = userEvent.setup();
    render(<CustomerPage email={EMAIL} />);
    await user.click(await screen.findByRole('button', { name: 'Erase customer…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase' }));
    const region = screen.getByRole('region', { name: 'Their data' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Order SOL-1A2B3C4D is paid');
    expect(screen.getByRole('heading', { level: 1, name: 'Ciara Walsh' })).toBeInTheDocument();
  });
});
