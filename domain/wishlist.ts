/**
 * Wishlist: product ids in the order they were added, never an id twice (docs/product.md §5.3), stored under
 * STORAGE_KEYS.wishlist.
 */
import { isProductId, PRODUCTS } from './catalogue';
import { parseStoredIds, serializeIds } from './id-list';

export type WishlistState = readonly string[];
export const EMPTY_WISHLIST: WishlistState = [];

export type WishlistAction =
  | { readonly type: 'add'; readonly id: string }
  | { readonly type: 'remove'; readonly id: string }
  | { readonly type: 'toggle'; readonly id: string }
  | { readonly type: 'clear' };

export function wishlistReducer(state: WishlistState, action: WishlistAction): WishlistState {
  switch (action.type) {
    case 'add':
      if (!isProductId(action.id) || state.includes(action.id)) return state;
      return [...state, action.id];
    case 'remove':
      return state.includes(action.id) ? state.filter((id) => id !== action.id) : state;
    case 'toggle':
      return state.includes(action.id)
        ? wishlistReducer(state, { type: 'remove', id: action.id })
        : wishlistReducer(state, { type: 'add', id: action.id });
    case 'clear':
      return state.length === 0 ? state : EMPTY_WISHLIST;
  }
}

/** The whole catalogue is the upper bound: a list without duplicates can never be longer. */
export function parseStoredWishlist(raw: string | null): WishlistState {
  return parseStoredIds(raw, PRODUCTS.length);
}

export const serializeWishlist: (state: WishlistState) => string = serializeIds;
