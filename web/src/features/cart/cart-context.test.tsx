// @vitest-environment jsdom
import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueSnapshot } from '../../../../domain/catalogue/snapshot';
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
import { HashRouter } from '../../lib/router';
import {
  catalogueWrapper,
  getSeedProduct as getProduct,
  renderWithCatalogue,
  seedWith,
} from '../../test-support/render-with-catalogue';
import {
  CartProvider,
  useAddItem,
  useCart,
  useCartActions,
  useCartLines,
  useCartSnapshot,
  useCartZone,
} from './cart-context';
import { MiniCart } from './mini-cart';
import { MiniCartProvider, useMiniCart, useOpenMiniCart } from './mini-cart-context';

function product(id: string) {
  const p = getProduct(id);
  if (!p) throw new Error(`missing product ${id}`);
  return p;
}

const wrapper = catalogueWrapper(CartProvider);

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
});

describe('useCart', () => {
  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCart())).toThrow('useCart must be used within a CartProvider');
  });

  it('starts empty, adds, counts and prices from the catalogue', () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.lines).toEqual([]);
    expect(result.current.count).toBe(0);
    act(() => result.current.addItem('26'));
    act(() => result.current.addItem('26'));
    act(() => result.current.addItem('5', 3));
    expect(result.current.count).toBe(5);
    expect(result.current.lines.map((l) => [l.product.id, l.quantity, l.lineTotal])).toEqual([
      ['26', 2, product('26').price * 2],
      ['5', 3, product('5').price * 3],
    ]);
    expect(result.current.subtotal).toBe(product('26').price * 2 + product('5').price * 3);
    expect(result.current.totals.total).toBe(result.current.subtotal);
  });

  it('persists lines, zone and gift wrap, and restores them in a new provider', () => {
    const first = renderHook(() => useCart(), { wrapper });
    act(() => first.result.current.addItem('1', 2, 'L'));
    act(() => first.result.current.setZone('EU'));
    act(() => first.result.current.setGiftWrap(true));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '')).toEqual([
      {
        id: '1',
        size: 'L',
        name: product('1').name,
        price: product('1').price,
        quantity: 2,
        priceSeen: product('1').price,
      },
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.zone)).toBe('EU');
    expect(localStorage.getItem(STORAGE_KEYS.giftWrap)).toBe('true');
    first.unmount();

    const second = renderHook(() => useCart(), { wrapper });
    expect(second.result.current.count).toBe(2);
    expect(second.result.current.lines[0]?.size).toBe('L');
    expect(second.result.current.zone).toBe('EU');
    expect(second.result.current.giftWrap).toBe(true);
    expect(second.result.current.totals).toMatchObject({ shipping: 995, giftWrap: 350 });
    expect(second.result.current.totals.total).toBe(product('1').price * 2 + 995 + 350);
  });

  it('setQuantity, increment, decrement, removeItem and clear follow the rules', () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => result.current.addItem('2'));
    act(() => result.current.setQuantity('2', 50));
    expect(result.current.lines[0]?.quantity).toBe(LIMITS.maxQuantityPerLine);
    act(() => result.current.increment('2'));
    expect(result.current.lines[0]?.quantity).toBe(LIMITS.maxQuantityPerLine);
    act(() => result.current.setQuantity('2', 1));
    act(() => result.current.decrement('2'));
    expect(result.current.lines).toEqual([]);
    act(() => result.current.addItem('3'));
    act(() => result.current.setQuantity('3', 0));
    expect(result.current.lines).toEqual([]);
    act(() => result.current.addItem('3'));
    act(() => result.current.addItem('4'));
    act(() => result.current.removeItem('3'));
    expect(result.current.lines.map((l) => l.product.id)).toEqual(['4']);
    act(() => result.current.clear());
    expect(result.current.count).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBe('[]');
  });

  it('loads a corrupt or tampered cart without crashing and with catalogue prices', () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: '999', quantity: 2 },
        { id: '26', name: 'Cheap', price: 1, quantity: 2 },
        { id: '1', quantity: -3 },
      ]),
    );
    localStorage.setItem(STORAGE_KEYS.zone, 'MOON');
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.lines.map((l) => [l.product.name, l.quantity])).toEqual([[product('26').name, 2]]);
    expect(result.current.subtotal).toBe(product('26').price * 2);
    expect(result.current.zone).toBe('IE');
  });

  it('follows another tab (storage event)', () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    const raw = JSON.stringify([{ id: '7', quantity: 4 }]);
    act(() => {
      localStorage.setItem(STORAGE_KEYS.cart, raw);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart, newValue: raw }));
    });
    expect(result.current.count).toBe(4);
  });
});

