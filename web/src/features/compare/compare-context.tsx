/** Comparison list (max LIMITS.compareMax, oldest dropped first), persisted under STORAGE_KEYS.compare. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import {
  type CompareAction,
  type CompareState,
  compareReducerFor,
  EMPTY_COMPARE,
  parseStoredCompare,
  serializeCompare,
} from '../../../../domain/compare/compare';
import { STORAGE_KEYS } from '../../../../domain/config';
import { createPersistedStore, type PersistedStore, useStoreState } from '../../lib/persisted-store';
import { useCatalogue, useCurrentCatalogue } from '../catalogue-snapshot';

export interface CompareActions {
  readonly add: (id: string) => void;
  readonly remove: (id: string) => void;
  /** Returns whether the product is in the comparison afterwards. */
  readonly toggle: (id: string) => boolean;
  readonly clear: () => void;
  /** The products being compared when it is called, oldest first (for a handler; subscribes to nothing). */
  readonly current: () => readonly Product[];
}

export interface CompareContextValue extends CompareActions {
  readonly ids: readonly string[];
  readonly items: readonly Product[];
  readonly has: (id: string) => boolean;
}

type CompareStore = PersistedStore<CompareState, CompareAction>;

/**
 * The provider hands down the store itself, which never changes, as recently viewed does: each card's
 * compare button subscribes to whether its own product is in the list, so a tap on one re-renders that
 * button (and the one dropped, when the list was full), not every card's (a listing has 27).
 */
const CompareStoreContext = createContext<{ store: CompareStore; actions: CompareActions } | null>(null);

export function CompareProvider({ children }: { children: ReactNode }) {
  const catalogue = useCurrentCatalogue();
  const [value] = useState(() => {
    const isKnown = (id: string) => catalogue().isProductId(id);
    const compareReducer = compareReducerFor(isKnown);
    const store = createPersistedStore({
      key: STORAGE_KEYS.compare,
      initial: EMPTY_COMPARE,
      reducer: compareReducer,
      parse: (raw) => parseStoredCompare(raw, isKnown),
      serialize: serializeCompare,
    });
    const actions: CompareActions = {
      add: (id) => store.dispatch({ type: 'add', id }),
      remove: (id) => store.dispatch({ type: 'remove', id }),
      toggle: (id) => {
        const nowIn = compareReducer(store.getSnapshot(), { type: 'toggle', id }).includes(id);
        store.dispatch({ type: nowIn ? 'add' : 'remove', id });
        return nowIn;
      },
      clear: () => store.dispatch({ type: 'clear' }),
      current: () => catalogue().productsOf(store.getSnapshot()),
    };
    return { store, actions };
  });
  return <CompareStoreContext.Provider value={value}>{children}</CompareStoreContext.Provider>;
}

function useCompareStore(hook: string) {
  const value = useContext(CompareStoreContext);
  if (!value) throw new Error(`${hook} must be used within a CompareProvider`);
  return value;
}

/** The whole comparison, re-rendering its caller on every change (the compare bar and overlay). */
export function useCompare(): CompareContextValue {
  const { store, actions } = useCompareStore('useCompare');
  const catalogue = useCatalogue();
  const ids = useStoreState(store);
  const has = useCallback((id: string) => ids.includes(id), [ids]);
  return useMemo(
    () => ({ ...actions, ids, items: catalogue.productsOf(ids), has }),
    [actions, ids, has, catalogue],
  );
}

/** Whether one product is being compared, re-rendering its caller only when that changes. */
export function useIsCompared(id: string): boolean {
  const { store } = useCompareStore('useIsCompared');
  return useStoreState(store, (ids) => ids.includes(id));
}

/** What changes the comparison: never re-renders its caller. */
export function useCompareActions(): CompareActions {
  return useCompareStore('useCompareActions').actions;
}
