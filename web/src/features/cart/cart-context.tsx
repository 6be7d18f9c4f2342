/**
 * The shopper's cart: lines (id + size + quantity, persisted under STORAGE_KEYS.cart), the chosen delivery
 * zone and gift wrap (persisted too), the gift message (kept in memory only: it is personal text and lives
 * for the visit, docs/product/sizes.md §13.4), and the order totals priced by domain/cart/pricing, the same function the
 * server charges with.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type CartLineView,
  cartCount,
  cartLineViews,
  cartReducerFor,
  EMPTY_CART,
  parseStoredCart,
  parseStoredGiftWrap,
  parseStoredZone,
  pricedLines,
  serializeCart,
  serializeGiftWrap,
  serializeZone,
} from '../../../../domain/cart/cart';
import { type OrderTotals, priceOrder } from '../../../../domain/cart/pricing';
import { DEFAULT_ZONE, type SizeCode, STORAGE_KEYS, type ZoneId } from '../../../../domain/config';
import type { Cents } from '../../../../domain/shared/money';
import { removeStored, writeStoredJson } from '../../lib/browser-storage';
import { usePersistedStore, usePersistedValue } from '../../lib/persisted-store';
import { useCatalogue, useCurrentCatalogue } from '../catalogue-snapshot';

export type { CartLineView } from '../../../../domain/cart/cart';

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
   * The discount code the server accepted for this cart (upper case); '' for none. Sent with the checkout.
   * Kept in this browser (STORAGE_KEYS.discountCode) until removed, refused or paid.
   */
  readonly discountCode: string;
  readonly setDiscountCode: (code: string) => void;
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
  /** Empties the cart and drops its discount code (after a paid order). */
  readonly clear: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** What changes the cart, without what it holds. */
export type CartActions = Pick<
  CartContextValue,
  | 'addItem'
  | 'removeItem'
  | 'setQuantity'
  | 'increment'
  | 'decrement'
  | 'setSize'
  | 'clear'
  | 'setZone'
  | 'setGiftWrap'
  | 'setGiftMessage'
  | 'setDiscountCode'
>;

/** The lines and their count: what the header badge, the cart's list and the checkout show. */
export type CartLines = Pick<CartContextValue, 'lines' | 'count'>;

/*
 * Besides the whole cart (useCart), three narrower contexts, so that a change re-renders only what shows
 * it: a tap's click renders synchronously, and every component that re-renders is inside that tap (bench:inp:
 * gift wrap re-rendered the whole cart page, its lines, the checkout and the header).
 * - the actions never change: quick add, Add to Cart, the steppers, the size select and Remove do not
 *   re-render when the cart does;
 * - the lines change with the lines only, not with the zone, gift wrap or gift message;
 * - the zone changes with the zone only (the product page's dispatch dates).
 */
