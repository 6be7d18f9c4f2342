// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsAnswer } from '../../../../domain/numbers/stats';
import { DeskApp } from '../desk-app';
import { json, stubDeskApi } from '../desk-test-fixtures';

const SESSION = { ok: true, expiresAt: '2026-11-23T10:00:00.000Z' };

const STATS: StatsAnswer = {
  ok: true,
  totals: {
    revenue: 41_500,
    refunds: 1_000,
    orders: 4,
    pieces: 9,
    averageOrder: 10_375,
    checkoutsStarted: 5,
    checkoutsPaid: 4,
    giftWrapped: 1,
  },
  series: [
    { start: '2026-06-29', revenue: 9_000, orders: 1, pieces: 2 },
    { start: '2026-07-06', revenue: 32_500, orders: 3, pieces: 7 },
    { start: '2026-07-13', revenue: 0, orders: 0, pieces: 0 },
  ],
  bestSellers: [
    { productId: '1', name: 'First Light', pieces: 6, revenue: 21_000 },
    { productId: '5', name: 'Sea Glass', pieces: 3, revenue: 24_000 },
  ],
  sizes: { S: 3, M: 5, L: 1 },
  channels: {
    web: { orders: 2, pieces: 5, revenue: 21_500 },
    quote: { orders: 1, pieces: 3, revenue: 16_000 },
    manual: { orders: 1, pieces: 1, revenue: 4_000 },
    handed_over: { orders: 0, pieces: 0, revenue: 0 },
  },
  testMode: true,
};

