// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast';
import { HashRouter } from '../../lib/router';
import { getSeedProduct as getProduct, renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { CartProvider } from '../cart/cart-context';
import { MiniCart } from '../cart/mini-cart';
import { MiniCartProvider } from '../cart/mini-cart-context';
import { useAddToCart } from './use-add-to-cart';

const PRODUCT = getProduct('2');

function QuickAdd() {
  const addToCart = useAddToCart();
  if (!PRODUCT) throw new Error('missing product 2');
  return (
    <button type="button" onClick={() => addToCart(PRODUCT, { openMiniCart: true })}>
      Quick add
    </button>
  );
}

beforeEach(() => localStorage.clear());

describe('quick add', () => {
  it('confirms the add inside the bag it opens, not with a toast over the bag’s buttons', async () => {
    const toasted = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderWithCatalogue(
      <HashRouter>
        <CartProvider>
          <MiniCartProvider>
            <QuickAdd />
            <MiniCart />
          </MiniCartProvider>
        </CartProvider>
      </HashRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    const bag = await screen.findByRole('dialog', { name: 'Your bag' });
    const notice = within(bag).getByRole('status', { name: 'Added to cart' });
    expect(notice).toHaveTextContent(
      `${PRODUCT?.name} (Medium) has been added to your cart. Need another size? Change it in your cart.`,
    );
    expect(toasted).not.toHaveBeenCalled();
  });
});
