// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../domain/config';
import { LazyToaster } from '../components/ui/toast';
import { CartProvider } from '../features/cart/cart-context';
import { rememberPaidOrder } from '../features/checkout/paid-order-memory';
import { getEvents } from '../features/events/events';
import { HashRouter } from '../lib/router';
import { renderWithCatalogue } from '../test-support/render-with-catalogue';
import { OrderConfirmationPage } from './order-confirmation-page';
import { PaymentCanceledPage } from './payment-canceled-page';

const SESSION = 'cs_test_abcdefgh12345678';
const PAID = {
  status: 'paid',
  reference: 'SOL-ABCDEFGH',
  items: [{ id: '1', name: 'First Light', size: 'L', quantity: 2, unitPrice: 4000, lineTotal: 8000 }],
  subtotal: 8000,
  shipping: 0,
  giftWrap: 350,
  giftMessage: 'Happy birthday <b>Aoife</b>!\nLove, Niamh',
  total: 8350,
  email: 's***@example.ie',
  emailStatus: 'queued',
  orderPagePath: '/#/order/SOL-ABCDEFGH?key=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage(page: 'confirm' | 'cancel' = 'confirm') {
  return renderWithCatalogue(
    <HashRouter>
      <CartProvider>
        {page === 'confirm' ? <OrderConfirmationPage /> : <PaymentCanceledPage />}
        <LazyToaster />
      </CartProvider>
    </HashRouter>,
  );
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '1', quantity: 2 }]));
  localStorage.setItem(STORAGE_KEYS.checkoutEmail, 'shopper@example.ie');
  window.location.hash = `#/order-confirmation?session_id=${SESSION}`;
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OrderConfirmationPage', () => {
  it('shows an order the gift cards paid in full from the checkout’s answer, with the split, and clears the cart', async () => {
    const fetchMock = vi.fn(async () => json(500, {}));
    vi.stubGlobal('fetch', fetchMock);
    rememberPaidOrder({
      ...PAID,
      payments: [{ method: 'gift_card', amount: 8350, last4: '7KQM' }],
    } as Parameters<typeof rememberPaidOrder>[0]);
    window.location.hash = '#/order-confirmation?paid=SOL-ABCDEFGH';
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    expect(screen.getByTestId('order-reference')).toHaveTextContent('SOL-ABCDEFGH');
    expect(screen.getByText('Gift card ••••7KQM', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '€83.50',
    );
    // No session to ask about: the checkout's answer is the order.
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.cart)).not.toContain('"id":"1"'));
  });

  it('verifies with the server, confirms, and on first sight clears the cart and records the purchase', async () => {
    localStorage.setItem(STORAGE_KEYS.discountCode, JSON.stringify({ code: 'XMAS15' }));
    const fetchMock = vi.fn(async () => json(200, PAID));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your order...');
    const confirmed = await screen.findByRole('heading', { name: 'Order Confirmed!' });
    // Focused by an effect, which may run a moment after the heading is on screen.
    await waitFor(() => expect(confirmed).toHaveFocus());
    // Each line with its size; the gift message as plain text, markup and all (docs/product/sizes.md §13.4).
    expect(screen.getByText('First Light (Large)')).toBeVisible();
    expect(screen.getByTestId('confirmed-gift-message').textContent).toBe(
      'Happy birthday <b>Aoife</b>!\nLove, Niamh',
    );
    expect(screen.getByTestId('confirmed-gift-message').querySelector('b')).toBeNull();
    expect(
      screen.getByText('Thank you for your purchase. Your order has been successfully placed.'),
    ).toBeVisible();
    expect(screen.getByText('Order Reference')).toBeVisible();
    expect(screen.getByTestId('order-reference')).toHaveTextContent('SOL-ABCDEFGH');
    expect(screen.getByText(/A confirmation email is on its way to s\*\*\*@example\.ie/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '#/shop');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '#/');
    // The order's page, the link of the confirmation e-mail: the shopper can follow the order from here.
    expect(screen.getByRole('link', { name: 'your order page' })).toHaveAttribute(
      'href',
      '#/order/SOL-ABCDEFGH?key=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi',
    );
    expect(await screen.findByText('Order confirmation sent to your email!')).toBeInTheDocument();

    expect(fetchMock).toHaveBeenCalledWith(
      `/api/orders/${SESSION}/confirm`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(localStorage.getItem(STORAGE_KEYS.checkoutEmail)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? 'null')).toEqual([]);
    // The paid order took its discount code with it (docs/product/numbers.md §4.2a).
    expect(localStorage.getItem(STORAGE_KEYS.discountCode)).toBeNull();
    const purchase = getEvents().filter((e) => e.name === 'purchase');
    expect(purchase).toHaveLength(1);
    expect(purchase[0]?.data).toMatchObject({ total: 8350, itemCount: 2 });
  });

  it('shows a paid quote’s custom line without a size, and its dispatch date', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          ...PAID,
          items: [
            {
              id: 'custom:Q-ABCD2345:1',
              name: 'Bespoke set',
              size: null,
              quantity: 25,
              unitPrice: 4000,
              lineTotal: 100000,
            },
          ],
          subtotal: 100000,
          giftWrap: 0,
          total: 100000,
          dispatchBy: '2027-01-15',
          delivery: { dispatch: '2027-01-15', earliest: '2027-01-20', latest: '2027-01-22' },
        }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    expect(screen.getByText('Bespoke set')).toBeVisible();
    expect(screen.queryByText(/Bespoke set \(/)).toBeNull();
    expect(screen.getAllByText(/Friday 15 January/).length).toBeGreaterThan(0);
  });

  it('on a reload shows the order again without clearing a new cart or recording a second purchase', async () => {
    localStorage.removeItem(STORAGE_KEYS.checkoutEmail);
    localStorage.setItem(STORAGE_KEYS.discountCode, JSON.stringify({ code: 'NEXT10' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, PAID)),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? 'null')).toEqual([{ id: '1', quantity: 2 }]);
    expect(localStorage.getItem(STORAGE_KEYS.discountCode)).toBe('{"code":"NEXT10"}');
    expect(getEvents().filter((e) => e.name === 'purchase')).toHaveLength(0);
  });

  it('links only to an order page: another address in the answer gives no link', async () => {
    for (const orderPagePath of [
      'https://elsewhere.example/#/order/SOL-ABCDEFGH?key=abc',
      '/#/shop',
      '/#/order/SOL-ABCDEFGH?key=abc&next=//elsewhere',
      'javascript:alert(1)',
    ]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, { ...PAID, orderPagePath })),
      );
      const view = renderPage();
      expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'your order page' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('says plainly when the order is unknown, and keeps the cart', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { status: 'unknown' })),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.checkoutEmail)).toBe('shopper@example.ie');
  });

  it('just finishes loading without a session id', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    window.location.hash = '#/order-confirmation';
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No order to show' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers Try again when the server cannot verify, then confirms', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(502, { ok: false, error: 'We could not check your payment just now.' }))
      .mockResolvedValueOnce(json(200, PAID));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your payment just now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  });

  it('asks again by itself after a 503 with Retry-After, still verifying, then confirms', async () => {
    const busy = new Response(JSON.stringify({ ok: false, error: 'The shop is busy right now.' }), {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
    });
    const fetchMock = vi.fn().mockResolvedValueOnce(busy).mockResolvedValueOnce(json(200, PAID));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your order...');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The second request goes after the server's Retry-After (1 s), with no click.
    expect(
      await screen.findByRole('heading', { name: 'Order Confirmed!' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PaymentCanceledPage', () => {
  it('shows its texts and records payment_canceled with cart total and item count', async () => {
    window.location.hash = '#/payment-canceled';
    renderPage('cancel');
    expect(screen.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    expect(screen.getByText('Your payment was cancelled and no charges were made.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '#/cart');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '#/shop');
    await waitFor(() => expect(getEvents().map((e) => e.name)).toEqual(['payment_canceled']));
    // First Light is €40: free shipping in Ireland, so the total is the subtotal.
    expect(getEvents()[0]?.data).toEqual({ total: 8000, itemCount: 2 });
  });
});
