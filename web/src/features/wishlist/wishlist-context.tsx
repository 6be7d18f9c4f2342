/** Wishlist of product ids under STORAGE_KEYS.wishlist ('solas-wishlist'), never an id twice. */
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { STORAGE_KEYS } from '../../../../domain/config';
import {
  EMPTY_WISHLIST,
  parseStoredWishlist,
  serializeWishlist,
  wishlistReducerFor,
} from '../../../../domain/wishlist/wishlist';
import { usePersistedStore } from '../../lib/persisted-store';
import { useCurrentCatalogue } from '../catalogue-snapshot';

export interface WishlistContextValue {
  readonly ids: readonly string[];
  readonly has: (id: string) => boolean;
  readonly add: (id: string) => void;
  readonly remove: (id: string) => void;
  /** Returns whether the product is in the wishlist afterwards (for the 'Added'/'Removed' toast). */
  readonly toggle: (id: string) => boolean;
}

const WishlistContext = createContext<WishlistContextValue | null>(null);

export function WishlistProvider({ children }: { children: ReactNode }) {
  const catalogue = useCurrentCatalogue();
  const isKnown = (id: string) => catalogue().isProductId(id);
  const wishlistReducer = wishlistReducerFor(isKnown);
  const [ids, dispatch] = usePersistedStore({
    key: STORAGE_KEYS.wishlist,
    initial: EMPTY_WISHLIST,
    reducer: wishlistReducer,
    parse: (raw) => parseStoredWishlist(raw, isKnown),
    serialize: serializeWishlist,
  });
  const has = useCallback((id: string) => ids.includes(id), [ids]);
  const add = useCallback((id: string) => dispatch({ type: 'add', id }), [dispatch]);
  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), [dispatch]);
  const toggle = useCallback(
    (id: string) => {
      // Decided from the rendered list (what the shopper saw when pressing the button), then sent as an
      // explicit add or remove so that a quick double press cannot undo itself.
      const nowIn = wishlistReducer(ids, { type: 'toggle', id }).includes(id);
      dispatch({ type: nowIn ? 'add' : 'remove', id });
      return nowIn;
    },
    [ids, dispatch, wishlistReducer],
  );
  const value = useMemo(() => ({ ids, has, add, remove, toggle }), [ids, has, add, remove, toggle]);
  return <WishlistContext.Provider value={value}>{children}</WishlistContext.Provider>;
}

export function useWishlist(): WishlistContextValue {
  const ctx = useContext(WishlistContext);
  if (!ctx) throw new Error('useWishlist must be used within a WishlistProvider');
  return ctx;
}
