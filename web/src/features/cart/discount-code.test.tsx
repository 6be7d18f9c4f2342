// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueSnapshot } from '../../../../domain/catalogue/snapshot';
import { STORAGE_KEYS } from '../../../../domain/config';
import { DISCOUNT_CHECK_PATH } from '../../../../domain/offers/discounts';
import { AppProviders } from '../../app/providers';
import { HashRouter } from '../../lib/router';
import { CartPage } from '../../pages/cart-page';
import { renderWithCatalogue, seedWith } from '../../test-support/render-with-catalogue';
import { cartEarlyBird, readStoredDiscountCode } from './discount-check-api';

function renderCart(lines: ReadonlyArray<{ id: string; quantity: number }>, catalogue?: CatalogueSnapshot) {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(lines));
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>
        <CartPage />
      </AppProviders>
    </HashRouter>,
    catalogue ? { catalogue } : {},
  );
}

function summaryValue(label: RegExp): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** The server's answers, by the code asked about (none: the tier's question). */
function serverAnswers(answers: Record<string, { status: number; body: unknown }>) {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== DISCOUNT_CHECK_PATH) throw new Error(`unexpected fetch ${url}`);
      const body = JSON.parse(String(init.body)) as { code?: string };
      asked.push(body);
      const answer = answers[body.code ?? ''] ?? { status: 500, body: null };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return asked;
}

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '#/cart';
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__SOLAS_EARLY_BIRD__;
});

