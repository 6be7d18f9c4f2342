// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../../domain/making/today';
import type { AdminDiscountListed } from '../../../../domain/offers/discount-admin';
import { DiscountsPage } from './discounts-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const XMAS: Omit<AdminDiscountListed, 'uses' | 'reserved' | 'revenue'> = {
  code: 'XMAS15',
  percentOff: 15,
  amountOff: null,
  minSubtotal: 6000,
  startsAt: null,
  endsAt: '2026-12-25T00:00:00.000Z',
  maxUses: 2,
  oncePerEmail: false,
  active: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const SETTINGS = {
  makingCapacityPerDay: 8,
  earlyBird: { percent: 15, minPieces: 20, until: '2026-10-31' },
};

describe("the desk's Discounts", () => {
  it('lists codes with uses and revenue, and creates a code in Irish time with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const posts: { body: Record<string, unknown>; key: string | null }[] = [];
    let listed: AdminDiscountListed[] = [{ ...XMAS, uses: 1, reserved: 1, revenue: 5950 }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/discounts' && (init?.method ?? 'GET') === 'GET')
          return json(200, { ok: true, discounts: listed });
        if (url === '/api/admin/settings') return json(200, { ok: true, settings: SETTINGS });
        if (url === '/api/admin/discounts' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          posts.push({ body, key: new Headers(init.headers).get('Idempotency-Key') });
          const discount = {
            ...XMAS,
            code: 'TENOFF',
            percentOff: null,
            amountOff: 1000,
            minSubtotal: 0,
            maxUses: null,
          };
          listed = [...listed, { ...discount, uses: 0, reserved: 0, revenue: 0 }];
          return json(201, { ok: true, discount });
        }
        throw new Error(`unexpected ${init?.method} ${url}`);
      }),
    );
    render(<DiscountsPage />);
    const row = (await screen.findByText('XMAS15')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText(/15% off, from €60/)).toBeInTheDocument();
    expect(within(row).getByText('1 of 2 (1 in checkout)')).toBeInTheDocument();
    expect(within(row).getByText('€59.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New code' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'tenoff');
    await user.click(screen.getByRole('radio', { name: /Amount off/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount off in euro' }), '10');
    await user.type(screen.getByLabelText('Starts (Irish time)'), '2026-07-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('TENOFF')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[0]?.body).toMatchObject({
      code: 'TENOFF',
      amountOff: 1000,
      minSubtotal: 0,
      // Irish summer time: 09:00 in Dublin is 08:00 UTC.
      startsAt: '2026-07-01T09:00:00+01:00',
      endsAt: null,
      maxUses: null,
      active: true,
    });
  });

  it('keeps the early-bird form in its place while its terms load, so New code never moves', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const settingsAnswered = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/discounts') return json(200, { ok: true, discounts: [] });
        if (url === '/api/admin/settings' && (init?.method ?? 'GET') === 'GET') return settingsAnswered;
        throw new Error(`unexpected ${init?.method} ${url}`);
      }),
    );
    render(<DiscountsPage />);
    const section = await screen.findByRole('region', { name: 'Early-bird price' });
    expect(await within(section).findByRole('status')).toHaveTextContent('Loading the early-bird price…');
    // The loaded form's controls, off and empty: nothing below them moves when the terms arrive.
    expect(within(section).getByRole('checkbox', { name: 'Offer an early-bird price' })).toBeDisabled();
    expect(within(section).getByRole('spinbutton', { name: 'Percent off' })).toHaveValue(null);
    expect(within(section).getByRole('button', { name: 'Save early-bird price' })).toBeDisabled();
    // The codes are there to work with meanwhile.
    await user.click(screen.getByRole('button', { name: 'New code' }));
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeInTheDocument();

    answer(json(200, { ok: true, settings: SETTINGS }));
    await waitFor(() =>
      expect(within(section).getByRole('checkbox', { name: 'Offer an early-bird price' })).toBeEnabled(),
    );
    expect(within(section).getByRole('checkbox', { name: 'Offer an early-bird price' })).toBeChecked();
    expect(within(section).getByRole('spinbutton', { name: 'Percent off' })).toHaveValue(15);
    expect(within(section).queryByRole('status')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeInTheDocument();
  });

  it('sets the early-bird price: each field checked with its own message, saved once with a key, or off', async () => {
    const user = userEvent.setup();
    const patches: { body: unknown; key: string | null }[] = [];
    let settings: unknown = SETTINGS;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/discounts') return json(200, { ok: true, discounts: [] });
        if (url === '/api/admin/settings' && init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as { earlyBird: unknown };
          patches.push({ body, key: new Headers(init.headers).get('Idempotency-Key') });
          settings = { makingCapacityPerDay: 8, earlyBird: body.earlyBird };
        }
        if (url === '/api/admin/settings') return json(200, { ok: true, settings });
        throw new Error(`unexpected ${init?.method} ${url}`);
      }),
    );
    render(<DiscountsPage />);
    const section = await screen.findByRole('region', { name: 'Early-bird price' });
    expect(section).toHaveTextContent('It never stacks with a discount code');
    await waitFor(() => expect(within(section).queryByText('Loading the early-bird price…')).toBeNull());
    const percent = within(section).getByRole('spinbutton', { name: 'Percent off' });
    const pieces = within(section).getByRole('spinbutton', { name: 'Minimum pieces' });
    const lastDay = within(section).getByLabelText('Last day');
    expect(percent).toHaveValue(15);
    expect(lastDay).toHaveValue('2026-10-31');

    await user.clear(percent);
    await user.type(percent, '95');
    await user.clear(pieces);
    await user.type(pieces, '1');
    await user.click(within(section).getByRole('button', { name: 'Save early-bird price' }));
    expect(percent).toHaveAccessibleDescription(SETTINGS_MESSAGES.earlyBirdPercent);
    expect(pieces).toHaveAccessibleDescription(SETTINGS_MESSAGES.earlyBirdMinPieces);
    expect(patches).toEqual([]);

    await user.clear(percent);
    await user.type(percent, '10');
    await user.clear(pieces);
    await user.type(pieces, '12');
    await user.clear(lastDay);
    await user.type(lastDay, '2026-12-20');
    await user.click(within(section).getByRole('button', { name: 'Save early-bird price' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Saved: 10% off orders of 12+ pieces through 20 December.',
    );
    expect(patches).toEqual([
      {
        body: { earlyBird: { percent: 10, minPieces: 12, until: '2026-12-20' } },
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);

    await user.click(within(section).getByRole('checkbox', { name: 'Offer an early-bird price' }));
    expect(percent).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'Save early-bird price' }));
    expect(await within(section).findByText('Saved: no early-bird price.')).toBeInTheDocument();
    expect(patches[1]?.body).toEqual({ earlyBird: null });
  });
});
