// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHIPPING_MESSAGES, shippingMessageText } from '../../../../domain/checkout/shipping-fields';
import { STORAGE_KEYS } from '../../../../domain/config';
import { REMIND_ME_HINT } from '../../../../domain/newsletter/remind-me';
import { EMAIL_MESSAGES } from '../../../../domain/shared/email';
import { HashRouter } from '../../lib/router';
import { renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { CartProvider } from '../cart/cart-context';
import { readCheckoutHealth } from '../events/events';
import { giftCardPayments } from '../gift-cards';
import { CheckoutSection } from './checkout-section';
import { paidOrderFor } from './paid-order-memory';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderSection() {
  return renderWithCatalogue(
    <HashRouter>
      <CartProvider>
        <CheckoutSection />
      </CartProvider>
    </HashRouter>,
  );
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '1', name: 'x', price: 1, quantity: 2 }]));
  localStorage.setItem(STORAGE_KEYS.zone, 'EU');
  window.location.hash = '#/cart';
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function enterEmail(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
  const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
  const input = within(dialog).getByLabelText('Email address');
  expect(input).toHaveValue('');
  expect(input).toHaveFocus();
  if (email) await user.type(input, email);
  await user.keyboard('{Enter}');
  return { dialog, input };
}

describe('CheckoutSection', () => {
  it('validates the e-mail under the field and sends nothing while it is invalid', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSection();
    const { input } = await enterEmail(user, 'not-an-email');
    expect(screen.getByText(EMAIL_MESSAGES.invalid)).toHaveClass('text-danger');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(EMAIL_MESSAGES.invalid);
    expect(fetchMock).not.toHaveBeenCalled();

    // Closing and reopening starts clean.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const again = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(again).getByLabelText('Email address')).toHaveValue('');
    expect(within(again).queryByText(EMAIL_MESSAGES.invalid)).not.toBeInTheDocument();
  });

  it('creates the session, shows the checkout states and stores the diagnostics', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { unmount } = renderSection();
    await enterEmail(user, '  shopper@example.ie ');

    const busy = await screen.findByRole('button', { name: 'Creating secure checkout...' });
    expect(busy).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.checkoutEmail)).toBe('shopper@example.ie');
    // The API client loads on the first checkout, so the request follows a moment later.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toEqual({
      email: 'shopper@example.ie',
      items: [{ id: '1', quantity: 2, size: 'M' }],
      giftWrap: false,
      zone: 'EU',
      // The reminder's box was left unticked: no consent.
      remindMe: false,
    });

    await act(async () =>
      answer(
        json(200, { ok: true, url: 'http://localhost/test-checkout/cs_test_abc', sessionId: 'cs_test_abc' }),
      ),
    );
    expect(await screen.findByRole('button', { name: 'Redirecting to secure checkout...' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Open the secure checkout' })).toHaveAttribute(
      'href',
      'http://localhost/test-checkout/cs_test_abc',
    );
    expect(readCheckoutHealth().lastSuccessAt).not.toBeNull();
    const events = JSON.parse(localStorage.getItem(STORAGE_KEYS.events) ?? '[]') as { name: string }[];
    expect(events.map((e) => e.name)).toEqual(['checkout_start', 'payment_attempt']);
    // Leave before the redirect fires (jsdom cannot navigate); the browser journey covers it.
    unmount();
  });

  it('offers the one cart reminder as a labelled box, unticked, and sends remindMe only when ticked', async () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { unmount } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    const box = within(dialog).getByRole('checkbox', { name: "E-mail me once if I don't finish my order" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(REMIND_ME_HINT);
    await user.type(within(dialog).getByLabelText('Email address'), 'remind@example.ie');
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ email: 'remind@example.ie', remindMe: true });
    unmount();

    // A new opening starts unticked again: consent is never carried over.
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const again = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(again).getByRole('checkbox', { name: /E-mail me once/ })).not.toBeChecked();
  });

  it('shows the failure alert with the server detail and retries with the same e-mail', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(502, { ok: false, error: 'The payment provider could not be reached.' }))
      .mockResolvedValueOnce(json(500, {}))
      .mockResolvedValueOnce(
        json(200, { ok: true, url: 'https://checkout.stripe.com/c/pay/cs_test_x', sessionId: 'cs_test_x' }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { unmount } = renderSection();
    await enterEmail(user, 'shopper@example.ie');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't start secure checkout. Please try again.");
    expect(alert).toHaveTextContent('The payment provider could not be reached.');
    expect(readCheckoutHealth().lastError).toMatchObject({ code: 'CHECKOUT_SESSION_FAILED' });
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Server returned 500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Redirecting to Stripe...' })).toBeDisabled();
    const emails = fetchMock.mock.calls.map(
      (c) => JSON.parse(String((c as [string, RequestInit])[1].body)).email,
    );
    expect(emails).toEqual(['shopper@example.ie', 'shopper@example.ie', 'shopper@example.ie']);
    // The same checkout retried carries the first attempt's Idempotency-Key: an order the gift cards
    // paid whose answer was lost is answered again, never paid twice.
    const keys = fetchMock.mock.calls.map((c) =>
      new Headers((c as [string, RequestInit])[1].headers).get('Idempotency-Key'),
    );
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    unmount();
  });

  it('stores NETWORK_ERROR with the network message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderSection();
    await enterEmail(user, 'shopper@example.ie');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
    expect(readCheckoutHealth().lastError).toMatchObject({ code: 'NETWORK_ERROR', msg: 'Failed to fetch' });
  });

  it('opens the e-mail step once from /cart?checkout=1 and drops the flag', async () => {
    vi.stubGlobal('fetch', vi.fn());
    window.location.hash = '#/cart?checkout=1';
    renderSection();
    expect(await screen.findByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/cart'));
  });

  it('renders nothing for an empty cart', () => {
    localStorage.removeItem(STORAGE_KEYS.cart);
    renderSection();
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });
});

