// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_CATALOGUE_URL } from '../../../domain/catalogue/catalogue-url';
import type { CatalogueSnapshot } from '../../../domain/catalogue/snapshot';
import { LIMITS, STORAGE_KEYS } from '../../../domain/config';
import {
  DEFAULT_US_DUTY_PERCENT,
  GB_NOTHING_DUE_NOTICE,
  usDutyNotice,
} from '../../../domain/customs/duty-notice';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  SEEDED_ZONES,
  storefrontSettings,
} from '../../../domain/settings/storefront-settings';
import { AppProviders } from '../app/providers';
import { HashRouter } from '../lib/router';
import {
  getSeedProduct as getProduct,
  renderWithCatalogue,
  seedWith,
} from '../test-support/render-with-catalogue';
import { CartPage } from './cart-page';

function product(id: string) {
  const p = getProduct(id);
  if (!p) throw new Error(`missing product ${id}`);
  return p;
}

function renderCart(
  lines: ReadonlyArray<{ id: string; quantity: number; size?: string }>,
  catalogue?: CatalogueSnapshot,
) {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(lines));
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>
        <CartPage />
      </AppProviders>
    </HashRouter>,
    catalogue ? { catalogue } : {},
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

  it('disables plus at the per-line maximum, with a note saying why', async () => {
    const user = userEvent.setup();
    renderCart([{ id: '26', quantity: LIMITS.maxQuantityPerLine - 1 }]);
    const plus = screen.getByRole('button', { name: /^Increase quantity of Burgundy Safari/ });
    expect(plus).toBeEnabled();
    await user.click(plus);
    expect(plus).toBeDisabled();
    expect(
      screen.getByText(new RegExp(`up to ${LIMITS.maxQuantityPerLine} of one design`)),
    ).toBeInTheDocument();
  });

  it('ignores a price stored with a line: the catalogue prices the cart', () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([{ id: '26', name: 'Burgundy Safari', price: 1, quantity: 2 }]),
    );
    renderWithCatalogue(
      <HashRouter>
        <AppProviders>
          <CartPage />
        </AppProviders>
      </HashRouter>,
    );
    expect(product('26').price).toBe(4000);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€80.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€80.00');
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
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${p30.name} (Medium)` }));
    expect(summaryValue(/^Shipping \(Ireland\)$/)).toBe('Free');
    expect(summaryValue(/^Total$/)).toBe('€63.50');
    expect(screen.getByText(`${p30.name} (Medium) quantity 2`)).toBeInTheDocument();
  });

  it('counts only what can be checked out: a paused or retired line is not in the subtotal or the free shipping', () => {
    // Products 2 and 3 (€40 each) paused and retired; product 5 (€30) on sale.
    renderCart(
      [
        { id: '2', quantity: 1 },
        { id: '3', quantity: 2 },
        { id: '5', quantity: 1 },
      ],
      seedWith({ '2': { status: 'paused' }, '3': { status: 'retired' } }),
    );
    expect(screen.getByText('Not available right now')).toBeInTheDocument();
    expect(screen.getByText('No longer made')).toBeInTheDocument();
    expect(summaryValue(/^Subtotal$/)).toBe('€30.00');
    expect(summaryValue(/^Shipping \(Ireland\)$/)).toBe('€4.95');
    expect(summaryValue(/^Total$/)).toBe('€34.95');
    expect(screen.getByText("You're €10.00 away from free shipping")).toBeInTheDocument();
    expect(screen.queryByText(/qualified for free shipping/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeDisabled();
  });

  it('links each line to its product, labels controls per product and removes at minus 1', async () => {
    const user = userEvent.setup();
    const burgundy = product('26');
    renderCart([
      { id: burgundy.id, quantity: 1 },
      { id: '1', quantity: LIMITS.maxQuantityPerLine },
    ]);
    expect(screen.getByRole('link', { name: 'Burgundy Safari' })).toHaveAttribute('href', '#/product/26');
    expect(
      screen.getByRole('button', { name: `Increase quantity of ${product('1').name} (Medium)` }),
    ).toBeDisabled();
    expect(screen.getByText(/up to 10 of one design per order/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Burgundy Safari (Medium)' }));
    expect(screen.queryByRole('link', { name: 'Burgundy Safari' })).not.toBeInTheDocument();
    expect(screen.getByText('Burgundy Safari (Medium) removed from cart')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();

    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: `Remove ${product('1').name} (Medium) from cart` }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('shows each line with its size and changes it, merging into a line already in that size', async () => {
    const user = userEvent.setup();
    renderCart([
      { id: '26', quantity: 1, size: 'L' },
      { id: '26', quantity: 2 },
    ]);
    const sizes = screen.getAllByRole('combobox', { name: 'Size of Burgundy Safari' });
    expect(sizes.map((s) => (s as HTMLSelectElement).value)).toEqual(['L', 'M']);
    expect(screen.getByRole('button', { name: 'Remove Burgundy Safari (Large) from cart' })).toBeVisible();
    const first = sizes[0];
    if (!first) throw new Error('no size select');
    await user.selectOptions(first, 'Small (15–16 cm)');
    expect(screen.getByTestId('cart-announcer')).toHaveTextContent(
      'Burgundy Safari (Large) changed to Small',
    );
    expect(screen.getByRole('button', { name: 'Remove Burgundy Safari (Small) from cart' })).toBeVisible();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '[]') as { size: string }[];
    expect(stored.map((l) => l.size)).toEqual(['S', 'M']);

    // Medium is already a line: choosing it merges the two (1 + 2).
    const again = screen.getAllByRole('combobox', { name: 'Size of Burgundy Safari' })[0];
    if (!again) throw new Error('no size select');
    await user.selectOptions(again, 'Medium (17–18 cm)');
    expect(screen.getAllByRole('combobox', { name: 'Size of Burgundy Safari' })).toHaveLength(1);
    expect(screen.getByText('Quantity of Burgundy Safari (Medium):').parentElement).toHaveTextContent(/: 3$/);
  });

  it('offers a gift message with gift wrap only, counting characters and keeping plain text', async () => {
    const user = userEvent.setup();
    renderCart([{ id: '26', quantity: 1 }]);
    expect(screen.queryByRole('textbox', { name: 'Gift message (optional)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Add gift wrapping (+€3.50)' }));
    const field = screen.getByRole('textbox', { name: 'Gift message (optional)' });
    await user.type(field, 'Happy <b>day</b>');
    expect(field).toHaveValue('Happy <b>day</b>');
    expect(screen.getByTestId('gift-message-count')).toHaveTextContent('16/200');
    await user.clear(field);
    await user.click(field);
    await user.paste(`${'x'.repeat(195)}\tab🎁🎁🎁`);
    // The tab became a space; the text stops at 200 characters.
    expect(screen.getByTestId('gift-message-count')).toHaveTextContent('200/200');
    expect((field as HTMLTextAreaElement).value.endsWith('x ab🎁🎁')).toBe(true);
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
  });

  describe('a cart left open while the owner changes her shipping rates', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    /** The seeded catalogue with the owner's settings: Ireland at `price`, free from `freeFrom`. */
    function withIrish(price: number, freeFrom: number | null, version = 'test'): CatalogueSnapshot {
      const zones = DEFAULT_STOREFRONT_SETTINGS.shipping.zones.map((z) =>
        z.id === 'IE' ? { ...z, price, freeFrom } : z,
      );
      return { ...seedWith({}, version), shop: { ...DEFAULT_STOREFRONT_SETTINGS, shipping: { zones } } };
    }

    it('shows her new rates once the page is back in view, as the payment page charges them', async () => {
      const p30 = product('5');
      renderCart([{ id: p30.id, quantity: 2 }], withIrish(495, 5000));
      expect(summaryValue(/^Shipping \(Ireland\)$/)).toBe('Free');
      // She drops free shipping and charges €6.50: the server's newest snapshot says so.
      const newest = withIrish(650, null);
      const fetched: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          fetched.push(url);
          return new Response(JSON.stringify({ ...newest, reviews: {} }), { status: 200 });
        }),
      );
      // The shopper comes back to the tab.
      await act(async () => {
        // As browsers fire it: at the document, bubbling to the window.
        fireEvent(document, new Event('visibilitychange', { bubbles: true }));
      });
      await waitFor(() => expect(summaryValue(/^Shipping \(Ireland\)$/)).toBe('€6.50'));
      expect(summaryValue(/^Total$/)).toBe('€66.50');
      expect(fetched).toEqual([CURRENT_CATALOGUE_URL]);
    });

    it('keeps what it shows when the newest is the same, or cannot be read', async () => {
      const p30 = product('5');
      const catalogue = withIrish(495, 5000);
      renderCart([{ id: p30.id, quantity: 2 }], catalogue);
      const summary = () =>
        screen.getByRole('region', { name: 'Order Summary' }).querySelector('dl')?.textContent;
      const before = summary();
      let answer: () => Response = () =>
        new Response(JSON.stringify({ ...catalogue, reviews: {} }), { status: 200 });
      const fetch = vi.fn(async () => answer());
      vi.stubGlobal('fetch', fetch);
      await act(async () => {
        fireEvent.focus(window);
      });
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      answer = () => new Response('offline', { status: 503 });
      await act(async () => {
        fireEvent.focus(window);
      });
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
      expect(summary()).toBe(before);
      expect(summaryValue(/^Shipping \(Ireland\)$/)).toBe('Free');
    });
  });
});

describe('what is due at the door, said before paying', () => {
  // The owner charges UK VAT on sales to Great Britain: her zones then offer it (docs/product/vat.md §20).
  const ukVat = (): CatalogueSnapshot => ({
    ...seedWith({}),
    shop: storefrontSettings({
      ...DEFAULT_STOREFRONT_SETTINGS,
      shipping: { zones: SEEDED_ZONES },
      vat: { gb: 'uk_vat' },
    }),
  });

  it('tells a shopper posting to Great Britain under £135 that UK VAT is in the price and nothing more is due', async () => {
    const user = userEvent.setup();
    renderCart([{ id: '26', quantity: 1 }], ukVat());
    expect(screen.queryByText(GB_NOTHING_DUE_NOTICE)).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery destination' }), 'Rest of world');
    expect(screen.getByText(GB_NOTHING_DUE_NOTICE)).toBeVisible();
    expect(screen.getByText(usDutyNotice(DEFAULT_US_DUTY_PERCENT))).toBeVisible();
  });

  it('says nothing of Great Britain over £135, or while the shop does not sell there', async () => {
    const user = userEvent.setup();
    const over = renderCart([{ id: '26', quantity: 6 }], ukVat());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery destination' }), 'Rest of world');
    expect(screen.getByText(usDutyNotice(DEFAULT_US_DUTY_PERCENT))).toBeVisible();
    expect(screen.queryByText(GB_NOTHING_DUE_NOTICE)).toBeNull();
    over.unmount();
    localStorage.clear();
    renderCart([{ id: '26', quantity: 1 }]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery destination' }), 'Rest of world');
    expect(screen.queryByText(GB_NOTHING_DUE_NOTICE)).toBeNull();
  });
});
