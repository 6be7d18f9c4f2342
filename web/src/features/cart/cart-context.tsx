/**
 * The shopper's cart: lines (id + size + quantity, persisted under STORAGE_KEYS.cart), the chosen delivery
 * zone and gift wrap (persisted too), the gift message (kept in memory only: it is personal text and lives
 * for the visit, docs/product.md §13.4), and the order totals priced by domain/pricing, the same function the
 * server charges with.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import {
  type CartLineView,
  cartCount,
  cartLineViews,
  cartReducer,
  EMPTY_CART,
  parseStoredCart,
  parseStoredGiftWrap,
  parseStoredZone,
  pricedLines,
  serializeCart,
  serializeGiftWrap,
  serializeZone,
} from '../../../../domain/cart';
import { DEFAULT_ZONE, type SizeCode, STORAGE_KEYS, type ZoneId } from '../../../../domain/config';
import type { Cents } from '../../../../domain/money';
import { type OrderTotals, priceOrder } from '../../../../domain/pricing';
import { usePersistedStore, usePersistedValue } from '../storage/persisted-store';

export type { CartLineView } from '../../../../domain/cart';

export interface CartContextValue {
  readonly lines: readonly CartLineView[];
  /** Sum of quantities (the header badge). */
  readonly count: number;
  readonly subtotal: Cents;
  readonly totals: OrderTotals;
  readonly zone: ZoneId;
  readonly setZone: (zone: ZoneId) => void;
  readonly giftWrap: boolean;
  readonly setGiftWrap: (giftWrap: boolean) => void;
  /** What the shopper typed; sent only with gift wrap. */
  readonly giftMessage: string;
  readonly setGiftMessage: (giftMessage: string) => void;
  /**
   * Lines are keyed by product and size (absent = Medium). A new line starts at `quantity`; an existing
   * line grows by it (clamped to the per-line maximum).
   */
  readonly addItem: (id: string, quantity?: number, size?: SizeCode) => void;
  readonly removeItem: (id: string, size?: SizeCode) => void;
  /** 0 or less removes the line. */
  readonly setQuantity: (id: string, quantity: number, size?: SizeCode) => void;
  readonly increment: (id: string, size?: SizeCode) => void;
  /** At quantity 1 this removes the line. */
  readonly decrement: (id: string, size?: SizeCode) => void;
  /** Moves a line to another size, merging with a line already in that size. */
  readonly setSize: (id: string, from: SizeCode, to: SizeCode) => void;
  readonly clear: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

/**
 * `addItem` alone, for components that add to the cart but do not show it (every product card's quick
 * add): its value never changes, so they do not re-render when the cart does (bench:inp's quick add).
 */
const AddItemContext = createContext<CartContextValue['addItem'] | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = usePersistedStore({
    key: STORAGE_KEYS.cart,
    initial: EMPTY_CART,
    reducer: cartReducer,
    parse: parseStoredCart,
    serialize: serializeCart,
  });
  const [zone, setZone] = usePersistedValue<ZoneId>(
    STORAGE_KEYS.zone,
    DEFAULT_ZONE,
    parseStoredZone,
    serializeZone,
  );
  const [giftWrap, setGiftWrap] = usePersistedValue(
    STORAGE_KEYS.giftWrap,
    false,
    parseStoredGiftWrap,
    serializeGiftWrap,
  );

  const [giftMessage, setGiftMessage] = useState('');

  const addItem = useCallback(
    (id: string, quantity = 1, size?: SizeCode) => dispatch({ type: 'add', id, quantity, size }),
    [dispatch],
  );
  const removeItem = useCallback(
    (id: string, size?: SizeCode) => dispatch({ type: 'remove', id, size }),
    [dispatch],
  );
  const setQuantity = useCallback(
    (id: string, quantity: number, size?: SizeCode) => dispatch({ type: 'setQuantity', id, quantity, size }),
    [dispatch],
  );
  const increment = useCallback(
    (id: string, size?: SizeCode) => dispatch({ type: 'increment', id, size }),
    [dispatch],
  );
  const decrement = useCallback(
    (id: string, size?: SizeCode) => dispatch({ type: 'decrement', id, size }),
    [dispatch],
  );
  const setSize = useCallback(
    (id: string, from: SizeCode, to: SizeCode) => dispatch({ type: 'setSize', id, size: from, to }),
    [dispatch],
  );
  const clear = useCallback(() => dispatch({ type: 'clear' }), [dispatch]);

  const value = useMemo<CartContextValue>(() => {
    const lines = cartLineViews(state);
    const totals = priceOrder(pricedLines(lines), zone, giftWrap);
    return {
      lines,
      count: cartCount(state),
      subtotal: totals.subtotal,
      totals,
      zone,
      setZone,
      giftWrap,
      setGiftWrap,
      giftMessage,
      setGiftMessage,
      addItem,
      removeItem,
      setQuantity,
      increment,
      decrement,
      setSize,
      clear,
    };
  }, [
    state,
    zone,
    giftWrap,
    giftMessage,
    setZone,
    setGiftWrap,
    addItem,
    removeItem,
    setQuantity,
    increment,
    decrement,
    setSize,
    clear,
  ]);

  return (
    <AddItemContext.Provider value={addItem}>
      <CartContext.Provider value={value}>{children}</CartContext.Provider>
    </AddItemContext.Provider>
  );
}

export function useAddItem(): CartContextValue['addItem'] {
  const addItem = useContext(AddItemContext);
  if (!addItem) throw new Error('useAddItem must be used within a CartProvider');
  return addItem;
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
