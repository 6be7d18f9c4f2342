/**
 * Recently viewed products: newest first, no duplicates, at most LIMITS.recentlyViewedMax stored
 * (the shop shows LIMITS.recentlyViewedShown of them).
 */
import { LIMITS } from '../config';
import { type IsKnownId, parseStoredIds, serializeIds } from '../shared/id-list';

export type RecentlyViewedState = readonly string[];
export const EMPTY_RECENTLY_VIEWED: RecentlyViewedState = [];

export type RecentlyViewedAction =
  | { readonly type: 'record'; readonly id: string }
  | { readonly type: 'clear' };

/** The reducer over the current catalogue: an unknown id is never recorded. */
export function recentlyViewedReducerFor(
  isKnown: IsKnownId,
): (state: RecentlyViewedState, action: RecentlyViewedAction) => RecentlyViewedState {
  return function recentlyViewedReducer(
    state: RecentlyViewedState,
    action: RecentlyViewedAction,
  ): RecentlyViewedState {
    switch (action.type) {
      case 'record': {
        if (!isKnown(action.id)) return state;
        // Viewing the newest entry again changes nothing; keeping the same array avoids a needless write.
        if (state[0] === action.id) return state;
        return [action.id, ...state.filter((id) => id !== action.id)].slice(0, LIMITS.recentlyViewedMax);
      }
      case 'clear':
        return state.length === 0 ? state : EMPTY_RECENTLY_VIEWED;
    }
  };
}

export function parseStoredRecentlyViewed(raw: string | null, isKnown: IsKnownId): RecentlyViewedState {
  return parseStoredIds(raw, LIMITS.recentlyViewedMax, isKnown);
}

export const serializeRecentlyViewed: (state: RecentlyViewedState) => string = serializeIds;
