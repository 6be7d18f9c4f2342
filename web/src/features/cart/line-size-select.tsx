import { useId } from 'react';
import { nameWithSize, offeredSizes, sizeByCode, sizeRangeText } from '../../../../domain/catalogue/sizes';
import type { SizeCode } from '../../../../domain/config';
import { type CartLineView, useCartActions } from './cart-context';

export interface LineSizeSelectProps {
  readonly line: CartLineView;
  /** What changed, for the page's live region. */
  readonly onChange: (message: string) => void;
}

/**
 * The cart page's way to change a line's size (docs/product/sizes.md §13.1). A native select: keyboard and screen
 * readers know it, and it changes nothing until the shopper picks. Choosing a size the bracelet is already
 * in merges the two lines, as adding it in that size would.
 */
export function LineSizeSelect({ line, onChange }: LineSizeSelectProps) {
  const { setSize } = useCartActions();
  const id = useId();
  const { product, size } = line;
  // The sizes the bracelet is made in; the line's own size stays listed if the owner stopped offering it.
  const offered = offeredSizes(product);
  const options = offered.some((s) => s.code === size) ? offered : [...offered, sizeByCode(size)];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm">
        Size<span className="sr-only"> of {product.name}</span>
      </label>
      <select
        id={id}
        value={size}
        onChange={(e) => {
          const to = e.target.value as SizeCode;
          setSize(product.id, size, to);
          onChange(`${nameWithSize(product.name, size)} changed to ${sizeByCode(to).name}`);
        }}
        className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm"
      >
        {options.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name} ({sizeRangeText(s)})
          </option>
        ))}
      </select>
    </div>
  );
}
