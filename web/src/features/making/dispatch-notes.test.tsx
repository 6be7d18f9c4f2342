// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  type StorefrontSettings,
  storefrontSettings,
} from '../../../../domain/settings/storefront-settings';
import { AppProviders } from '../../app/providers';
import { HashRouter } from '../../lib/router';
import { CartPage } from '../../pages/cart-page';
import { renderWithCatalogue, seedWith } from '../../test-support/render-with-catalogue';
import { ProductDispatch } from './dispatch-notes';
import { OrderDelivery } from './order-delivery';

function renderWithCart(ui: React.ReactNode, shop?: Partial<StorefrontSettings>) {
  // The owner's settings as the server adds them to the snapshot the page is rendered from.
  const catalogue = shop
    ? { ...seedWith({}), shop: storefrontSettings({ ...DEFAULT_STOREFRONT_SETTINGS, ...shop }) }
    : undefined;
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>{ui}</AppProviders>
    </HashRouter>,
    catalogue ? { catalogue } : {},
  );
}

/** The browser's clock (Irish winter time = UTC), as the journeys set it with page.clock. */
function setNow(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '1', quantity: 1 }]));
});

afterEach(() => {
  vi.useRealTimers();
  delete window.__SOLAS_QUEUE__;
});

describe('the making queue from /runtime-env.js', () => {
  it('moves the product page’s date a working day per day of pieces ahead, and says when it runs past Christmas', async () => {
    setNow('2026-11-23T10:00:00Z');
    // Two working days of making ahead of this order's piece, at 8 a day.
    window.__SOLAS_QUEUE__ = { days: 2, capacity: 8 };
    renderWithCart(<ProductDispatch />);
    expect(await screen.findByText('Order now, dispatched by Monday 30 November')).toBeInTheDocument();
    // A queue of 30 days: the Irish Christmas date has not passed, but the queue already runs past it.
    cleanup();
    window.__SOLAS_QUEUE__ = { days: 30, capacity: 8 };
    renderWithCart(<ProductDispatch />);
    expect(
      await screen.findByText(
        'Our making queue is already full past the last date for Christmas delivery to Ireland (Sunday 13 December): orders placed now arrive after Christmas',
      ),
    ).toBeInTheDocument();
  });

  it('ignores an unreadable queue: today’s rule', async () => {
    setNow('2026-11-23T10:00:00Z');
    window.__SOLAS_QUEUE__ = { days: -1, capacity: 0 };
    renderWithCart(<ProductDispatch />);
    expect(await screen.findByText('Order now, dispatched by Thursday 26 November')).toBeInTheDocument();
  });
});

