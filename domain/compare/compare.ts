/**
 * Comparison list (docs/product/states.md §5.4): adding a present id does nothing; when LIMITS.compareMax items are
 * present, adding a new one drops the oldest and appends the new one.
 */
import { LIMITS } from '../config';
import { type IsKnownId, parseStoredIds, serializeIds } from '../shared/id-list';

export type CompareState = readonly string[];
export const EMPTY_COMPARE: CompareState = [];

export type CompareAction =
  | { readonly type: 'add'; readonly id: string }
  | { readonly type: 'remove'; readonly id: string }
  | { readonly type: 'toggle'; readonly id: string }
  | { readonly type: 'clear' };

/** The comparison's reducer over the current catalogue: an unknown id is never added. */
export function compareReducerFor(
  isKnown: IsKnownId,
): (state: CompareState, action: CompareAction) => CompareState {
  return function compareReducer(state: CompareState, action: CompareAction): CompareState {
    switch (action.type) {
      case 'add': {
        if (!isKnown(action.id) || state.includes(action.id)) return state;
        const next = [...state, action.id];
        return next.length > LIMITS.compareMax ? next.slice(next.length - LIMITS.compareMax) : next;
      }
      case 'remove':
        return state.includes(action.id) ? state.filter((id) => id !== action.id) : state;
      case 'toggle':
        return state.includes(action.id)
          ? compareReducer(state, { type: 'remove', id: action.id })
          : compareReducer(state, { type: 'add', id: action.id });
      case 'clear':
        return state.length === 0 ? state : EMPTY_COMPARE;
    }
  };
}

/** A stored list longer than the maximum keeps its newest (last) entries, as the FIFO rule would have. */
export function parseStoredCompare(raw: string | null, isKnown: IsKnownId): CompareState {
  const ids = parseStoredIds(raw, Number.POSITIVE_INFINITY, isKnown);
  return ids.length > LIMITS.compareMax ? ids.slice(ids.length - LIMITS.compareMax) : ids;
}

export const serializeCompare: (state: CompareState) => string = serializeIds;
