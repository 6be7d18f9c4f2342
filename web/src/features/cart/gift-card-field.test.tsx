// @vitest-environment jsdom
/**
 * The cart's one field "Gift card or discount code" with a gift card (docs/product/gift-cards.md §19): the card's
 * balance is asked, its line shows "Gift card ••••7KQM: €50.00 available", several cards may be added,
 * each removable, and an unknown code gets the one answer.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import { GIFT_CARD_BALANCE_PATH, GIFT_CARD_MESSAGES } from '../../../../domain/gift-cards/gift-cards';
import { DISCOUNT_CHECK_PATH } from '../../../../domain/offers/discounts';
import { AppProviders } from '../../app/providers';
import { HashRouter } from '../../lib/router';
import { CartPage } from '../../pages/cart-page';
import { renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { giftCardPayments } from '../gift-cards/gift-card-payments';

const BALANCES: Record<string, number> = { ABCDEFGHJKMN7KQM: 5000, PQRSTUVWXYZ23456: 1250 };

function renderCart() {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '3', quantity: 1 }]));
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>
        <CartPage />
      </AppProviders>
    </HashRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  giftCardPayments.clear();
  window.location.hash = '#/cart';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === DISCOUNT_CHECK_PATH) {
        return new Response(
          JSON.stringify({ ok: false, error: 'This discount code does not exist', field: 'code' }),
          {
            status: 400,
          },
        );
      }
      if (url !== GIFT_CARD_BALANCE_PATH) throw new Error(`unexpected fetch ${url}`);
      const { code } = JSON.parse(String(init.body)) as { code: string };
      const balance = BALANCES[code];
      return balance === undefined
        ? new Response(JSON.stringify({ ok: false, error: GIFT_CARD_MESSAGES.invalidCode }), { status: 404 })
        : new Response(JSON.stringify({ ok: true, balance, currency: 'EUR', expiresOn: '2031-11-27' }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gift cards in the cart’s code field', () => {
  it('adds several cards with their balance, each removable', async () => {
    const user = userEvent.setup();
    renderCart();
    const field = await screen.findByRole('textbox', { name: 'Gift card or discount code' });
    await user.type(field, 'abcd-efgh-jkmn-7kqm');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Gift card ••••7KQM: €50.00 available')).toBeInTheDocument();
    await user.type(field, 'PQRS TUVW XYZ2 3456');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Gift card ••••3456: €12.50 available')).toBeInTheDocument();
    expect(giftCardPayments.get().map((c) => c.code)).toEqual(['ABCDEFGHJKMN7KQM', 'PQRSTUVWXYZ23456']);

    await user.click(screen.getByRole('button', { name: 'Remove Gift card ••••7KQM' }));
    expect(screen.queryByText('Gift card ••••7KQM: €50.00 available')).not.toBeInTheDocument();
    expect(giftCardPayments.get().map((c) => c.last4)).toEqual(['3456']);
  });

  it('an unknown card gets the one answer, and nothing is added', async () => {
    const user = userEvent.setup();
    renderCart();
    const field = await screen.findByRole('textbox', { name: 'Gift card or discount code' });
    await user.type(field, 'ABCD-2345-EFGH-6789');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(GIFT_CARD_MESSAGES.invalidCode)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(giftCardPayments.get()).toEqual([]);
  });
});

describe('what the cart says with gift cards bought and paying', () => {
  function bagOf(amounts: readonly number[]) {
    localStorage.setItem(
      STORAGE_KEYS.giftCards,
      JSON.stringify(
        amounts.map((amount, i) => ({
          key: `k${i}`,
          amount,
          recipientName: `Friend ${i}`,
          recipientEmail: `friend${i}@example.ie`,
          message: '',
          sendOn: '',
        })),
      ),
    );
  }

  it('counts every line in the items and the total, and shows the split with a card applied', async () => {
    const user = userEvent.setup();
    bagOf([5000, 10000]);
    renderCart();
    expect(screen.getByRole('heading', { name: '3 items' })).toBeInTheDocument();
    const bracelets = screen.getByTestId('cart-subtotal').textContent ?? '';
    expect(screen.getByTestId('cart-gift-cards')).toHaveTextContent('€150.00');
    const total = screen.getByTestId('cart-total').textContent ?? '';
    // The bracelet's price and its shipping, then the cards at face value.
    const euros = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
    const shipping = screen.getByTestId('cart-shipping').textContent ?? '';
    expect(euros(total)).toBeCloseTo(euros(bracelets) + (shipping === 'Free' ? 0 : euros(shipping)) + 150);

    const field = await screen.findByRole('textbox', { name: 'Gift card or discount code' });
    await user.type(field, 'PQRS TUVW XYZ2 3456');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    const cardLine = await within(summary).findByText('Gift card ••••3456', { selector: 'dt' });
    expect(cardLine.nextElementSibling).toHaveTextContent('−€12.50');
    expect(screen.getByTestId('cart-total')).toHaveTextContent(total);
    expect(euros(screen.getByTestId('cart-left-to-pay').textContent ?? '')).toBeCloseTo(euros(total) - 12.5);
  });
});