const CartActionsContext = createContext<CartActions | null>(null);
const CartLinesContext = createContext<CartLines | null>(null);
const CartZoneContext = createContext<ZoneId | null>(null);
/** The cart as last rendered, for a handler that reads it when it runs (the checkout's start). */
const CartSnapshotContext = createContext<(() => CartContextValue) | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const currentCatalogue = useCurrentCatalogue();
  const catalogue = useCatalogue();
  const [state, dispatch] = usePersistedStore({
    key: STORAGE_KEYS.cart,
    initial: EMPTY_CART,
    reducer: cartReducerFor(currentCatalogue),
    parse: (raw) => parseStoredCart(raw, (id) => currentCatalogue().isProductId(id)),
    serialize: (cart) => serializeCart(cart, currentCatalogue()),
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
  // The applied code lives in this browser until removed, refused or paid (docs/product/numbers.md §4.2a). It is
  // written here, but read back only by the cart's discount module after hydration, which parses it with
  // zod and asks the server about it again (./discount-code.tsx): nothing on the first render reads it.
  const [discountCode, setDiscountCodeState] = useState('');
  const setDiscountCode = useCallback((code: string) => {
    setDiscountCodeState(code);
    if (code) writeStoredJson(STORAGE_KEYS.discountCode, { code });
    else removeStored(STORAGE_KEYS.discountCode);
  }, []);

  // `dispatch` and the setters are stable (usePersistedStore, useState), so this object is made once.
  const actions = useMemo<CartActions>(
    () => ({
      addItem: (id, quantity = 1, size) => dispatch({ type: 'add', id, quantity, size }),
      removeItem: (id, size) => dispatch({ type: 'remove', id, size }),
      setQuantity: (id, quantity, size) => dispatch({ type: 'setQuantity', id, quantity, size }),
      increment: (id, size) => dispatch({ type: 'increment', id, size }),
      decrement: (id, size) => dispatch({ type: 'decrement', id, size }),
      setSize: (id, from, to) => dispatch({ type: 'setSize', id, size: from, to }),
      // A paid order takes its code with the cart.
      clear: () => {
        dispatch({ type: 'clear' });
        setDiscountCode('');
      },
      setZone,
      setGiftWrap,
      setGiftMessage,
      setDiscountCode,
    }),
    [dispatch, setZone, setGiftWrap, setDiscountCode],
  );

  const cartLines = useMemo<CartLines>(
    () => ({ lines: cartLineViews(state, catalogue), count: cartCount(state) }),
    [state, catalogue],
  );

  // The zones' prices and free-shipping thresholds the owner set (the snapshot's), as the server charges:
  // shippingRates (domain/settings/storefront-settings.ts) written in a line, since importing that module
  // here puts it in every page's initial JavaScript, which has no room left (npm run check:size).
  const zones = catalogue.snapshot.shop?.shipping.zones;
  const value = useMemo<CartContextValue>(() => {
    const rates =
      zones && Object.fromEntries(zones.map((z) => [z.id, { fee: z.price, freeOver: z.freeFrom }]));
    const totals = priceOrder(pricedLines(cartLines.lines), zone, giftWrap, rates);
    return {
      ...cartLines,
      ...actions,
      subtotal: totals.subtotal,
      totals,
      zone,
      giftWrap,
      giftMessage,
      discountCode,
    };
  }, [cartLines, actions, zone, giftWrap, giftMessage, discountCode, zones]);

  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const [snapshot] = useState(() => () => latest.current);

  return (
    <CartActionsContext.Provider value={actions}>
      <CartSnapshotContext.Provider value={snapshot}>
        <CartLinesContext.Provider value={cartLines}>
          <CartZoneContext.Provider value={zone}>
            <CartContext.Provider value={value}>{children}</CartContext.Provider>
          </CartZoneContext.Provider>
        </CartLinesContext.Provider>
      </CartSnapshotContext.Provider>
    </CartActionsContext.Provider>
  );
}

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} must be used within a CartProvider`);
  return value;
}

/** The cart's actions alone: never re-renders its caller. */
export function useCartActions(): CartActions {
  return required(useContext(CartActionsContext), 'useCartActions');
}

/** `addItem` alone (every product card's quick add). */
export function useAddItem(): CartContextValue['addItem'] {
  return required(useContext(CartActionsContext), 'useAddItem').addItem;
}

/** The lines and their count, re-rendering only when they change. */
export function useCartLines(): CartLines {
  return required(useContext(CartLinesContext), 'useCartLines');
}

/**
 * A function returning the whole cart as last rendered: for a handler that needs the cart when it runs,
 * without re-rendering its component for every change (the checkout button, for each keystroke of the
 * gift message).
 */
export function useCartSnapshot(): () => CartContextValue {
  return required(useContext(CartSnapshotContext), 'useCartSnapshot');
}

/** The chosen delivery zone, re-rendering only when it changes. */
export function useCartZone(): ZoneId {
  return required(useContext(CartZoneContext), 'useCartZone');
}

export function useCart(): CartContextValue {
  return required(useContext(CartContext), 'useCart');
}
