import { memo } from 'react';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import { LISTING_CARD_SIZES } from '../../../../domain/media/page-image-sizes';
import { HydrateLater } from '../../components/hydrate-later';
import { ProductCard } from './product-card';

/**
 * The first row on a phone (two cards) is above the fold: its images load eagerly at high priority, the
 * first one preloaded by the prerendered page (entry-server lcpImage); the rest load lazily.
 */
const PRIORITY_CARDS = 2;
/** Cards after the first rows are rendered by the browser only when scrolled near (styles.css). */
const EAGER_RENDER_CARDS = 6;

export interface ListingResultsProps {
  readonly results: readonly Product[];
  /** Shown instead of the grid when nothing matches. */
  readonly emptyText: string;
  readonly onClearAll: () => void;
}

/**
 * The product grid, or the empty state with its Clear Filters button. Memoised: the listing renders it
 * with a deferred query (listing.tsx), and the urgent render of a tap must skip the grid entirely.
 */
export const ListingResults = memo(function ListingResults({
  results,
  emptyText,
  onClearAll,
}: ListingResultsProps) {
  if (results.length === 0) {
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-line px-6 py-16 text-center">
        <p className="font-serif text-xl">{emptyText}</p>
        <button
          type="button"
          onClick={onClearAll}
          className="mt-6 h-11 rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark"
        >
          Clear Filters
        </button>
      </div>
    );
  }
  return (
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
  );
});

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
        sizes={LISTING_CARD_SIZES}
        showCompare
        headingLevel="h2"
        priority={priority}
      />
    </li>
  );
}
