// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../../../domain/catalogue';
import { applyQuery, DEFAULT_QUERY } from '../../../../domain/catalogue-query';
import { AppProviders } from '../../app/providers';
import { HashRouter } from '../../lib/router';
import { BestSellersPage, ShopPage } from '../../pages/shop-page';
import { goToHash } from '../../test-support/hash-navigation';

beforeAll(() => {
  // jsdom has no layout: Radix Slider measures its thumbs with ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  window.location.hash = '';
});

function renderAt(hash: string, page: 'shop' | 'best-sellers' = 'shop') {
  window.location.hash = hash;
  const Page = page === 'shop' ? ShopPage : BestSellersPage;
  return render(
    <HashRouter>
      <AppProviders>
        <Page />
      </AppProviders>
    </HashRouter>,
  );
}

function productNames(): string[] {
  const list = screen.queryByRole('list', { name: 'Products' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');
}

describe('shop listing (real router and providers)', () => {
  it('reads its state from the URL query', () => {
    renderAt('#/shop?category=Burgundy&sort=name-desc&material=Garnet');
    const expected = PRODUCTS.filter((p) => p.category === 'Burgundy' && p.materials.includes('Garnet'))
      .map((p) => p.name)
      .sort((a, b) => b.localeCompare(a));
    expect(productNames()).toEqual(expected);
    expect(screen.getByRole('status')).toHaveTextContent(`${expected.length} products`);
    expect(screen.getByRole('button', { name: 'Burgundy' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Garnet' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name-desc');
  });

  it('ignores bad query values', () => {
    renderAt('#/shop?category=Nope&sort=random&min=abc&material=Plastic');
    expect(productNames()).toHaveLength(PRODUCTS.length);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters as the shopper types and writes the search to the URL after a pause', async () => {
    const user = userEvent.setup();
    renderAt('#/shop');
    await user.type(screen.getByRole('searchbox', { name: 'Search bracelets' }), 'safari');
    expect(productNames()).toEqual(['Burgundy Safari', 'Safari Pearl']);
    await waitFor(() => expect(window.location.hash).toBe('#/shop?q=safari'));
  });

  it('writes category and sort changes to the URL at once, keeping the typed search', async () => {
    const user = userEvent.setup();
    renderAt('#/shop');
    await user.type(screen.getByRole('searchbox', { name: 'Search bracelets' }), 'pearl');
    await user.click(screen.getByRole('button', { name: 'Leopardskin' }));
    expect(window.location.hash).toBe('#/shop?q=pearl&category=Leopardskin');
    expect(productNames()).toEqual(['Safari Pearl']);
    expect(screen.getByRole('status')).toHaveTextContent('1 product');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(window.location.hash).toBe('#/shop?q=pearl&category=Leopardskin&sort=price-asc');
  });

  it("keeps query parameters it does not own, such as the shell's debug panel", async () => {
    const user = userEvent.setup();
    renderAt('#/shop?debug=1');
    await user.click(screen.getByRole('button', { name: 'Warm Tones' }));
    expect(window.location.hash).toBe('#/shop?category=Warm+Tones&debug=1');
  });

  it('shows the filters message and clears everything but the sort', async () => {
    const user = userEvent.setup();
    renderAt('#/shop?category=Soft+Romance&material=Garnet&sort=price-desc');
    expect(screen.getByText('No products found matching your filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(window.location.hash).toBe('#/shop?sort=price-desc');
    expect(productNames()).toHaveLength(PRODUCTS.length);
  });

  it('follows the URL when it changes from outside (Back, a link)', async () => {
    renderAt('#/shop?q=zzz');
    expect(screen.getByText('No products found for "zzz"')).toBeInTheDocument();
    await goToHash('#/shop?q=light');
    expect(screen.getByRole('searchbox', { name: 'Search bracelets' })).toHaveValue('light');
    expect(productNames()).toEqual(
      applyQuery(PRODUCTS, { ...DEFAULT_QUERY, search: 'light' }).map((p) => p.name),
    );
  });

  it('the best-sellers listing holds products 1-6 only', () => {
    renderAt('#/collections/best-sellers', 'best-sellers');
    expect(screen.getByRole('heading', { level: 1, name: 'Best Sellers' })).toBeInTheDocument();
    expect(productNames()).toEqual(PRODUCTS.slice(0, 6).map((p) => p.name));
  });
});
