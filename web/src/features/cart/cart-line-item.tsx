import { memo } from 'react';
import { sizeByCode } from '../../../../domain/catalogue/sizes';
import { LIMITS } from '../../../../domain/config';
import { productPath } from '../../../../domain/routes';
import { formatEuro } from '../../../../domain/shared/money';
import { ProductPicture } from '../../components/ui/responsive-image';
import { Link } from '../../lib/router';
import type { CartLineView } from './cart-context';
import { LineControls } from './line-controls';
import { LineNotices } from './line-notices';
import { LineSizeSelect } from './line-size-select';

export interface CartLineItemProps {
  readonly line: CartLineView;
  /** What changed, for the page's live region, and whether the line is gone. */
  readonly onChange: (message: string, removed: boolean) => void;
}

/**
 * One line of the cart page: image, name, prices, quantity stepper and Remove. memo: the page re-renders
 * for its announcements, which change no line.
 */
export const CartLineItem = memo(function CartLineItem({ line, onChange }: CartLineItemProps) {
  const { product, quantity, lineTotal } = line;
  const sizeName = sizeByCode(line.size).name;
  const atMax = quantity >= LIMITS.maxQuantityPerLine;
  return (
    <li className="grid grid-cols-[5.5rem_1fr] gap-4 py-6 sm:grid-cols-[7rem_1fr]">
      <Link to={productPath(product.id)} tabIndex={-1} aria-hidden="true" className="block">
        <ProductPicture
          image={product.images[0]}
          alt=""
          sizes="(min-width: 640px) 112px, 88px"
          className="aspect-square h-auto w-full rounded-xl bg-sand object-cover"
        />
      </Link>
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="min-w-0 font-serif text-lg wrap-anywhere">
            <Link to={productPath(product.id)} className="hover:text-wine hover:underline">
              {product.name}
            </Link>
            <span className="sr-only"> ({sizeName})</span>
          </h3>
          <p className="tabular-nums">
            <span className="sr-only">Line total: </span>
            <span className="font-semibold">{formatEuro(lineTotal)}</span>
          </p>
        </div>
        <p className="mt-1 text-sm text-muted">
          {product.category} · <span className="tabular-nums">{formatEuro(product.price)}</span> each
        </p>
        <LineNotices line={line} />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <LineSizeSelect line={line} onChange={(message) => onChange(message, false)} />
          <LineControls line={line} onChange={onChange} />
        </div>
        {atMax ? (
          <p className="mt-2 text-sm text-muted">
            Each piece is made by hand, so we take up to {LIMITS.maxQuantityPerLine} of one design per order.
          </p>
        ) : null}
      </div>
    </li>
  );
});
