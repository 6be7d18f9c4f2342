import { formatEuro } from '../../../../domain/shared/money';
import { ProductStatusNote } from '../../components/ui/product-status';
import type { CartLineView } from './cart-context';

/**
 * What changed about a line's product since it was added (docs/product/catalogue.md): its price,
 * shown before checkout so the shopper is never surprised by the total; or that it takes no orders, which
 * holds the checkout until the line is removed.
 */
export function LineNotices({ line }: { line: CartLineView }) {
  const { product, previousPrice, unavailable } = line;
  return (
    <>
      {previousPrice !== null && !unavailable ? (
        <p className="mt-1 text-sm text-wine" data-testid="price-changed">
          Price changed from <span className="tabular-nums">{formatEuro(previousPrice)}</span> to{' '}
          <span className="tabular-nums">{formatEuro(product.price)}</span> since you added it.
        </p>
      ) : null}
      {unavailable ? <ProductStatusNote product={product} className="mt-1" /> : null}
    </>
  );
}
