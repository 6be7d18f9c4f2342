// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELLER } from '../../../../domain/config';
import type { TodayResponse } from '../../../../domain/making/today';
import { settingsDefaults } from '../../../../domain/settings/shop-settings';
import type { IsoDate } from '../../../../domain/shared/calendar-date';
import { ossRegistrationDeadline, thresholdNotice } from '../../../../domain/vat/threshold';
import { deskApi } from '../desk-api';
import { DeskApp } from '../desk-app';
import { json, type Recorded, stubDeskApi } from '../desk-test-fixtures';
import { formatAge } from './today-page';

const TOKEN = 'owner-token';
const SESSION = { ok: true, expiresAt: '2026-11-23T10:00:00.000Z' };

function todayAnswer(overrides: Partial<TodayResponse> = {}): TodayResponse {
  return {
    ok: true,
    date: '2026-10-21',
    capacity: 8,
    make: [
      {
        productId: '3',
        name: 'Amber Glow Bracelet',
        size: 'M',
        pieces: 5,
        orders: ['SOL-11111111', 'SOL-22222222'],
      },
      { productId: '1', name: 'Sea Glass Bracelet', size: 'S', pieces: 1, orders: ['SOL-33333333'] },
      {
        productId: 'custom:Q-ABCDEFGH:1',
        name: 'Bespoke wedding set',
        size: null,
        pieces: 2,
        orders: ['SOL-44444444'],
      },
    ],
    dispatch: [{ reference: 'SOL-22222222', dispatchBy: '2026-10-21' }],
    upcoming: [
      { reference: 'SOL-33333333', dispatchBy: '2026-10-22' },
      { reference: 'SOL-55555555', dispatchBy: '2026-10-22' },
      { reference: 'SOL-44444444', dispatchBy: '2026-10-27' },
    ],
    late: [{ reference: 'SOL-11111111', dispatchBy: '2026-10-20' }],
    outbox: {
      waiting: 2,
      failed: 1,
      oldestAgeSeconds: 3_900,
      failedMail: [
        {
          id: 41,
          reference: 'SOL-11111111',
          kind: 'order-confirmation',
          createdAt: '2026-10-21T08:00:00.000Z',
          error: '550 mailbox unavailable',
        },
      ],
    },
    doneToday: [
      {
        at: '2026-10-21T09:42:00.000Z',
        reference: 'SOL-66666666',
        what: 'Dispatched',
        by: 'Niamh',
      },
      { at: '2026-10-21T08:05:00.000Z', reference: 'SOL-77777777', what: 'Refunded €12.00', by: 'API token' },
    ],
    health: {
      database: { dialect: 'sqlite', reachable: true },
      mail: { transport: '.eml files in /srv/solas/data/outbox', ok: false },
      lastPaymentEventAt: null,
      lastReconcileAt: '2026-10-21T08:55:00.000Z',
      queuedPieces: 14,
    },
    ...overrides,
  };
}

