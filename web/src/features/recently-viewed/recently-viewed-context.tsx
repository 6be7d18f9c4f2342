/**
 * Recently viewed products, newest first, at most LIMITS.recentlyViewedMax stored; pages show the first
 * LIMITS.recentlyViewedShown. Persisted under STORAGE_KEYS.recentlyViewed.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { getProduct, type Product } from '../../../../domain/catalogue';
import { STORAGE_KEYS } from '../../../../domain/config';
import {
  EMPTY_RECENTLY_VIEWED,
  parseStoredRecentlyViewed,
  recentlyViewedReducer,
  serializeRecentlyViewed,
} from '../../../../domain/recently-viewed';
import { usePersistedStore } from '../storage/persisted-store';

export interface RecentlyViewedContextValue {
  readonly ids: readonly string[];
  readonly products: readonly Product[];
  /** Call in an effect when a product page is shown. */
  readonly record: (id: string) => void;
}

const RecentlyViewedContext = createContext<RecentlyViewedContextValue | null>(null);
/**
 * `record` alone, in a context whose value never changes: the product page records its product in an
 * effect right after it starts, and the list changing must not re-render the whole page (and its gallery
 * and product cards) in one synchronous pass; only the components that show the list re-render.
 */
const RecordRecentlyViewedContext = createContext<((id: string) => void) | null>(null);

export function RecentlyViewedProvider({ children }: { children: ReactNode }) {
  const [ids, dispatch] = usePersistedStore({
    key: STORAGE_KEYS.recentlyViewed,
    initial: EMPTY_RECENTLY_VIEWED,
    reducer: recentlyViewedReducer,
    parse: parseStoredRecentlyViewed,
    serialize: serializeRecentlyViewed,
  });
  const record = useCallback((id: string) => dispatch({ type: 'record', id }), [dispatch]);
  const value = useMemo(() => {
    const products = ids.map(getProduct).filter((p): p is Product => p !== undefined);
    return { ids, products, record };
  }, [ids, record]);
  return (
    <RecordRecentlyViewedContext.Provider value={record}>
      <RecentlyViewedContext.Provider value={value}>{children}</RecentlyViewedContext.Provider>
    </RecordRecentlyViewedContext.Provider>
  );
}

export function useRecentlyViewed(): RecentlyViewedContextValue {
  const ctx = useContext(RecentlyViewedContext);
  if (!ctx) throw new Error('useRecentlyViewed must be used within a RecentlyViewedProvider');
  return ctx;
}

/** Records a viewed product without subscribing to the list (see RecordRecentlyViewedContext). */
export function useRecordRecentlyViewed(): (id: string) => void {
  const record = useContext(RecordRecentlyViewedContext);
  if (!record) throw new Error('useRecordRecentlyViewed must be used within a RecentlyViewedProvider');
  return record;
}
