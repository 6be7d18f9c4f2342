// @vitest-environment jsdom
/**
 * The catalogue's product states on the storefront (docs/product/catalogue.md): a paused product
 * keeps its page with the owner's note and takes no orders; a retired one says it is no longer made and
 * links to similar pieces; a cart, wishlist or comparison holding either marks it, and a cart holding one
 * cannot be checked out until its line is removed; a changed price is shown with a notice.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '../../../domain/catalogue/snapshot';
import { STORAGE_KEYS } from '../../../domain/config';
import { cents } from '../../../domain/shared/money';
import { AppProviders } from '../app/providers';
import { CompareOverlay } from '../features/catalogue/compare-overlay';
import { HashRouter } from '../lib/router';
import { renderWithCatalogue, seedWith } from '../test-support/render-with-catalogue';
import { stubResizeObserver } from '../test-support/resize-observer';
import { CartPage } from './cart-page';
import { ProductPage } from './product-page';

beforeAll(stubResizeObserver);

beforeEach(() => {
  localStorage.clear();
});

const CHANGED = seedWith({
  '1': { status: 'paused', note: 'Back in January, once the new rose quartz arrives.' },
  '2': { status: 'retired' },
  '4': { price: cents(4500) },
});

function renderAt(hash: string, page: React.ReactElement, catalogue: CatalogueSnapshot = CHANGED) {
  window.location.hash = hash;
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>{page}</AppProviders>
    </HashRouter>,
    { catalogue },
  );
}

describe('a paused product', () => {
  it('keeps its page with its note, and offers no Add to Cart or Buy Now', () => {
    renderAt('#/product/1', <ProductPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'First Light' })).toBeInTheDocument();
    const notice = screen.getByTestId('paused-notice');
    expect(notice).toHaveTextContent('Not available right now');
    expect(notice).toHaveTextContent('Back in January, once the new rose quartz arrives.');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    // The shopper can still keep it for later.
    expect(screen.getByRole('button', { name: 'Wishlist' })).toBeInTheDocument();
    // Nothing promises a date for a piece that cannot be ordered.
    expect(screen.queryByText(/ready to ship in/)).toBeNull();
    expect(screen.queryByText(/dispatched by/i)).toBeNull();
    expect(screen.queryByTestId('product-dispatch')).toBeNull();
  });

  it('the same page of an active product promises its dispatch date', () => {
    renderAt('#/product/6', <ProductPage />);
    expect(screen.getByTestId('product-dispatch')).toBeInTheDocument();
  });

  it('is not among the similar pieces of another page', () => {
    renderAt('#/product/6', <ProductPage />);
    const similar = screen.getByRole('region', { name: 'You Might Also Like' });
    expect(within(similar).queryByRole('link', { name: 'First Light' })).toBeNull();
    expect(within(similar).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });
});

describe('a retired product', () => {
  it('says it is no longer made and links to similar pieces, never a bare not-found page', () => {
    renderAt('#/product/2', <ProductPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Claret Harbour' })).toBeInTheDocument();
    expect(screen.getByText('Claret Harbour is no longer made.')).toBeInTheDocument();
    expect(screen.queryByText('Product not found')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('#/product/'));
    expect(links.length).toBeGreaterThan(0);
    // Only pieces still made, never the paused or the retired one.
    for (const link of links) expect(['#/product/1', '#/product/2']).not.toContain(link.getAttribute('href'));
    expect(screen.getByRole('link', { name: 'Return to Shop' })).toHaveAttribute('href', '#/shop');
  });
});

describe('a cart holding changed products', () => {
  function renderCart(lines: readonly object[]) {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(lines));
    return renderAt('#/cart', <CartPage />);
  }

  it('shows the new price with a notice, and old carts without the price seen just the new price', () => {
    renderCart([
      { id: '4', size: 'M', quantity: 1, priceSeen: 3500 },
      { id: '5', size: 'M', quantity: 1 },
    ]);
    const notices = screen.getAllByTestId('price-changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent('Price changed from €35.00 to €45.00 since you added it.');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€75.00');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });

  it('marks a paused and a retired product and holds the checkout, naming them, until both are removed', async () => {
    const user = userEvent.setup();
    renderCart([
      { id: '1', size: 'M', quantity: 1, priceSeen: 4000 },
      { id: '2', size: 'L', quantity: 1, priceSeen: 4000 },
      { id: '5', size: 'M', quantity: 1, priceSeen: 3000 },
    ]);
    const marks = screen.getAllByTestId('product-status').map((m) => m.textContent);
    expect(marks).toEqual(['Not available right now', 'No longer made']);
    const checkout = screen.getByRole('button', { name: 'Proceed to Checkout' });
    expect(checkout).toBeDisabled();
    const message =
      'First Light and Claret Harbour are not available to order. Remove them from your cart to check out.';
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(checkout).toHaveAccessibleDescription(message);

    await user.click(screen.getByRole('button', { name: 'Remove First Light (Medium) from cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Claret Harbour is not available to order. Remove it from your cart to check out.',
    );
    await user.click(screen.getByRole('button', { name: 'Remove Claret Harbour (Large) from cart' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });

  it('drops a line whose product is no longer in the catalogue, as before', () => {
    const without27 = { ...CHANGED, products: CHANGED.products.filter((p) => p.id !== '27') };
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: '27', quantity: 1 },
        { id: '5', quantity: 1 },
      ]),
    );
    renderAt('#/cart', <CartPage />, without27);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      expect.stringContaining('Fuchsia Hedgerow'),
    ]);
  });
});

describe('the comparison holding changed products', () => {
  it('the comparison marks them too', () => {
    localStorage.setItem(STORAGE_KEYS.compare, JSON.stringify(['1', '2', '5']));
    renderAt('#/shop', <CompareOverlay open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Compare products' });
    expect(
      within(dialog)
        .getAllByTestId('product-status')
        .map((m) => m.textContent),
    ).toEqual(['Not available right now', 'No longer made']);
  });
});

describe('a product offered in fewer sizes', () => {
  it('offers only its sizes, preselecting the first when Medium is not one, and adds that size', async () => {
    const user = userEvent.setup();
    renderAt('#/product/5', <ProductPage />, seedWith({ '5': { sizes: ['S', 'L'] } }));
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['S', 'L']);
    expect(within(group).getByRole('radio', { checked: true })).toHaveAttribute('value', 'S');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '[]')).toMatchObject([
      { id: '5', size: 'S' },
    ]);
  });
});
