/**
 * The product listing behind /shop and /collections/best-sellers. Search, category, price, materials and
 * sort live in the URL query (useSearchParams), so a filtered view can be shared, survives a reload and
 * works with Back. The search box is the one exception while typing: its text is local and written to
 * the URL after a short pause, so every keystroke does not rewrite history (Safari throws past 100
 * replaceState calls in 30 s).
 */
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { CATEGORIES, type Category, type Material, type Product } from '../../../../domain/catalogue';
import {
  applyQuery,
  type CatalogueQuery,
  clearFilters,
  DEFAULT_QUERY,
  emptyResultText,
  isSortOrder,
  materialsOf,
  parseQuery,
  productCountText,
  QUERY_KEYS,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  SORT_ORDERS,
  serializeQuery,
} from '../../../../domain/catalogue-query';
import { LCP_SIZES } from '../../../../domain/images';
import { useSearchParams } from '../../app/router';
import { HydrateLater } from '../../components/hydrate-later';
import { useCompare } from '../compare/compare-context';
import { FiltersPanel } from './filters-panel';
import { CloseIcon, CompareIcon, SearchIcon } from './icons';
import { ProductCard } from './product-card';
import { RecentlyViewedStrip } from './recently-viewed-strip';
import { useLazyDialog } from './use-lazy-dialog';

const loadCompareOverlay = () => import('./compare-overlay');
const CompareOverlay = lazy(() => loadCompareOverlay().then((m) => ({ default: m.CompareOverlay })));

/** Long enough to cover a burst of typing, short enough that the address looks current. */
const SEARCH_URL_DELAY_MS = 300;

/**
 * The first row on a phone (two cards) is above the fold: its images load eagerly at high priority, the
 * first one preloaded by the prerendered page (entry-server lcpImage); the rest load lazily.
 */
const PRIORITY_CARDS = 2;
/** Cards after the first rows are rendered by the browser only when scrolled near (styles.css). */
const EAGER_RENDER_CARDS = 6;

const LISTING_KEYS: ReadonlySet<string> = new Set(Object.values(QUERY_KEYS));

export interface ListingProps {
  readonly title: string;
  readonly intro: ReactNode;
  readonly products: readonly Product[];
}

function normalizedSearch(search: string): string {
  return parseQuery(serializeQuery({ ...DEFAULT_QUERY, search })).search;
}