describe('useMiniCart', () => {
  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useMiniCart())).toThrow(
      'useMiniCart must be used within a MiniCartProvider',
    );
  });

  it('opens, closes and sets', () => {
    const { result } = renderHook(() => useMiniCart(), { wrapper: catalogueWrapper(MiniCartProvider) });
    expect(result.current.isOpen).toBe(false);
    act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
    act(() => result.current.setOpen(true));
    expect(result.current.isOpen).toBe(true);
  });
});

describe('useAddItem and useOpenMiniCart', () => {
  it('do not re-render their users when the cart changes or the bag opens', () => {
    let renders = 0;
    function QuickAdd() {
      renders += 1;
      const addItem = useAddItem();
      const open = useOpenMiniCart();
      return (
        <button
          type="button"
          onClick={() => {
            addItem(product('2').id);
            open();
          }}
        >
          Quick add
        </button>
      );
    }
    function Shown() {
      const { count } = useCart();
      const { isOpen } = useMiniCart();
      return <output aria-label="state">{`${count} ${isOpen ? 'open' : 'closed'}`}</output>;
    }
    renderWithCatalogue(
      <CartProvider>
        <MiniCartProvider>
          <QuickAdd />
          <Shown />
        </MiniCartProvider>
      </CartProvider>,
    );
    expect(renders).toBe(1);
    act(() => screen.getByRole('button', { name: 'Quick add' }).click());
    expect(screen.getByRole('status', { name: 'state' })).toHaveTextContent('1 open');
    expect(renders).toBe(1);
  });

  it('throw a clear error outside their providers', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAddItem())).toThrow('useAddItem must be used within a CartProvider');
    expect(() => renderHook(() => useOpenMiniCart())).toThrow(
      'useOpenMiniCart must be used within a MiniCartProvider',
    );
  });
});

describe('the narrow cart hooks', () => {
  it('re-render their caller only when what they return changes', () => {
    const renders = { actions: 0, lines: 0, zone: 0, snapshot: 0 };
    let actions: ReturnType<typeof useCartActions> | undefined;
    let cartNow: ReturnType<typeof useCartSnapshot> | undefined;
    function Snapshot() {
      renders.snapshot++;
      cartNow = useCartSnapshot();
      return null;
    }
    function Actions() {
      renders.actions++;
      actions = useCartActions();
      return null;
    }
    function Lines() {
      renders.lines++;
      return <p>{useCartLines().count} in the cart</p>;
    }
    function Zone() {
      renders.zone++;
      return <p>zone {useCartZone()}</p>;
    }
    function Whole() {
      const { giftWrap, giftMessage } = useCart();
      return <p>{`wrap ${giftWrap} "${giftMessage}"`}</p>;
    }
    renderWithCatalogue(
      <CartProvider>
        <Actions />
        <Lines />
        <Zone />
        <Whole />
        <Snapshot />
      </CartProvider>,
    );
    const before = { ...renders };
    const perform = (fn: (a: ReturnType<typeof useCartActions>) => void) =>
      act(() => {
        if (!actions) throw new Error('not rendered');
        fn(actions);
      });

    perform((a) => a.setGiftWrap(true));
    perform((a) => a.setGiftMessage('For Aoife'));
    expect(screen.getByText('wrap true "For Aoife"')).toBeInTheDocument();
    expect(renders).toEqual(before);

    perform((a) => a.addItem('3', 2));
    expect(screen.getByText('2 in the cart')).toBeInTheDocument();
    expect(renders).toEqual({ ...before, lines: before.lines + 1 });

    perform((a) => a.setZone('EU'));
    expect(screen.getByText('zone EU')).toBeInTheDocument();
    expect(renders).toEqual({ ...before, lines: before.lines + 1, zone: before.zone + 1 });
    // The snapshot never re-rendered its caller, yet reads the cart as it is now.
    expect(cartNow?.()).toMatchObject({ count: 2, zone: 'EU', giftWrap: true, giftMessage: 'For Aoife' });
  });

  it('throw a clear error outside their provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCartActions())).toThrow(
      'useCartActions must be used within a CartProvider',
    );
    expect(() => renderHook(() => useCartLines())).toThrow('useCartLines must be used within a CartProvider');
    expect(() => renderHook(() => useCartZone())).toThrow('useCartZone must be used within a CartProvider');
    expect(() => renderHook(() => useCartSnapshot())).toThrow(
      'useCartSnapshot must be used within a CartProvider',
    );
  });
});

function OpenBag() {
  const { open } = useMiniCart();
  return (
    <button type="button" onClick={open}>
      Open bag
    </button>
  );
}

