/**
 * The listing's state, kept in the URL query (useSearchParams): search, category, price, materials and
 * sort, so a filtered view can be shared, survives a reload and works with Back. The search box is the
 * one exception while typing: its text is local and written to the URL after a short pause, so every
 * keystroke does not rewrite history (Safari throws past 100 replaceState calls in 30 s).
 */
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type CatalogueQuery,
  clearFilters,
  defaultQuery,
  parseQuery,
  QUERY_KEYS,
  type QueryBounds,
  queryBounds,
  SEARCH_MAX_LENGTH,
  serializeQuery,
} from '../../../../domain/catalogue/catalogue-query';
import { useSearchParams } from '../../lib/router';
import { useCatalogue } from '../catalogue-snapshot';

/** Long enough to cover a burst of typing, short enough that the address looks current. */
const SEARCH_URL_DELAY_MS = 300;

const LISTING_KEYS: ReadonlySet<string> = new Set(Object.values(QUERY_KEYS));

function normalizedSearch(search: string, bounds: QueryBounds): string {
  return parseQuery(serializeQuery({ ...defaultQuery(bounds), search }, bounds), bounds).search;
}

export interface ListingQuery {
  /** What the current catalogue lets the query name (categories, materials, the price range). */
  readonly bounds: QueryBounds;
  /** What the listing shows: the URL's query, with the search box's text while it is being typed. */
  readonly query: CatalogueQuery;
  /** For the search input: text typed into the prerendered box before hydration is picked up. */
  readonly searchRef: RefObject<HTMLInputElement | null>;
  /** A keystroke in the search box: filters at once, reaches the URL after a pause. */
  readonly typeSearch: (value: string) => void;
  /** Enter in the search box: the pending search goes to the URL now. */
  readonly commitSearch: () => void;
  readonly clearSearch: () => void;
  /** A change of filters or sort: written to the URL at once, with the search typed so far. */
  readonly update: (change: Partial<CatalogueQuery>) => void;
  /** Clears the search and all filters; the sort stays. */
  readonly clearAll: () => void;
}

export function useListingQuery(): ListingQuery {
  const [params, setParams] = useSearchParams();
  const bounds = queryBounds(useCatalogue());
  const boundsRef = useRef(bounds);
  boundsRef.current = bounds;
  const urlQuery = useMemo(() => parseQuery(params, bounds), [params, bounds]);

  const [searchText, setSearchText] = useState(urlQuery.search);
  /** The search we last wrote to the URL; a different one there came from outside (Back, a link). */
  const lastWritten = useRef(urlQuery.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (urlQuery.search !== lastWritten.current) {
      lastWritten.current = urlQuery.search;
      clearTimeout(timer.current);
      setSearchText(urlQuery.search);
    }
  }, [urlQuery.search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const query: CatalogueQuery = useMemo(() => ({ ...urlQuery, search: searchText }), [urlQuery, searchText]);
  const queryRef = useRef(query);
  queryRef.current = query;

  const paramsRef = useRef(params);
  paramsRef.current = params;
  const write = useCallback(
    (next: CatalogueQuery) => {
      clearTimeout(timer.current);
      lastWritten.current = normalizedSearch(next.search, boundsRef.current);
      const out = serializeQuery(next, boundsRef.current);
      // Keep parameters the listing does not own (?debug=1, ?flags=1 open the shell's panels).
      for (const [key, value] of paramsRef.current) {
        if (!LISTING_KEYS.has(key)) out.append(key, value);
      }
      setParams(out);
    },
    [setParams],
  );
  const update = useCallback(
    (change: Partial<CatalogueQuery>) => write({ ...queryRef.current, ...change }),
    [write],
  );

  const typeSearch = (value: string) => {
    const search = value.slice(0, SEARCH_MAX_LENGTH);
    setSearchText(search);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write({ ...queryRef.current, search }), SEARCH_URL_DELAY_MS);
  };

  // Stable, so the memoised grid (ListingResults) is not re-rendered for a new function every render.
  const clearAll = useCallback(() => {
    setSearchText('');
    write(clearFilters(queryRef.current, boundsRef.current));
  }, [write]);

  const searchRef = useRef<HTMLInputElement>(null);
  // A shopper can type into the prerendered search box before the app hydrates (a slow phone); keep and
  // apply what they typed instead of resetting the box to the state's empty text. Once, after mount.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; later typing goes through onChange
  useEffect(() => {
    const typed = searchRef.current?.value ?? '';
    if (typed !== '' && typed !== queryRef.current.search) typeSearch(typed);
  }, []);

  return {
    bounds,
    query,
    searchRef,
    typeSearch,
    commitSearch: () => write(queryRef.current),
    clearSearch: () => {
      setSearchText('');
      update({ search: '' });
    },
    update,
    clearAll,
  };
}
