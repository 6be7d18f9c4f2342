// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getProduct } from '../../../domain/catalogue';
import { LIMITS, STORAGE_KEYS } from '../../../domain/config';
import { AppProviders } from '../app/providers';
import { HashRouter } from '../app/router';
import { CartPage } from './cart-page';

function product(id: string) {
  const p = getProduct(id);
  if (!p) throw new Error(`missing product ${id}`);
  return p;
}

function renderCart(lines: ReadonlyArray<{ id: string; quantity: number }>) {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(lines));
  return render(
    <HashRouter>
      <AppProviders>
        <CartPage />
      </AppProviders>
    </HashRouter>,
  );
}

function summaryValue(label: RegExp): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '#/cart';
});

describe('CartPage', () => {
  it('shows the empty state with a link to the shop', () => {
    renderCart([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '#/shop');
    expect(screen.queryByRole('button', { name: /Proceed to Checkout/ })).not.toBeInTheDocument();
  });

  it('prices the order per zone with gift wrap and free shipping in Ireland', async () => {
    const user = userEvent.setup();
    const p30 = product('5');
    renderCart([{ id: p30.id, quantity: 1 }]);
    expect(summaryValue(/^Subtotal$/)).toBe('€30.00');
    expect(summaryValue(/^Shipping \(Ireland\)$/)).toBe('€4.95');
    expect(summaryValue(/^Total$/)).toBe('€34.95');

    await user.click(screen.getByRole('checkbox', { name: 'Add gift wrapping (+€3.50)' }));
    expect(summaryValue(/^Gift wrapping$/)).toBe('€3.50');
    expect(summaryValue(/^Total$/)).toBe('€38.45');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery destination' }), 'Rest of world');
    expect(summaryValue(/^Shipping \(Rest of world\)$/)).toBe('€14.95');
    expect(summaryValue(/^Total$/)).toBe('€48.45');
    expect(
      screen.getByText('Made to order: 2-3 business days, then delivery in 10-15 business days'),
    ).toBeInTheDocument();
    expect(screen.getByText('Delivery destination Rest of world')).toHaveAttribute('aria-live', 'polite');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery destination' }), 'Ireland');
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${p30.name}` }));
    expect(summaryValue(/^Shipping \(Ireland\)$/)).toBe('Free');
    expect(summaryValue(/^Total$/)).toBe('€63.50');
    expect(screen.getByText(`${p30.name} quantity 2`)).toBeInTheDocument();
  });

  it('links each line to its product, labels controls per product and removes at minus 1', async () => {
    const user = userEvent.setup();
    const burgundy = product('26');
    renderCart([
      { id: burgundy.id, quantity: 1 },
      { id: '1', quantity: LIMITS.maxQuantityPerLine },
    ]);
    expect(screen.getByRole('link', { name: 'Burgundy Safari' })).toHaveAttribute('href', '#/product/26');
    expect(screen.getByRole('button', { name: `Increase quantity of ${product('1').name}` })).toBeDisabled();
    expect(screen.getByText(/up to 10 of one design per order/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Burgundy Safari' }));
    expect(screen.queryByRole('link', { name: 'Burgundy Safari' })).not.toBeInTheDocument();
    expect(screen.getByText('Burgundy Safari removed from cart')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();

    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: `Remove ${product('1').name} from cart` }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });
});
