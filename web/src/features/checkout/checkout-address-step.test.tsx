// @vitest-environment jsdom
/**
 * The checkout dialog's address step (docs/product/gift-cards.md §19.3): when gift cards pay the whole order
 * of bracelets no payment page follows, so the dialog asks for the delivery address, and asks again when
 * the server (which decides) says the address is needed or a field is wrong.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHIPPING_MESSAGES, shippingMessageText } from '../../../../domain/checkout/shipping-fields';
import { STORAGE_KEYS } from '../../../../domain/config';
import { HashRouter } from '../../lib/router';
import { renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { CartProvider } from '../cart/cart-context';
import { giftCardPayments } from '../gift-cards';
import { CheckoutSection } from './checkout-section';

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

function sentBody(fetchMock: ReturnType<typeof vi.fn>, call = 0): Record<string, unknown> {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '1', name: 'x', price: 1, quantity: 1 }]));
  localStorage.setItem(STORAGE_KEYS.zone, 'IE');
  window.location.hash = '#/cart';
});

afterEach(() => {
  vi.unstubAllGlobals();
  giftCardPayments.clear();
  localStorage.clear();
});

async function fillAddress(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Full name'), 'Aoife Byrne');
  await user.type(within(dialog).getByLabelText('Address line 1'), '12 Quay Street');
  await user.type(within(dialog).getByLabelText('Town or city'), 'Galway');
  await user.type(within(dialog).getByLabelText('Postcode (Eircode in Ireland)'), 'H91 X2Y3');
}

describe('the checkout dialog’s address step', () => {
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
  });
});