export function Listing({ title, intro, products }: ListingProps) {
  const [params, setParams] = useSearchParams();
  const urlQuery = useMemo(() => parseQuery(params), [params]);

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
      lastWritten.current = normalizedSearch(next.search);
      const out = serializeQuery(next);
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

  const onSearchInput = (value: string) => {
    const search = value.slice(0, SEARCH_MAX_LENGTH);
    setSearchText(search);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write({ ...queryRef.current, search }), SEARCH_URL_DELAY_MS);
  };

  const searchRef = useRef<HTMLInputElement>(null);
  // A shopper can type into the prerendered search box before the app hydrates (a slow phone); keep and
  // apply what they typed instead of resetting the box to the state's empty text. Once, after mount.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; later typing goes through onChange
  useEffect(() => {
    const typed = searchRef.current?.value ?? '';
    if (typed !== '' && typed !== queryRef.current.search) onSearchInput(typed);
  }, []);

  const clearAll = () => {
    setSearchText('');
    write(clearFilters(queryRef.current));
  };

  const results = useMemo(() => applyQuery(products, query), [products, query]);
  const materials = useMemo(() => materialsOf(products), [products]);
  const categories = useMemo(
    () => CATEGORIES.filter((c) => products.some((p) => p.category === c)),
    [products],
  );

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const searchId = useId();
  const sortId = useId();
  const activeFilterCount =
    (query.minPrice !== DEFAULT_QUERY.minPrice || query.maxPrice !== DEFAULT_QUERY.maxPrice ? 1 : 0) +
    query.materials.length;

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-4 sm:pt-12">
      <header className="max-w-2xl">
        <h1 className="font-serif text-4xl sm:text-5xl">{title}</h1>
        <div className="mt-3 text-muted">{intro}</div>
      </header>

      <div className="mt-8 flex gap-3">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search bracelets
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-muted" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            placeholder="Search bracelets..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_MAX_LENGTH}
            value={searchText}
            onChange={(e) => onSearchInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') write(queryRef.current);
            }}
            className="h-12 w-full rounded-full border border-line bg-white pr-12 pl-11 text-base placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
          />
          {searchText !== '' ? (
            <button
              type="button"
              onClick={() => {
                setSearchText('');
                update({ search: '' });
              }}
              aria-label="Clear search"
              className="absolute top-1/2 right-1.5 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full hover:bg-sand"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          ) : null}
        </div>
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
          className="h-12 shrink-0 rounded-full border border-ink px-5 text-sm font-medium hover:bg-sand lg:hidden"
        >
          Filters{activeFilterCount > 0 ? ` (${activeFilterCount})` : ''}
        </button>
      </div>

      <fieldset className="mt-5 flex flex-wrap gap-2">
        <legend className="sr-only">Category</legend>
        <CategoryButton
          label="All"
          pressed={query.category === null}
          onClick={() => update({ category: null })}
        />
        {categories.map((category: Category) => (
          <CategoryButton
            key={category}
            label={category}
            pressed={query.category === category}
            onClick={() => update({ category })}
          />
        ))}
      </fieldset>

      <div className="mt-8 lg:grid lg:grid-cols-[15rem_1fr] lg:items-start lg:gap-8">
        {/* Hidden on a phone until "Filters" is pressed; its price slider re-renders once mounted. */}
        <HydrateLater>
          <FiltersPanel
            id={filtersId}
            query={query}
            materials={materials}
            onPriceChange={(minPrice, maxPrice) => update({ minPrice, maxPrice })}
            onMaterialsChange={(next: Material[]) => update({ materials: next })}
            onClearAll={clearAll}
            className={`mb-8 lg:sticky lg:top-24 lg:mb-0 ${filtersOpen ? '' : 'hidden lg:block'}`}
          />
        </HydrateLater>

        <div>
          <div className="flex flex-wrap items-center gap-3 border-b border-line pb-4">
            <p role="status" className="mr-auto text-sm text-muted" data-testid="product-count">
              {productCountText(results.length)}
            </p>
            <CompareButton />
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <label htmlFor={sortId} className="shrink-0 text-sm font-medium">
                Sort by
              </label>
              <select
                id={sortId}
                value={query.sort}
                onChange={(e) => {
                  if (isSortOrder(e.target.value)) update({ sort: e.target.value });
                }}
                className="h-11 min-w-0 flex-1 rounded-full border border-line bg-white pr-8 pl-4 text-sm sm:flex-none"
              >
                {SORT_ORDERS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {results.length === 0 ? (
            <div className="mt-8 rounded-2xl border border-dashed border-line px-6 py-16 text-center">
              <p className="font-serif text-xl">{emptyResultText(query)}</p>
              <button
                type="button"
                onClick={clearAll}
                className="mt-6 h-11 rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark"
              >
                Clear Filters
              </button>
            </div>
          ) : (
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5" aria-label="Products">
              {results.slice(0, EAGER_RENDER_CARDS).map((product, index) => (
                <ListingCard key={product.id} product={product} priority={index < PRIORITY_CARDS} />
              ))}
              {/* Below the first screens: rendered by the browser when near, hydrated after the rest. */}
              <HydrateLater>
                {results.slice(EAGER_RENDER_CARDS).map((product) => (
                  <ListingCard key={product.id} product={product} renderWhenNear />
                ))}
              </HydrateLater>
            </ul>
          )}
        </div>
      </div>

      <RecentlyViewedStrip />
    </div>
  );
}

function ListingCard({
  product,
  priority = false,
  renderWhenNear = false,
}: {
  product: Product;
  priority?: boolean;
  renderWhenNear?: boolean;
}) {
  return (
    <li className={renderWhenNear ? 'render-when-near-card' : undefined}>
      <ProductCard
        product={product}
        sizes={LCP_SIZES.listingCard}
        showCompare
        headingLevel="h2"
        priority={priority}
      />
    </li>
  );
}

function CategoryButton({
  label,
  pressed,
  onClick,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className="h-10 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine aria-pressed:border-wine aria-pressed:bg-wine aria-pressed:text-cream"
    >
      {label}
    </button>
  );
}

function CompareButton() {
  const { items } = useCompare();
  const overlay = useLazyDialog();
  const count = items.length;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadCompareOverlay()}
        onFocus={() => void loadCompareOverlay()}
        onClick={overlay.show}
        className="inline-flex h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine aria-expanded:border-wine"
      >
        <CompareIcon className="h-4 w-4" />
        {count > 0 ? `Compare (${count})` : 'Compare'}
      </button>
      {overlay.mounted ? (
        <Suspense fallback={null}>
          <CompareOverlay open={overlay.open} onOpenChange={overlay.setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
