/**
 * The compare overlay (docs/product/pages.md §2.4: up to LIMITS.compareMax products side by side with image, name, price,
 * category, materials and description; remove one; clear all). Loaded on first open from the listing.
 */
import { LIMITS } from '../../../../domain/config';
import { productPath } from '../../../../domain/routes';
import { formatEuro } from '../../../../domain/shared/money';
import { ProductStatusNote } from '../../components/ui/product-status';
import { ProductPicture } from '../../components/ui/responsive-image';
import { Link } from '../../lib/router';
import { useCompare } from '../compare';
import { Modal } from './modal';

export interface CompareOverlayProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

const COLUMNS: Readonly<Record<number, string>> = {
  1: 'sm:grid-cols-1 sm:max-w-sm',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-3',
};

export function CompareOverlay({ open, onOpenChange }: CompareOverlayProps) {
  const { items, remove, clear } = useCompare();
  const count = items.length;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Compare products"
      description={
        count === 0
          ? `Choose up to ${LIMITS.compareMax} products with the compare button on each product.`
          : `${count} of ${LIMITS.compareMax} products selected.`
      }
      size="xl"
      footer={
        count > 0 ? (
          <div className="flex justify-end">
            <button
              type="button"
              onClick={clear}
              className="h-11 rounded-full border border-ink px-5 text-sm font-medium hover:bg-sand"
            >
              Clear all
            </button>
          </div>
        ) : undefined
      }
    >
      {count === 0 ? (
        <p className="py-6 text-center text-muted">There is nothing to compare yet.</p>
      ) : (
        <ul className={`grid grid-cols-1 gap-4 ${COLUMNS[count] ?? COLUMNS[3]}`}>
          {items.map((product) => (
            <li key={product.id} className="flex flex-col rounded-xl border border-line bg-white p-3">
              <div className="overflow-hidden rounded-lg bg-sand">
                <ProductPicture
                  image={product.images[0]}
                  sizes="(min-width: 1024px) 300px, (min-width: 640px) 30vw, 90vw"
                  className="aspect-square h-auto w-full object-cover"
                />
              </div>
              <h3 className="mt-3 font-serif text-xl">
                <Link
                  to={productPath(product.id)}
                  onClick={() => onOpenChange(false)}
                  className="hover:text-wine hover:underline"
                >
                  {product.name}
                </Link>
              </h3>
              <ProductStatusNote product={product} className="mt-1" />
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                <dt className="text-muted">Price</dt>
                <dd className="font-semibold tabular-nums">{formatEuro(product.price)}</dd>
                <dt className="text-muted">Category</dt>
                <dd>{product.category}</dd>
                <dt className="text-muted">Materials</dt>
                <dd>{product.materials.join(', ')}</dd>
              </dl>
              <p className="mt-3 text-sm leading-relaxed">{product.description}</p>
              <button
                type="button"
                onClick={() => remove(product.id)}
                aria-label={`Remove ${product.name} from comparison`}
                className="mt-auto h-10 self-start rounded-full px-4 text-sm font-medium text-wine underline-offset-4 hover:underline"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
