/** Comparison list (max LIMITS.compareMax, oldest dropped first), persisted under STORAGE_KEYS.compare. */
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { getProduct, type Product } from '../../../../domain/catalogue';
import {
  compareReducer,
  EMPTY_COMPARE,
  parseStoredCompare,
  serializeCompare,
} from '../../../../domain/compare';
import { STORAGE_KEYS } from '../../../../domain/config';
import { usePersistedStore } from '../storage/persisted-store';

export interface CompareContextValue {
  readonly ids: readonly string[];
  readonly items: readonly Product[];
  readonly has: (id: string) => boolean;
  readonly add: (id: string) => void;
  readonly remove: (id: string) => void;
  /** Returns whether the product is in the comparison afterwards. */
  readonly toggle: (id: string) => boolean;
  readonly clear: () => void;
}

const CompareContext = createContext<CompareContextValue | null>(null);

export function CompareProvider({ children }: { children: ReactNode }) {
  const [ids, dispatch] = usePersistedStore({
    key: STORAGE_KEYS.compare,
    initial: EMPTY_COMPARE,
    reducer: compareReducer,
    parse: parseStoredCompare,
    serialize: serializeCompare,
  });
  const has = useCallback((id: string) => ids.includes(id), [ids]);
  const add = useCallback((id: string) => dispatch({ type: 'add', id }), [dispatch]);
  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), [dispatch]);
  const toggle = useCallback(
    (id: string) => {
      const nowIn = compareReducer(ids, { type: 'toggle', id }).includes(id);
      dispatch({ type: nowIn ? 'add' : 'remove', id });
      return nowIn;
    },
    [ids, dispatch],
  );
  const clear = useCallback(() => dispatch({ type: 'clear' }), [dispatch]);
  const value = useMemo(() => {
    const items = ids.map(getProduct).filter((p): p is Product => p !== undefined);
    return { ids, items, has, add, remove, toggle, clear };
  }, [ids, has, add, remove, toggle, clear]);
  return <CompareContext.Provider value={value}>{children}</CompareContext.Provider>;
}

export function useCompare(): CompareContextValue {
  const ctx = useContext(CompareContext);
  if (!ctx) throw new Error('useCompare must be used within a CompareProvider');
  return ctx;
}
