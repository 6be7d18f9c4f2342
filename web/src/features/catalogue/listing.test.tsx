// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../../../domain/catalogue/catalogue-index';
import { applyQuery, defaultQuery, queryBounds } from '../../../../domain/catalogue/catalogue-query';
import { seedSnapshot } from '../../../../domain/catalogue/seed';
import { cents } from '../../../../domain/shared/money';
import { AppProviders } from '../../app/providers';
import { HashRouter } from '../../lib/router';
import { BestSellersPage, ShopPage } from '../../pages/shop-page';
import { goToHash } from '../../test-support/hash-navigation';
import { renderWithCatalogue, seedWith } from '../../test-support/render-with-catalogue';
import { stubResizeObserver } from '../../test-support/resize-observer';

/** The seeded catalogue: 27 active products. */
const SEED = indexCatalogue(seedSnapshot());
const PRODUCTS = SEED.listable;
const DEFAULT_QUERY = defaultQuery(queryBounds(SEED));

beforeAll(stubResizeObserver);

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  window.location.hash = '';
});

function renderAt(hash: string, page: 'shop' | 'best-sellers' = 'shop', catalogue = seedSnapshot()) {
  window.location.hash = hash;
  const Page = page === 'shop' ? ShopPage : BestSellersPage;
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>
        <Page />
      </AppProviders>
    </HashRouter>,
    { catalogue },
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

  it('searches case- and accent-insensitively across name, materials and description, name matches first', async () => {
    const user = userEvent.setup();
    renderAt('#/shop');
    const search = screen.getByRole('searchbox', { name: 'Search bracelets' });
    await user.type(search, 'FRESHWATER PÉARL');
    // Name matches first (Safari Pearl), then the rest in catalogue order (docs/product/pages.md §2.4).
    const withPearls = PRODUCTS.filter((p) => p.materials.includes('Freshwater Pearl'));
    const named = (p: (typeof PRODUCTS)[number]) => /pearl/i.test(p.name);
    const expected = [...withPearls.filter(named), ...withPearls.filter((p) => !named(p))].map((p) => p.name);
    expect(expected[0]).toBe('Safari Pearl');
    expect(productNames()).toEqual(expected);
    expect(screen.getByRole('status')).toHaveTextContent(`${expected.length} products`);
    await user.clear(search);
    await user.type(search, 'first light');
    expect(productNames()).toEqual(['First Light']);
    expect(screen.getByRole('status')).toHaveTextContent('1 product');
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

  it('lists only active products: a paused or retired one leaves the grid, the count and the filters', () => {
    const catalogue = seedWith({
      '1': { status: 'paused', note: 'Back in January' },
      '2': { status: 'retired' },
      '3': { materials: ['Sea Glass'], status: 'paused' },
    });
    renderAt('#/shop', 'shop', catalogue);
    const names = productNames();
    expect(names).toHaveLength(24);
    expect(names).not.toContain('First Light');
    expect(names).not.toContain('Claret Harbour');
    expect(screen.getByRole('status')).toHaveTextContent('24 products');
    expect(screen.queryByRole('checkbox', { name: 'Sea Glass' })).toBeNull();
  });

  it('offers a material the owner added once an active product uses it, and the price range follows the prices', () => {
    renderAt('#/shop', 'shop', seedWith({ '5': { materials: ['Sea Glass'], price: cents(5200) } }));
    expect(screen.getByRole('checkbox', { name: 'Sea Glass' })).toBeInTheDocument();
    expect(screen.getByText('€0 – €55')).toBeInTheDocument();
  });
});
