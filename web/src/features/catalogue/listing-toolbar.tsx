import { useId } from 'react';
import {
  isSortOrder,
  productCountText,
  SORT_LABELS,
  SORT_ORDERS,
  type SortOrder,
} from '../../../../domain/catalogue/catalogue-query';
import { CompareButton } from './compare-button';

export interface ListingToolbarProps {
  /** How many products the current query shows (announced as a status). */
  readonly count: number;
  readonly sort: SortOrder;
  readonly onSortChange: (sort: SortOrder) => void;
}

/** Above the grid: the product count, the compare button and the sort order. */
export function ListingToolbar({ count, sort, onSortChange }: ListingToolbarProps) {
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-line pb-4">
      <p role="status" className="mr-auto text-sm text-muted" data-testid="product-count">
        {productCountText(count)}
      </p>
      <CompareButton />
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <label htmlFor={sortId} className="shrink-0 text-sm font-medium">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => {
            if (isSortOrder(e.target.value)) onSortChange(e.target.value);
          }}
          className="h-11 min-w-0 flex-1 rounded-full border border-line bg-white pr-8 pl-4 text-sm sm:flex-none"
        >
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {SORT_LABELS[order]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