describe('the cart’s discount code', () => {
  it('applies a code the server accepts: its line and the new total', async () => {
    const user = userEvent.setup();
    const asked = serverAnswers({
      XMAS15: {
        status: 200,
        body: {
          ok: true,
          discount: 1050,
          discountCode: 'XMAS15',
          label: 'Discount (XMAS15)',
          shipping: 0,
          total: 5950,
        },
      },
    });
    renderCart([
      { id: '1', quantity: 1 },
      { id: '5', quantity: 1 },
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Gift card or discount code' }), 'xmas15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(summaryValue(/^Discount \(XMAS15\)$/)).toBe('−€10.50'));
    expect(summaryValue(/^Total$/)).toBe('€59.50');
    expect(screen.getByRole('button', { name: 'Remove XMAS15' })).toBeInTheDocument();
    expect(asked[0]).toMatchObject({
      code: 'XMAS15',
      items: [
        { id: '1', quantity: 1 },
        { id: '5', quantity: 1 },
      ],
    });
  });

  it('says free shipping only when the items after the discount reach it, as the checkout charges', async () => {
    const user = userEvent.setup();
    // €70 of items ships free in Ireland (from €40); €35 after half off does not: €4.95.
    serverAnswers({
      HALF: {
        status: 200,
        body: {
          ok: true,
          discount: 3500,
          discountCode: 'HALF',
          label: 'Discount (HALF)',
          shipping: 495,
          total: 3995,
        },
      },
    });
    renderCart([
      { id: '1', quantity: 1 },
      { id: '5', quantity: 1 },
    ]);
    expect(screen.getByText(/qualified for free shipping/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Gift card or discount code' }), 'half');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(summaryValue(/^Total$/)).toBe('€39.95'));
    expect(summaryValue(/^Shipping/)).toBe('€4.95');
    expect(screen.queryByText(/qualified for free shipping/)).not.toBeInTheDocument();
    expect(screen.getByText("You're €5.00 away from free shipping")).toBeInTheDocument();
  });

  it('asks about the lines that can be checked out only, leaving a paused one out', async () => {
    const user = userEvent.setup();
    const asked = serverAnswers({
      XMAS15: {
        status: 200,
        body: {
          ok: true,
          discount: 450,
          discountCode: 'XMAS15',
          label: 'Discount (XMAS15)',
          shipping: 495,
          total: 3045,
        },
      },
    });
    renderCart(
      [
        { id: '2', quantity: 1 },
        { id: '5', quantity: 1 },
      ],
      seedWith({ '2': { status: 'paused' } }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Gift card or discount code' }), 'xmas15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(summaryValue(/^Discount \(XMAS15\)$/)).toBe('−€4.50'));
    expect(asked.length).toBeGreaterThan(0);
    for (const body of asked)
      expect(body).toMatchObject({ code: 'XMAS15', items: [{ id: '5', quantity: 1, size: 'M' }] });
  });

  it('keeps an applied code through a reload, asking the server about it again', async () => {
    const user = userEvent.setup();
    const accepted = {
      status: 200,
      body: {
        ok: true,
        discount: 1050,
        discountCode: 'XMAS15',
        label: 'Discount (XMAS15)',
        shipping: 0,
        total: 5950,
      },
    };
    const asked = serverAnswers({ XMAS15: accepted });
    const lines = [
      { id: '1', quantity: 1 },
      { id: '5', quantity: 1 },
    ];
    const first = renderCart(lines);
    await user.type(screen.getByRole('textbox', { name: 'Gift card or discount code' }), 'xmas15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(summaryValue(/^Discount \(XMAS15\)$/)).toBe('−€10.50'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.discountCode) ?? 'null')).toEqual({ code: 'XMAS15' });
    first.unmount();
    asked.length = 0;

    renderCart(lines);
    await waitFor(() => expect(summaryValue(/^Discount \(XMAS15\)$/)).toBe('−€10.50'));
    expect(summaryValue(/^Total$/)).toBe('€59.50');
    expect(screen.getByRole('button', { name: 'Remove XMAS15' })).toBeInTheDocument();
    expect(asked).toContainEqual(expect.objectContaining({ code: 'XMAS15' }));

    await user.click(screen.getByRole('button', { name: 'Remove XMAS15' }));
    expect(localStorage.getItem(STORAGE_KEYS.discountCode)).toBeNull();
    await waitFor(() => expect(screen.queryByText(/^Discount \(XMAS15\)$/)).not.toBeInTheDocument());
  });

  it('drops a kept code the server now refuses, and says so', async () => {
    localStorage.setItem(STORAGE_KEYS.discountCode, JSON.stringify({ code: 'OLD' }));
    serverAnswers({
      OLD: { status: 400, body: { ok: false, error: 'The code OLD has expired.', field: 'code' } },
    });
    renderCart([{ id: '5', quantity: 1 }]);
    await waitFor(() =>
      expect(screen.getByText('The code OLD has expired. We have taken it off your cart.')).toBeVisible(),
    );
    expect(localStorage.getItem(STORAGE_KEYS.discountCode)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove OLD' })).not.toBeInTheDocument();
    expect(summaryValue(/^Total$/)).toBe('€34.95');
  });

  it('keeps the code when the server cannot be asked, or refuses the items rather than the code', async () => {
    localStorage.setItem(STORAGE_KEYS.discountCode, JSON.stringify({ code: 'XMAS15' }));
    const asked = serverAnswers({ XMAS15: { status: 503, body: { ok: false, error: 'Busy' } } });
    const first = renderCart([{ id: '5', quantity: 1 }]);
    expect(await screen.findByRole('button', { name: 'Remove XMAS15' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.discountCode) ?? 'null')).toEqual({ code: 'XMAS15' });
    first.unmount();

    serverAnswers({
      XMAS15: { status: 400, body: { ok: false, error: 'First Light is not made in Medium.' } },
    });
    renderCart([{ id: '5', quantity: 1 }]);
    expect(await screen.findByRole('button', { name: 'Remove XMAS15' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.discountCode) ?? 'null')).toEqual({ code: 'XMAS15' });
  });

  it('reads a kept code only in the shape the cart writes, with zod: garbage is no code', () => {
    expect(readStoredDiscountCode()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.discountCode, '{"code":"XMAS15"}');
    expect(readStoredDiscountCode()).toBe('XMAS15');
    for (const stored of [
      'XMAS15',
      '{"code":"no spaces allowed"}',
      '{"code":"xmas15"}',
      '{"code":7}',
      '["XMAS15"]',
      'null',
      '{',
    ]) {
      localStorage.setItem(STORAGE_KEYS.discountCode, stored);
      expect(readStoredDiscountCode(), stored).toBeNull();
    }
  });

  it('shows each refusal as the server words it, and changes no total', async () => {
    const user = userEvent.setup();
    serverAnswers({
      OLD: { status: 400, body: { ok: false, error: 'The code OLD has expired.' } },
    });
    renderCart([{ id: '5', quantity: 1 }]);
    await user.type(screen.getByRole('textbox', { name: 'Gift card or discount code' }), 'old');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code OLD has expired.');
    expect(screen.getByRole('textbox', { name: 'Gift card or discount code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(summaryValue(/^Total$/)).toBe('€34.95');
  });

  it('shows the early-bird line from 20 pieces, and says when it beats the code typed', async () => {
    const user = userEvent.setup();
    const tier = {
      ok: true,
      discount: 10500,
      discountCode: null,
      label: 'Early bird',
      shipping: 0,
      total: 59500,
    };
    serverAnswers({ '': { status: 200, body: tier }, SMALL: { status: 200, body: tier } });
    renderCart([
      { id: '1', quantity: 10 },
      { id: '5', quantity: 10 },
    ]);
    await waitFor(() => expect(summaryValue(/^Early bird$/)).toBe('−€105.00'));
    await user.type(screen.getByRole('textbox', { name: 'Gift card or discount code' }), 'small');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/The early-bird price beats SMALL/)).toBeInTheDocument();
    expect(summaryValue(/^Total$/)).toBe('€595.00');
  });

  it('states the owner’s terms from /runtime-env.js and asks from their minimum', async () => {
    window.__SOLAS_EARLY_BIRD__ = { percent: 10, minPieces: 5, until: '2026-12-20', lastDay: '20 December' };
    const asked = serverAnswers({
      '': {
        status: 200,
        body: {
          ok: true,
          discount: 1748,
          discountCode: null,
          label: 'Early bird',
          shipping: 0,
          total: 15727,
        },
      },
    });
    renderCart([{ id: '5', quantity: 5 }]);
    expect(
      await screen.findByText(
        'Early bird: 10% off orders of 5+ pieces until 20 December, applied automatically. It never adds to a discount code: the better one for you applies.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(summaryValue(/^Early bird$/)).toBe('−€17.48'));
    expect(asked).toEqual([expect.not.objectContaining({ code: expect.anything() })]);
  });

  it('says nothing of an early-bird price when there is none now or the server did not say', () => {
    window.__SOLAS_EARLY_BIRD__ = null;
    expect(cartEarlyBird()).toEqual({ minPieces: Number.POSITIVE_INFINITY, note: null });
    window.__SOLAS_EARLY_BIRD__ = { percent: 15, minPieces: 5, until: '2026-12-20' };
    expect(cartEarlyBird()).toBeUndefined();
    delete window.__SOLAS_EARLY_BIRD__;
    expect(cartEarlyBird()).toBeUndefined();
  });
});