/** The desk API of Today: a session, the report, the capacity setting and "Send again". */
function todayServer({
  signedIn = true,
  settings,
  threshold,
  customs = false,
}: {
  customs?: boolean;
  signedIn?: boolean;
  settings?: Promise<Response>;
  threshold?: Response;
} = {}) {
  let session = signedIn;
  let capacity = 8;
  let failed = true;
  // "Send again" is answered when the test says so (`answerRetry`), as over a network that takes a moment.
  let answerRetry = () => {};
  const retryAnswered = new Promise<void>((resolve) => {
    answerRetry = resolve;
  });
  const requests = stubDeskApi(async (r: Recorded) => {
    const path = r.url.split('?')[0] ?? '';
    if (path === '/api/admin/session' && r.method === 'POST') {
      if ((r.body as { token: string }).token !== TOKEN) return json(401, { ok: false, error: 'wrong' });
      session = true;
      return json(200, SESSION);
    }
    if (!session) return json(401, { ok: false, error: 'Sign in to use the order desk' });
    if (path === '/api/admin/session') return json(200, SESSION);
    if (path === '/api/admin/today') {
      const base = customs
        ? todayAnswer({ dispatch: [{ reference: 'SOL-22222222', dispatchBy: '2026-10-21', customs: true }] })
        : todayAnswer();
      return json(200, {
        ...base,
        capacity,
        outbox: failed ? base.outbox : { waiting: 3, failed: 0, oldestAgeSeconds: 60, failedMail: [] },
      });
    }
    if (path === '/api/admin/settings' && r.method === 'GET' && settings) return settings;
    if (path === '/api/admin/vat/threshold' && threshold) return threshold;
    if (path === '/api/admin/settings' && r.method === 'PATCH') {
      capacity = (r.body as { makingCapacityPerDay: number }).makingCapacityPerDay;
      return json(200, { ok: true, settings: { makingCapacityPerDay: capacity, earlyBird: null } });
    }
    if (path === '/api/admin/outbox/41/retry' && r.method === 'POST') {
      await retryAnswered;
      failed = false;
      return json(200, { ok: true });
    }
    if (path === '/api/admin/orders') {
      return json(200, {
        orders: [],
        total: 0,
        page: 1,
        pageSize: 25,
        counts: Object.fromEntries(
          [
            'pending',
            'abandoned',
            'failed',
            'paid',
            'in_production',
            'dispatched',
            'delivered',
            'refunded',
            'partially_refunded',
            'cancelled',
            'disputed',
            'needs_review',
          ].map((s) => [s, 0]),
        ),
      });
    }
    return undefined;
  });
  return { requests, answerRetry };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Today', () => {
  it('is the first screen after sign-in, with the orders list one click away', async () => {
    todayServer({ signedIn: false });
    const user = userEvent.setup();
    render(<DeskApp />);
    await user.type(await screen.findByLabelText('Owner token'), `${TOKEN}{Enter}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Today' });
    await waitFor(() => expect(heading).toHaveFocus());
    const nav = screen.getByRole('navigation', { name: 'Desk' });
    expect(within(nav).getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Work to do' })).toBeInTheDocument();
  });

  it('shows late orders first in the warning colour, what to make and dispatch, and the shop’s health', async () => {
    todayServer();
    render(<DeskApp />);
    const late = await screen.findByRole('region', { name: /^Late: 1 order past the dispatch-by date/ });
    expect(within(late).getByRole('link', { name: /SOL-11111111/ })).toHaveAttribute(
      'href',
      '#/orders/SOL-11111111',
    );
    expect(late).toHaveClass('border-danger');
    // Late comes before everything else on the screen.
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions[0]).toBe('today-late');

    const make = screen.getByRole('region', { name: 'Make today' });
    expect(
      within(make).getByText('8 of 8 pieces, the day’s capacity, over the orders due first.'),
    ).toBeInTheDocument();
    const rows = within(make)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // A quote's bespoke line has no bracelet size: its size cell is empty. Each line links the orders its pieces are for.
    expect(rows).toEqual([
      'Amber Glow BraceletSOL-11111111SOL-22222222M5',
      'Sea Glass BraceletSOL-33333333S1',
      'Bespoke wedding setSOL-444444442',
    ]);
    const amber = within(make).getByRole('row', { name: /Amber Glow/ });
    expect(within(amber).getByRole('link', { name: 'SOL-22222222' })).toHaveAttribute(
      'href',
      '#/orders/SOL-22222222',
    );
    const dispatch = screen.getByRole('region', { name: 'Dispatch today' });
    expect(within(dispatch).getAllByRole('link', { name: 'SOL-22222222' })).toHaveLength(1);
    // The next working days, by day, each order a link.
    expect(within(dispatch).getByRole('heading', { name: 'Next working days' })).toBeInTheDocument();
    expect(within(dispatch).getByText('Thursday 22 October')).toBeInTheDocument();
    expect(within(dispatch).getByText('Tuesday 27 October')).toBeInTheDocument();
    expect(
      within(dispatch)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '#/orders/SOL-22222222',
      // Today's labels to print (docs/product/shipping.md §22).
      '/api/admin/labels/today.pdf',
      '/api/admin/labels/today.pdf?layout=a4',
      '#/orders/SOL-33333333',
      '#/orders/SOL-55555555',
      '#/orders/SOL-44444444',
    ]);
    // Each order due today or on the next days has its "Buy label" (a parcel ready early goes early).
    expect(
      within(dispatch)
        .getAllByRole('button', { name: /^Buy label for / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Buy label for SOL-22222222',
      'Buy label for SOL-33333333',
      'Buy label for SOL-55555555',
      'Buy label for SOL-44444444',
    ]);

    // Who did what on the orders today, newest first, each order a link.
    const done = screen.getByRole('region', { name: 'Done today' });
    expect(
      within(done)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['10:42SOL-66666666Dispatched by Niamh', '09:05SOL-77777777Refunded €12.00 by API token']);
    expect(within(done).getByRole('link', { name: 'SOL-66666666' })).toHaveAttribute(
      'href',
      '#/orders/SOL-66666666',
    );

    // In the owner's words: no folder, transport or database engine.
    const health = screen.getByRole('region', { name: 'Shop health' });
    expect(within(health).getByText('2, oldest 1 h 5 min')).toBeInTheDocument();
    const said = (label: string) => within(health).getByText(label).nextElementSibling;
    expect(said('E-mails')).toHaveTextContent(/^failing$/);
    expect(said('E-mails')).toHaveClass('text-danger');
    expect(said('Database')).toHaveTextContent(/^answering$/);
    expect(health).not.toHaveTextContent(/\.eml|outbox|SQLite|PostgreSQL/);
    expect(said('Last payment')).toHaveTextContent(/^Not yet$/);
    expect(said('Last check with the payment provider')).not.toHaveTextContent('Not yet');
    expect(health).not.toHaveTextContent(/reconcile|event/i);
  });

  it('shows its work once the seller’s settings answered too, so their warning never pushes it down', async () => {
    let answerSettings: (response: Response) => void = () => undefined;
    const settings = new Promise<Response>((resolve) => {
      answerSettings = resolve;
    });
    todayServer({ settings });
    const today = vi.spyOn(deskApi, 'today');
    render(<DeskApp />);
    // Today's own answer has arrived and been read (the page took it before this test's turn); the
    // settings' has not.
    await waitFor(() => expect(today).toHaveBeenCalled());
    await today.mock.results[0]?.value;
    await act(async () => undefined);
    expect(screen.getByText('Loading today’s work…')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Make today' })).not.toBeInTheDocument();

    const placeholder = settingsDefaults({
      makingCapacityPerDay: 8,
      earlyBird: null,
      seller: { name: SELLER.legalName, address: SELLER.address, vatNumber: null, vatRate: 23 },
      ownerEmail: 'orders@solas.example',
      closedDates: [],
    });
    answerSettings(
      json(200, { ok: true, settings: { ...placeholder, updatedAt: '2026-10-21T08:00:00.000Z' } }),
    );
    const warning = (await screen.findByText('Your legal name or address is still the placeholder.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    const make = await screen.findByRole('region', { name: 'Make today' });
    // The warning stands above the work: it was there before the work showed.
    expect(warning.compareDocumentPosition(make) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('Loading today’s work…')).not.toBeInTheDocument();
  });

  it('tells the owner the EU VAT threshold was crossed: register for OSS in ROS by the 10th of the next month', async () => {
    const notice = thresholdNotice('crossed', 'ireland', ossRegistrationDeadline('2026-11-25' as IsoDate));
    todayServer({
      threshold: json(200, {
        ok: true,
        thisYear: 1_000_500,
        lastYear: 0,
        threshold: 1_000_000,
        state: 'crossed',
        notice,
      }),
    });
    render(<DeskApp />);
    const alert = await screen.findByText(/Register for OSS in ROS by Thursday 10 December 2026/);
    expect(alert).toHaveTextContent(notice ?? 'none');
    expect(screen.getByRole('heading', { name: 'Today' })).toBeInTheDocument();
  });

  it('sends a failed e-mail again once per click and shows the outbox after it', async () => {
    const { requests, answerRetry } = todayServer();
    const user = userEvent.setup();
    render(<DeskApp />);
    const again = await screen.findByRole('button', { name: 'Send again: e-mail 41 for SOL-11111111' });
    // The second click lands while the first one's answer is on its way.
    await user.dblClick(again);
    answerRetry();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument());
    const retries = requests.filter((r) => r.url === '/api/admin/outbox/41/retry');
    expect(retries).toHaveLength(1);
    expect(retries[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(
      within(screen.getByRole('region', { name: 'Shop health' })).getByText('3, oldest 1 min'),
    ).toBeInTheDocument();
  });

  it('changes the making capacity, refusing what is not a whole number from 1 to 1000', async () => {
    const { requests } = todayServer();
    const user = userEvent.setup();
    render(<DeskApp />);
    const field = await screen.findByLabelText('Making capacity (pieces per working day)');
    expect(field).toHaveValue(8);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of pieces from 1 to 1000.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(await screen.findByText('Saved: 12 pieces a working day.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ makingCapacityPerDay: 12 });
  });
});

describe('formatAge', () => {
  it('gathers the customs declarations of the orders leaving the EU, and the day’s customs CSV', async () => {
    // Bound for the US: Today gathers its customs declaration.
    todayServer({ customs: true });
    render(<DeskApp />);
    const dispatch = await screen.findByRole('region', { name: 'Dispatch today' });
    expect(within(dispatch).getByRole('link', { name: 'CN23 (A4)' })).toHaveAttribute(
      'href',
      '/api/admin/orders/SOL-22222222/customs.pdf',
    );
    expect(within(dispatch).getByRole('link', { name: 'CN23 (A6)' })).toHaveAttribute(
      'href',
      '/api/admin/orders/SOL-22222222/customs.pdf?size=a6',
    );
    expect(within(dispatch).getByRole('link', { name: 'Today’s customs data (CSV)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/admin\/customs\.csv\?date=\d{4}-\d{2}-\d{2}$/),
    );
  });

  it('words an age in minutes, hours or days', () => {
    expect(formatAge(59)).toBe('0 min');
    expect(formatAge(3_900)).toBe('1 h 5 min');
    expect(formatAge(90_000)).toBe('1 day 1 h');
  });
});
