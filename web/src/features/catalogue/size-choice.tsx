import { useId } from 'react';
import { sizeRangeText } from '../../../../domain/catalogue/sizes';
import { type BraceletSize, SIZES, type SizeCode } from '../../../../domain/config';

export interface SizeChoiceProps {
  /** The sizes this bracelet is made in (all three unless the owner offers fewer). */
  readonly sizes?: readonly BraceletSize[];
  /** Sizes the maker's materials cannot cover now (docs/product/materials.md §23): shown, not chosen. */
  readonly unavailable?: readonly SizeCode[];
  readonly value: SizeCode;
  readonly onChange: (size: SizeCode) => void;
}

/**
 * The product page's size choice (docs/product/sizes.md §13.1): a radio group named "Size", Small / Medium /
 * Large with their bracelet lengths. Native radios, so arrow keys move the choice; Medium is preselected
 * by the page (also in the prerendered HTML, so hydration changes nothing).
 */
export function SizeChoice({ sizes = SIZES, unavailable = [], value, onChange }: SizeChoiceProps) {
  const labelId = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="mt-6">
      <p id={labelId} className="text-sm font-semibold">
        Size
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {sizes.map((size) => {
          const out = unavailable.includes(size.code);
          return (
            <label
              key={size.code}
              className="flex min-h-14 cursor-pointer flex-col has-disabled:cursor-not-allowed has-disabled:opacity-60 items-center justify-center rounded-xl border border-line bg-white px-2 py-2 text-center has-checked:border-wine has-checked:bg-sand has-checked:ring-1 has-checked:ring-wine has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-wine"
            >
              <input
                type="radio"
                name="size"
                value={size.code}
                checked={value === size.code}
                disabled={out}
                onChange={() => onChange(size.code)}
                className="sr-only"
              />
              <span className="font-medium">{size.name}</span>
              <span className="text-xs tabular-nums text-muted">
                {out ? 'Not available right now' : sizeRangeText(size)}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