function statsServer(answer: StatsAnswer = STATS) {
  return stubDeskApi((r) => {
    const path = r.url.split('?')[0] ?? '';
    if (path === '/api/admin/session') return json(200, SESSION);
    if (path === '/api/admin/stats') return json(200, answer);
    return undefined;
  });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/admin#/numbers?from=2026-07-01&to=2026-07-14&by=week');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Numbers screen', () => {
  it('asks for the range in the address and shows the totals, shares and CSV link', async () => {
    const requests = statsServer();
    render(<DeskApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Numbers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Numbers' })).toHaveAttribute('aria-current', 'page');
    // The heading shows before the screen's effect has asked: wait for the request itself.
    const asked = await vi.waitFor(() => {
      const found = requests.find((r) => r.url.startsWith('/api/admin/stats'));
      if (!found) throw new Error('the stats were not asked for yet');
      return found;
    });
    expect(asked.url).toBe('/api/admin/stats?from=2026-07-01&to=2026-07-14&by=week');

    const totals = await screen.findByRole('region', { name: 'Totals' });
    const figure = (term: string) => within(totals).getByText(term).parentElement;
    expect(figure('Revenue')).toHaveTextContent('€415.00');
    expect(figure('Average order')).toHaveTextContent('€103.75');
    expect(figure('Refunds')).toHaveTextContent('€10.00');
    // One of five checkouts was not paid; one of four orders was gift wrapped.
    expect(figure('Abandoned')).toHaveTextContent('20%');
    expect(figure('Abandoned')).toHaveTextContent('1 of 5 checkouts');
    expect(figure('Gift wrapped')).toHaveTextContent('25%');
    expect(screen.getByText(/TEST MODE/)).toBeInTheDocument();
    // Where the orders came from: the web, a paid quote, the owner's own (docs/product/orders.md §10.17).
    const channels = screen.getByRole('table', { name: 'By channel' });
    expect(within(channels).getByRole('row', { name: /Phone or fair/ })).toHaveTextContent(
      'Phone or fair11€40.00',
    );
    expect(within(channels).getByRole('row', { name: /Quote/ })).toHaveTextContent('Quote13€160.00');
    expect(screen.getByRole('link', { name: 'Download these numbers as CSV' })).toHaveAttribute(
      'href',
      '/api/admin/stats.csv?from=2026-07-01&to=2026-07-14&by=week',
    );
  });

  it('gives every chart a summary as its name and a table with every period as its text alternative', async () => {
    statsServer();
    const user = userEvent.setup();
    render(<DeskApp />);
    const chart = await screen.findByRole('img', { name: /^Revenue:/ });
    expect(chart).toHaveAccessibleName('Revenue: €415.00 in all; highest €325.00, Week of 6 Jul 2026');
    expect(screen.getByRole('img', { name: /^Orders:/ })).toHaveAccessibleName(
      'Orders: 4 in all; highest 3, Week of 6 Jul 2026',
    );
    // One bar per period.
    expect(chart.querySelectorAll('rect')).toHaveLength(3);

    const figure = chart.closest('figure');
    if (!figure) throw new Error('the chart is not in a figure');
    await user.click(within(figure).getByText('Table of revenue'));
    const table = within(figure).getByRole('table', { name: 'Revenue by period' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Week of 29 Jun 2026€90.00',
      'Week of 6 Jul 2026€325.00',
      'Week of 13 Jul 2026€0.00',
    ]);
  });

  it('lists best sellers by pieces and by revenue, and the sizes’ shares', async () => {
    statsServer();
    render(<DeskApp />);
    const byPieces = await screen.findByRole('table', { name: 'Best sellers by pieces' });
    const byRevenue = screen.getByRole('table', { name: 'Best sellers by revenue' });
    const names = (table: HTMLElement) =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names(byPieces)).toEqual(['First Light', 'Sea Glass']);
    expect(names(byRevenue)).toEqual(['Sea Glass', 'First Light']);
    const sizes = screen.getByRole('table', { name: 'Sizes sold' });
    expect(within(sizes).getByRole('row', { name: /Medium \(M\)/ })).toHaveTextContent('556%');
    expect(within(sizes).getByRole('row', { name: /Small \(S\)/ })).toHaveTextContent('333%');
  });

  it('shows the gift cards apart from revenue: sold, issued free, and what holders are owed', async () => {
    statsServer({ ...STATS, giftCards: { sold: 15_000, issuedFree: 2_500, outstanding: 12_000 } });
    render(<DeskApp />);
    const section = await screen.findByRole('region', { name: 'Gift cards' });
    const figure = (term: string) => within(section).getByText(term).parentElement;
    expect(figure('Sold')).toHaveTextContent('€150.00');
    expect(figure('Issued free')).toHaveTextContent('€25.00');
    expect(figure('Outstanding')).toHaveTextContent('€120.00');
    expect(figure('Outstanding')).toHaveTextContent('Owed to holders today');
  });

  it('shows the margin per bracelet and, under it, per order, in euros; an empty range says so', async () => {
    statsServer({
      ...STATS,
      margins: [
        { productId: '1', revenue: 5_908, materialsCost: 0, labourCost: 0, margin: 5_908 },
        { productId: '5', revenue: 5_312, materialsCost: 600, labourCost: 800, margin: 3_712 },
      ],
      orderMargins: [
        { reference: 'SOL-AAAA2222', revenue: 3_252, materialsCost: 0, labourCost: 0, margin: 3_252 },
        { reference: 'SOL-BBBB3333', revenue: 7_968, materialsCost: 600, labourCost: 800, margin: 6_368 },
      ],
    });
    const { unmount } = render(<DeskApp />);
    const section = await screen.findByRole('region', { name: 'Margins' });
    const perBracelet = within(section).getByRole('table', { name: 'Margin per bracelet' });
    const perOrder = within(section).getByRole('table', { name: 'Margin per order (the newest 100)' });
    expect(
      within(perBracelet)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Bracelet', 'Kept (net of VAT)', 'Materials', 'Labour', 'Margin']);
    expect(within(perBracelet).getByRole('row', { name: /Sea Glass/ })).toHaveTextContent(
      'Sea Glass€53.12€6.00€8.00€37.12',
    );
    expect(
      within(perOrder)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['SOL-AAAA2222', 'SOL-BBBB3333']);
    expect(within(perOrder).getByRole('row', { name: /SOL-BBBB3333/ })).toHaveTextContent(
      'SOL-BBBB3333€79.68€6.00€8.00€63.68',
    );
    // The per-order table comes after the per-bracelet one.
    expect(perBracelet.compareDocumentPosition(perOrder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();

    statsServer({ ...STATS, margins: [], orderMargins: [] });
    render(<DeskApp />);
    const empty = await screen.findByRole('region', { name: 'Margins' });
    expect(within(empty).getByText('Nothing sold in this range.')).toBeInTheDocument();
    expect(within(empty).getByText('No paid orders in this range.')).toBeInTheDocument();
  });

  it('refuses a range that ends before it starts, naming the field, and asks again for a right one', async () => {
    const requests = statsServer();
    const user = userEvent.setup();
    render(<DeskApp />);
    await screen.findByRole('region', { name: 'Totals' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-07-20');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('to must not be before from');

    await user.clear(from);
    await user.type(from, '2026-06-01');
    await user.selectOptions(screen.getByLabelText('Group by'), 'month');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(window.location.hash).toBe('#/numbers?from=2026-06-01&to=2026-07-14&by=month');
    await screen.findByRole('img', { name: /^Revenue:/ });
    expect(requests.filter((r) => r.url.startsWith('/api/admin/stats')).map((r) => r.url)).toContain(
      '/api/admin/stats?from=2026-06-01&to=2026-07-14&by=month',
    );
  });
});
