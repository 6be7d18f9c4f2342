/**
 * Wishlist: product ids in the order they were added, never an id twice (docs/product/states.md §5.3), stored under
 * STORAGE_KEYS.wishlist.
 */
import { type IsKnownId, parseStoredIds, serializeIds } from '../shared/id-list';

export type WishlistState = readonly string[];
export const EMPTY_WISHLIST: WishlistState = [];

export type WishlistAction =
  | { readonly type: 'add'; readonly id: string }
  | { readonly type: 'remove'; readonly id: string }
  | { readonly type: 'toggle'; readonly id: string }
  | { readonly type: 'clear' };

/** The wishlist's reducer over the current catalogue: an unknown id is never added. */
export function wishlistReducerFor(
  isKnown: IsKnownId,
): (state: WishlistState, action: WishlistAction) => WishlistState {
  return function wishlistReducer(state: WishlistState, action: WishlistAction): WishlistState {
    switch (action.type) {
      case 'add':
        if (!isKnown(action.id) || state.includes(action.id)) return state;
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
  };
}

/** Known ids only, so a list without duplicates is never longer than the catalogue. */
export function parseStoredWishlist(raw: string | null, isKnown: IsKnownId): WishlistState {
  return parseStoredIds(raw, Number.POSITIVE_INFINITY, isKnown);
}

export const serializeWishlist: (state: WishlistState) => string = serializeIds;
