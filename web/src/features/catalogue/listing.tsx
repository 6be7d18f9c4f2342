/**
 * The product listing behind /shop and /collections/best-sellers: search, category buttons, the filters
 * panel, sort and the grid. Its state lives in the URL query (useListingQuery).
 */
import { type ReactNode, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import {
  applyQuery,
  emptyResultText,
  isPriceFiltered,
  materialsOf,
} from '../../../../domain/catalogue/catalogue-query';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import type { Cents } from '../../../../domain/shared/money';
import { HydrateLater } from '../../components/hydrate-later';
import { CategoryFilter } from './category-filter';
import { FiltersPanel } from './filters-panel';
import { ListingResults } from './listing-results';
import { ListingSearch } from './listing-search';
import { ListingToolbar } from './listing-toolbar';
import { RecentlyViewedStrip } from './recently-viewed-strip';
import { useListingQuery } from './use-listing-query';

export interface ListingProps {
  readonly title: string;
  readonly intro: ReactNode;
  readonly products: readonly Product[];
}

export function Listing({ title, intro, products }: ListingProps) {
  const { bounds, query, searchRef, typeSearch, commitSearch, clearSearch, update, clearAll } =
    useListingQuery();

  // A tap on a category, a material or the sort answers with its own small render first (the pressed
  // button, the typed letter); the grid follows in a render React may interrupt and which paints in a frame
  // of its own. Re-rendering and laying out the cards in the tap's frame took it over the 100 ms budget of
  // bench:inp (docs/performance.md). The count and the empty text follow the grid they describe.
  const shownQuery = useDeferredValue(query);
  const results = useMemo(() => applyQuery(products, shownQuery), [products, shownQuery]);
  const materials = useMemo(() => materialsOf(products, bounds), [products, bounds]);
  const categories = useMemo(
    () => bounds.categories.filter((c) => products.some((p) => p.category === c)),
    [products, bounds],
  );

  // Stable, so the memoised filters panel is left alone while the shopper types in the search.
  const onPriceChange = useCallback(
    (minPrice: Cents, maxPrice: Cents) => update({ minPrice, maxPrice }),
    [update],
  );
  const onMaterialsChange = useCallback((next: string[]) => update({ materials: next }), [update]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilterCount = (isPriceFiltered(query, bounds) ? 1 : 0) + query.materials.length;

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-4 sm:pt-12">
      <header className="max-w-2xl">
        <h1 className="font-serif text-4xl sm:text-5xl">{title}</h1>
        <div className="mt-3 text-muted">{intro}</div>
      </header>

      <div className="mt-8 flex gap-3">
        <ListingSearch
          value={query.search}
          inputRef={searchRef}
          onType={typeSearch}
          onCommit={commitSearch}
          onClear={clearSearch}
        />
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

      <CategoryFilter
        categories={categories}
        selected={query.category}
        onSelect={(category) => update({ category })}
      />

      <div className="mt-8 lg:grid lg:grid-cols-[15rem_1fr] lg:items-start lg:gap-8">
        {/* Hidden on a phone until "Filters" is pressed; its price slider re-renders once mounted. */}
        <HydrateLater>
          <FiltersPanel
            id={filtersId}
            query={query}
            materials={materials}
            maxPrice={bounds.maxPrice}
            onPriceChange={onPriceChange}
            onMaterialsChange={onMaterialsChange}
            onClearAll={clearAll}
            className={`mb-8 lg:sticky lg:top-24 lg:mb-0 ${filtersOpen ? '' : 'hidden lg:block'}`}
          />
        </HydrateLater>

        <div>
          <ListingToolbar
            count={results.length}
            sort={query.sort}
            onSortChange={(sort) => update({ sort })}
          />
          <ListingResults results={results} emptyText={emptyResultText(shownQuery)} onClearAll={clearAll} />
        </div>
      </div>

      <RecentlyViewedStrip />
    </div>
  );
}
