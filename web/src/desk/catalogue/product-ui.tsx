/** A product's status as the desk shows it: active, paused (shoppers see its note), retired. */
import type { ProductStatus } from './product-api';

export const PRODUCT_STATUS_LABELS: Readonly<Record<ProductStatus, string>> = {
  active: 'Active',
  paused: 'Paused',
  retired: 'Retired',
};

const TONE: Readonly<Record<ProductStatus, string>> = {
  active: 'bg-white text-success border-success/40',
  paused: 'bg-sand text-wine-dark border-wine/30',
  retired: 'bg-white text-muted border-line',
};

export function ProductStatusBadge({ status }: { readonly status: ProductStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}
    >
      {PRODUCT_STATUS_LABELS[status]}
    </span>
  );
}
