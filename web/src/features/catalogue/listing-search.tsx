import { type RefObject, useId } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../../domain/catalogue/catalogue-query';
import { CloseIcon, SearchIcon } from '../../components/ui/icons';

export interface ListingSearchProps {
  readonly value: string;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly onType: (value: string) => void;
  readonly onCommit: () => void;
  readonly onClear: () => void;
}

/** The listing's search box, with its clear button while it holds text. */
export function ListingSearch({ value, inputRef, onType, onCommit, onClear }: ListingSearchProps) {
  const searchId = useId();
  return (
    <div className="relative flex-1">
      <label htmlFor={searchId} className="sr-only">
        Search bracelets
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-muted" />
      <input
        ref={inputRef}
        id={searchId}
        type="search"
        placeholder="Search bracelets..."
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={value}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit();
        }}
        className="h-12 w-full rounded-full border border-line bg-white pr-12 pl-11 text-base placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
      />
      {value !== '' ? (
        <button
          type="button"
          onClick={onClear}
          aria-label="Clear search"
          className="absolute top-1/2 right-1.5 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full hover:bg-sand"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