describe('ProductDispatch', () => {
  it('reserves its lines with a placeholder, then shows the date computed in the browser', async () => {
    setNow('2026-11-23T10:00:00Z');
    renderWithCart(<ProductDispatch />);
    const box = screen.getByTestId('product-dispatch');
    // The server render and the first client render: no date, the same reserved height.
    expect(box).toHaveAttribute('aria-busy', 'true');
    expect(box).toHaveClass('min-h-[8.5rem]');
    expect(box.textContent).toBe('');
    expect(await within(box).findByText('Order now, dispatched by Thursday 26 November')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-busy', 'false');
    expect(
      within(box).getByText('Delivery to Ireland: Tuesday 1 December to Thursday 3 December'),
    ).toBeVisible();
    expect(
      within(box).getByText('Order by Sunday 13 December for Christmas delivery to Ireland'),
    ).toBeVisible();
  });

  it('after the 14:00 cut-off, out of the Christmas season, explains the cut-off', async () => {
    setNow('2026-07-15T13:00:00Z'); // 14:00 Irish summer time
    renderWithCart(<ProductDispatch />);
    expect(await screen.findByText('Order now, dispatched by Tuesday 21 July')).toBeInTheDocument();
    expect(
      screen.getByText('Orders before 14:00 (Irish time) on a working day go into production that day.'),
    ).toBeVisible();
    expect(screen.queryByText(/Christmas/)).not.toBeInTheDocument();
  });

  it('during a closure in the owner’s settings, gives its reason and says when dispatch resumes', async () => {
    setNow('2026-12-28T12:00:00Z');
    renderWithCart(<ProductDispatch />, {
      closures: [{ from: '2026-12-24', to: '2027-01-04', reason: 'Christmas holidays' }],
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Our workshop is closed (Christmas holidays): dispatch resumes on Tuesday 5 January.',
    );
    // Production starts on 5 January: three business days later.
    expect(screen.getByText('Order now, dispatched by Friday 8 January')).toBeVisible();
  });

  it('before a closure the dispatch date falls after, gives its dates and reason', async () => {
    setNow('2026-12-22T12:00:00Z');
    renderWithCart(<ProductDispatch />, {
      closures: [{ from: '2026-12-24', to: '2027-01-04', reason: 'Christmas holidays' }],
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Our workshop is closed from Thursday 24 December to Monday 4 January (Christmas holidays): orders placed now are dispatched after it.',
    );
    expect(screen.getByText(/^Order now, dispatched by /)).toHaveTextContent(/January/);
  });

  it('says nothing of a closure the dispatch date comes before', async () => {
    setNow('2026-12-01T12:00:00Z');
    renderWithCart(<ProductDispatch />, {
      closures: [{ from: '2026-12-24', to: '2027-01-04', reason: 'Christmas holidays' }],
    });
    expect(await screen.findByText(/^Order now, dispatched by/)).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves out the first start’s reason ("Closed", from CLOSED_DATES), which says nothing more', async () => {
    setNow('2026-12-28T12:00:00Z');
    renderWithCart(<ProductDispatch />, {
      closures: [{ from: '2026-12-24', to: '2027-01-04', reason: 'Closed' }],
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Our workshop is closed: dispatch resumes on Tuesday 5 January.',
    );
  });

  it('counts only the owner’s working days', async () => {
    setNow('2026-11-23T10:00:00Z');
    // Tuesday to Saturday: Monday's order starts on Tuesday and is dispatched by Friday.
    renderWithCart(<ProductDispatch />, { workingDays: [2, 3, 4, 5, 6] });
    expect(await screen.findByText('Order now, dispatched by Friday 27 November')).toBeInTheDocument();
  });

  it('away and keeping selling: says the order is made from the return date, and dates it so', async () => {
    setNow('2026-11-23T10:00:00Z');
    renderWithCart(<ProductDispatch />, {
      away: { mode: 'keep-selling', until: '2026-12-07', message: '' },
    });
    expect(await screen.findByText('Order now, dispatched by Thursday 10 December')).toBeInTheDocument();
    expect(
      screen.getByText('We are away until Monday 7 December: orders placed now are made from then.'),
    ).toBeVisible();
    // Back in time for Christmas in Ireland: the notice still promises it.
    expect(screen.getByText('Order by Sunday 13 December for Christmas delivery to Ireland')).toBeVisible();
  });

  it('gives the owner’s own last order date for Christmas where it is earlier', async () => {
    setNow('2026-11-23T10:00:00Z');
    renderWithCart(<ProductDispatch />, { christmasLastOrder: '2026-12-10' });
    expect(
      await screen.findByText('Order by Thursday 10 December for Christmas delivery to Ireland'),
    ).toBeInTheDocument();
  });

  it('away past the Christmas dates: never promises Christmas', async () => {
    setNow('2026-11-23T10:00:00Z');
    renderWithCart(<ProductDispatch />, {
      away: { mode: 'keep-selling', until: '2026-12-16', message: '' },
    });
    expect(
      await screen.findByText(
        'We are away until Wednesday 16 December: orders placed now for delivery to Ireland arrive after Christmas',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Order by/)).not.toBeInTheDocument();
  });
});

// The cart page puts this estimate into the cart's summary: the page is rendered as shoppers see it.
describe('the cart’s estimate', () => {
  it('follows the chosen zone: dispatch date, delivery window, Christmas notice, and says when it has passed', async () => {
    const user = userEvent.setup();
    setNow('2026-12-03T10:00:00Z');
    renderWithCart(<CartPage />);
    const box = screen.getByTestId('cart-dispatch');
    expect(await within(box).findByText('Tuesday 8 December')).toBeInTheDocument();
    expect(box).toHaveTextContent('Dispatched by Tuesday 8 December');
    expect(
      within(box).getByText('Delivery to Ireland: Friday 11 December to Tuesday 15 December'),
    ).toBeVisible();
    expect(
      within(box).getByText('Order by Sunday 13 December for Christmas delivery to Ireland'),
    ).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Delivery destination'), 'EU');
    expect(within(box).getByText('Delivery to EU: Tuesday 15 December to Tuesday 22 December')).toBeVisible();
    expect(
      within(box).getByText('Order by Sunday 6 December for Christmas delivery to the EU'),
    ).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Delivery destination'), 'WORLD');
    expect(
      within(box).getByText(
        'The last order date for Christmas delivery to the rest of the world (Sunday 29 November) has passed',
      ),
    ).toBeVisible();
  });

  it('says in the cart, too, that the owner is away and the order is made from her return', async () => {
    setNow('2026-11-23T10:00:00Z');
    renderWithCart(<CartPage />, {
      away: { mode: 'keep-selling', until: '2026-12-07', message: '' },
    });
    const box = screen.getByTestId('cart-dispatch');
    expect(await within(box).findByText('Thursday 10 December')).toBeInTheDocument();
    expect(
      within(box).getByText('We are away until Monday 7 December: orders placed now are made from then.'),
    ).toBeVisible();
  });
});

describe('OrderDelivery', () => {
  it('shows the dates the server stored, and nothing for an order without them', () => {
    const { rerender } = renderWithCatalogue(
      <OrderDelivery delivery={{ dispatch: '2026-11-26', earliest: '2026-12-03', latest: '2026-12-10' }} />,
    );
    const box = screen.getByTestId('order-delivery');
    expect(within(box).getByText('Thursday 26 November')).toBeVisible();
    expect(within(box).getByText('Thursday 3 December to Thursday 10 December')).toBeVisible();
    rerender(<OrderDelivery delivery={undefined} />);
    expect(screen.queryByTestId('order-delivery')).not.toBeInTheDocument();
    rerender(
      <OrderDelivery delivery={{ dispatch: '2026-02-30', earliest: '2026-12-03', latest: '2026-12-10' }} />,
    );
    expect(screen.queryByTestId('order-delivery')).not.toBeInTheDocument();
  });
});
