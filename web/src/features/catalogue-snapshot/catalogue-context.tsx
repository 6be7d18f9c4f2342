import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type CatalogueIndex, indexCatalogue } from '../../../../domain/catalogue/catalogue-index';
import type { CatalogueSnapshot } from '../../../../domain/catalogue/snapshot';

/**
 * The catalogue the page was rendered from, for every component of the shop: the server renders with the
 * current snapshot and the browser hydrates with the same one, so both render the same products. Never
 * compiled into the bundle: the snapshot arrives as data. A folder of its own, importing no feature, under
 * all that read it (cart, wishlist, comparison, recently viewed, settings, dispatch dates, the catalogue's
 * pages): beside the catalogue's UI, which uses several of them, it tied them to the catalogue both ways.
 */
const CatalogueContext = createContext<CatalogueIndex | null>(null);

export function CatalogueProvider({
  catalogue,
  children,
}: {
  catalogue: CatalogueSnapshot;
  children: ReactNode;
}) {
  // A newer snapshot read after the page came back into view (./newer-catalogue.ts), for as long as the
  // page is given the same one: the owner's shipping rates changed while a cart stood open reach its totals.
  // Only the listeners live here: the home page's initial JavaScript has no room for more (check:size).
  const [newer, setNewer] = useState<{ from: CatalogueSnapshot; next: CatalogueSnapshot } | null>(null);
  const shown = newer?.from === catalogue ? newer.next : catalogue;
  const latest = useRef(shown);
  latest.current = shown;
  useEffect(() => {
    // visibilitychange bubbles from the document to the window.
    const ask = () =>
      void import('./newer-catalogue').then((m) =>
        m.askNewer(latest.current, (next) => setNewer({ from: catalogue, next })),
      );
    addEventListener('visibilitychange', ask);
    addEventListener('focus', ask);
    return () => {
      removeEventListener('visibilitychange', ask);
      removeEventListener('focus', ask);
    };
  }, [catalogue]);
  // indexCatalogue is memoised per snapshot; useMemo only spares the WeakMap look-up on every render.
  const index = useMemo(() => indexCatalogue(shown), [shown]);
  return <CatalogueContext.Provider value={index}>{children}</CatalogueContext.Provider>;
}

/** The current catalogue's index; only inside a CatalogueProvider (App renders one around everything). */
export function useCatalogue(): CatalogueIndex {
  const index = useContext(CatalogueContext);
  if (!index) throw new Error('useCatalogue() needs a <CatalogueProvider> above it');
  return index;
}

/**
 * A function that always returns the current index, the same function for the component's life: for the
 * stores created once per provider (cart, wishlist, comparison, recently viewed), whose reducers and
 * parsers ask the catalogue which ids exist and what they cost.
 */
export function useCurrentCatalogue(): () => CatalogueIndex {
  const index = useCatalogue();
  const ref = useRef(index);
  ref.current = index;
  return useCallback(() => ref.current, []);
}
