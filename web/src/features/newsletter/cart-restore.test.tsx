// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import { CART_REMINDER_TEXT, type RestoredCart } from '../../../../domain/newsletter/cart-reminder';
import { AppProviders } from '../../app/providers';
import { HashRouter } from '../../lib/router';
import { CartPage } from '../../pages/cart-page';
import { getSeedProduct, renderWithCatalogue } from '../../test-support/render-with-catalogue';

const TOKEN = 'A'.repeat(32);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderRestore() {
  window.location.hash = `#/cart?restore=${TOKEN}`;
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>
        <CartPage />
      </AppProviders>
    </HashRouter>,
  );
}

const product1 = getSeedProduct('1');
const product2 = getSeedProduct('2');
const CART: RestoredCart = {
  ok: true,
  used: false,
  lines: [{ id: '1', name: product1?.name ?? '', size: 'M', quantity: 2, unitPrice: product1?.price ?? 0 }],
  unavailable: [{ id: '2', name: product2?.name ?? '', reason: 'paused' }],
};

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the cart reminder’s link on the cart page', () => {
  it('only looks on opening, then puts the lines back on the shopper’s press and names what cannot', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(200, CART)).mockResolvedValueOnce(json(200, CART));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRestore();
    expect(await screen.findByRole('heading', { name: 'Your saved cart' })).toBeInTheDocument();
    // The saved cart, not an empty one beside it.
    expect(screen.queryByText('Your cart is empty')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].method).toBe('GET');
    expect(screen.getByText(`No longer available, so not put back: ${product2?.name}.`)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cart) ?? '[]').not.toContain('"1"');

    await user.click(screen.getByRole('button', { name: 'Put these back in my cart' }));
    const heading = await screen.findByRole('heading', { name: 'Your cart is back' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].method).toBe('POST');
    expect(screen.getByText(/2 items are back in your cart/)).toHaveAttribute('role', 'status');
    expect(screen.getByText(CART_REMINDER_TEXT.unavailable([product2?.name ?? '']))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute(
      'href',
      '#/cart?checkout=1',
    );
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '[]')).toEqual([
        expect.objectContaining({ id: '1', quantity: 2, size: 'M' }),
      ]),
    );
  });

  it('says an unknown or expired link is no longer valid, with a way back to the shop', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(404, { ok: false, error: CART_REMINDER_TEXT.unknown })),
    );
    renderRestore();
    expect(await screen.findByRole('alert')).toHaveTextContent(CART_REMINDER_TEXT.unknown);
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '#/shop');
  });
});