function sentBody(fetchMock: ReturnType<typeof vi.fn>, call = 0): Record<string, unknown> {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Full name'), 'Aoife Byrne');
  await user.type(within(dialog).getByLabelText('Address line 1'), '12 Quay Street');
  await user.type(within(dialog).getByLabelText('Town or city'), 'Galway');
  await user.type(within(dialog).getByLabelText('Postcode (Eircode in Ireland)'), 'H91 X2Y3');
}

/**
 * The address step (docs/product/gift-cards.md §19.3): when gift cards pay the whole order of bracelets no
 * payment page follows, so the dialog asks for the delivery address, and asks again when the server (which
 * decides) says the address is needed or a field is wrong.
 */
describe('the checkout dialog’s address step', () => {
  /** jsdom has no scrolling; a paid order scrolls the emptied cart page back to its top. */
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '1', name: 'x', price: 1, quantity: 1 }]));
    localStorage.setItem(STORAGE_KEYS.zone, 'IE');
  });

  afterEach(() => giftCardPayments.clear());

  it('asks for the address when the cards cover the total: errors by the field, focus on the first, the zone’s countries only', async () => {
    giftCardPayments.add({ code: 'ABCDEFGHJKMNPQRS', last4: 'PQRS', balance: 100_000 });
    const fetchMock = vi.fn(async () => json(200, { ok: true, paid: true, reference: 'SOL-AB12CD34' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByRole('group', { name: 'Delivery address' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email address')).toHaveFocus();
    // The Irish zone posts to Ireland only.
    const country = within(dialog).getByLabelText('Country');
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ireland']);

    await user.type(within(dialog).getByLabelText('Email address'), 'aoife@example.ie');
    await user.keyboard('{Enter}');
    const name = within(dialog).getByLabelText('Full name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(shippingMessageText(SHIPPING_MESSAGES.name));
    expect(within(dialog).getByLabelText('Town or city')).toHaveAccessibleDescription(
      shippingMessageText(SHIPPING_MESSAGES.city),
    );
    expect(within(dialog).getByLabelText('Address line 2 (optional)')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();

    await fillAddress(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock).shipping).toEqual({
      name: 'Aoife Byrne',
      line1: '12 Quay Street',
      city: 'Galway',
      postalCode: 'H91 X2Y3',
      country: 'IE',
    });
    // Paid: the cart is done, and the checkout with it.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument(),
    );
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('asks without a guess when the server says the address is needed, then shows its refusal by the field', async () => {
    const answers = [
      json(400, { ok: false, error: SHIPPING_MESSAGES.needed }),
      json(400, { ok: false, error: SHIPPING_MESSAGES.city }),
      json(200, { ok: true, paid: true, reference: 'SOL-AB12CD34' }),
    ];
    const fetchMock = vi.fn(async () => answers.shift() ?? json(500, {}));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const first = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(first).queryByLabelText('Full name')).not.toBeInTheDocument();
    await user.type(within(first).getByLabelText('Email address'), 'aoife@example.ie');
    await user.keyboard('{Enter}');
    expect(sentBody(fetchMock)).not.toHaveProperty('shipping');

    // The dialog opens again with the e-mail kept, focus on the first address field.
    const name = await screen.findByLabelText('Full name');
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('aoife@example.ie');
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await fillAddress(user, dialog);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sentBody(fetchMock, 1).shipping).toMatchObject({ city: 'Galway', country: 'IE' });

    // The server refused the town: the field says why and has the focus.
    const city = await screen.findByLabelText('Town or city');
    await waitFor(() => expect(city).toHaveFocus());
    expect(city).toHaveAccessibleDescription(shippingMessageText(SHIPPING_MESSAGES.city));
    // What was typed is kept.
    expect(city).toHaveValue('Galway');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('12 Quay Street');
    await user.clear(city);
    await user.type(city, 'Gaillimh');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    // Paid: the cart is done, and the checkout with it.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument(),
    );
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('goes to the confirmation page of an order the cards paid in full, not to an empty cart', async () => {
    giftCardPayments.add({ code: 'ABCDEFGHJKMNPQRS', last4: 'PQRS', balance: 100_000 });
    const order = { status: 'paid', reference: 'SOL-AB12CD34', total: 4495 };
    const fetchMock = vi.fn(async () =>
      json(200, { ok: true, paid: true, reference: 'SOL-AB12CD34', order }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.type(within(dialog).getByLabelText('Email address'), 'aoife@example.ie');
    await fillAddress(user, dialog);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.hash).toBe('#/order-confirmation?paid=SOL-AB12CD34'));
    expect(paidOrderFor('SOL-AB12CD34')).toMatchObject(order);
    expect(giftCardPayments.get()).toEqual([]);
  });

  it('asks the buyer of gift cards alone her name, and sends it as who the cards are from', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, '[]');
    localStorage.setItem(
      STORAGE_KEYS.giftCards,
      JSON.stringify([
        {
          key: 'k1',
          amount: 5000,
          recipientName: 'Niamh',
          recipientEmail: 'niamh@example.ie',
          message: '',
          sendOn: '',
        },
      ]),
    );
    const fetchMock = vi.fn(async () =>
      json(200, { ok: true, url: '/test-checkout/cs_test_x', sessionId: 'cs_test_x' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.type(within(dialog).getByLabelText('Email address'), 'sean@example.ie');
    await user.keyboard('{Enter}');
    const name = within(dialog).getByLabelText('Your name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(name, 'Seán Murphy');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ items: [], giftCardsFrom: 'Seán Murphy' });
  });
});
