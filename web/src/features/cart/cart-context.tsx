/**
 * The shopper's cart: lines (id + quantity, persisted under STORAGE_KEYS.cart), the chosen delivery zone
 * and gift wrap (persisted too), and the order totals priced by domain/pricing, the same function the
 * server charges with.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
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
import { DEFAULT_ZONE, STORAGE_KEYS, type ZoneId } from '../../../../domain/config';
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
  /** A new line starts at `quantity`; an existing line grows by it (clamped to the per-line maximum). */
  readonly addItem: (id: string, quantity?: number) => void;
  readonly removeItem: (id: string) => void;
  /** 0 or less removes the line. */
  readonly setQuantity: (id: string, quantity: number) => void;
  readonly increment: (id: string) => void;
  /** At quantity 1 this removes the line. */
  readonly decrement: (id: string) => void;
  readonly clear: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

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

  const addItem = useCallback(
    (id: string, quantity = 1) => dispatch({ type: 'add', id, quantity }),
    [dispatch],
  );
  const removeItem = useCallback((id: string) => dispatch({ type: 'remove', id }), [dispatch]);
  const setQuantity = useCallback(
    (id: string, quantity: number) => dispatch({ type: 'setQuantity', id, quantity }),
    [dispatch],
  );
  const increment = useCallback((id: string) => dispatch({ type: 'increment', id }), [dispatch]);
  const decrement = useCallback((id: string) => dispatch({ type: 'decrement', id }), [dispatch]);
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
      addItem,
      removeItem,
      setQuantity,
      increment,
      decrement,
      clear,
    };
  }, [
    state,
    zone,
    giftWrap,
    setZone,
    setGiftWrap,
    addItem,
    removeItem,
    setQuantity,
    increment,
    decrement,
    clear,
  ]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