function renderMiniCart(catalogue?: CatalogueSnapshot) {
  return renderWithCatalogue(
    <HashRouter>
      <CartProvider>
        <MiniCartProvider>
          <OpenBag />
          <MiniCart />
        </MiniCartProvider>
      </CartProvider>
    </HashRouter>,
    catalogue ? { catalogue } : {},
  );
}

describe('MiniCart', () => {
  it('gives focus back to the button that opened it when closed', async () => {
    const user = userEvent.setup();
    renderMiniCart();
    const opener = screen.getByRole('button', { name: 'Open bag' });
    await user.click(opener);
    const bag = screen.getByRole('dialog', { name: 'Your bag' });
    await user.click(within(bag).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Your bag' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows an empty bag with a link to the shop', async () => {
    const user = userEvent.setup();
    renderMiniCart();
    await user.click(screen.getByRole('button', { name: 'Open bag' }));
    const bag = screen.getByRole('dialog', { name: 'Your bag' });
    expect(within(bag).getByText('Your bag is empty')).toBeInTheDocument();
    expect(within(bag).getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '#/shop');
  });

  it('changes quantities, removes at minus 1 and shows the free shipping progress', async () => {
    const p30 = product('5'); // €30
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: p30.id, quantity: 1 }]));
    const user = userEvent.setup();
    renderMiniCart();
    await user.click(screen.getByRole('button', { name: 'Open bag' }));
    const bag = screen.getByRole('dialog', { name: 'Your bag' });
    expect(within(bag).getByText("You're €10.00 away from free shipping")).toBeInTheDocument();
    expect(within(bag).getByRole('progressbar', { name: 'Progress towards free shipping' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    await user.click(within(bag).getByRole('button', { name: `Increase quantity of ${p30.name} (Medium)` }));
    expect(within(bag).getByText("You've qualified for free shipping 🎉")).toBeInTheDocument();
    expect(within(bag).getByText('€60.00')).toBeInTheDocument();
    expect(within(bag).getByText(`${p30.name} (Medium) quantity 2`)).toBeInTheDocument();
    expect(within(bag).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '#/cart');
    expect(within(bag).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '#/cart?checkout=1');

    await user.click(within(bag).getByRole('button', { name: `Decrease quantity of ${p30.name} (Medium)` }));
    await user.click(within(bag).getByRole('button', { name: `Decrease quantity of ${p30.name} (Medium)` }));
    expect(within(bag).getByText('Your bag is empty')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBe('[]');
  });

  it('removes a line with its remove button', async () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: '1', quantity: 1 },
        { id: '2', quantity: 3 },
      ]),
    );
    const user = userEvent.setup();
    renderMiniCart();
    await user.click(screen.getByRole('button', { name: 'Open bag' }));
    const bag = screen.getByRole('dialog', { name: 'Your bag' });
    await user.click(
      within(bag).getByRole('button', { name: `Remove ${product('2').name} (Medium) from cart` }),
    );
    expect(within(bag).queryByText(product('2').name)).not.toBeInTheDocument();
    expect(within(bag).getByRole('link', { name: product('1').name })).toBeInTheDocument();
    // Focus stays inside the dialog after the pressed button disappeared.
    expect(bag.contains(document.activeElement)).toBe(true);
  });

  it('counts only what can be checked out: a paused line is in the bag but not in its subtotal', async () => {
    // Product 2 (€40) paused; product 5 (€30) on sale. Together they would qualify for free shipping.
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: '2', quantity: 1 },
        { id: '5', quantity: 1 },
      ]),
    );
    const user = userEvent.setup();
    renderMiniCart(seedWith({ '2': { status: 'paused' } }));
    await user.click(screen.getByRole('button', { name: 'Open bag' }));
    const bag = screen.getByRole('dialog', { name: 'Your bag' });
    expect(within(bag).getByText('Not available right now')).toBeInTheDocument();
    expect(within(bag).getByText('Subtotal').nextElementSibling).toHaveTextContent('€30.00');
    expect(within(bag).getByText("You're €10.00 away from free shipping")).toBeInTheDocument();
    expect(within(bag).queryByText(/qualified for free shipping/)).not.toBeInTheDocument();
  });

  it('does not promise free shipping outside Ireland', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '1', quantity: 2 }]));
    localStorage.setItem(STORAGE_KEYS.zone, 'EU');
    const user = userEvent.setup();
    renderMiniCart();
    await user.click(screen.getByRole('button', { name: 'Open bag' }));
    const bag = screen.getByRole('dialog', { name: 'Your bag' });
    expect(within(bag).queryByText(/qualified for free shipping/)).not.toBeInTheDocument();
    expect(within(bag).getByText(/Delivery to EU: €9\.95/)).toBeInTheDocument();
  });
});
