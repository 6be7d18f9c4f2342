/**
 * "Tell me when it's back" on a paused product's page (docs/product/states.md §5.10): an address sent to
 * POST /api/products/{id}/notify (components/ui/notify-form.tsx says how it is sent and answered).
 */
import { NotifyForm } from '../../components/ui/notify-form';

export const BACK_IN_STOCK_TEXTS = {
  heading: 'Tell me when it’s back',
  intro: 'Leave your e-mail and we send you one e-mail when this bracelet can be ordered again.',
  button: 'Tell me when it’s back',
  success: 'Please check your inbox to confirm: then we e-mail you once when it’s back.',
  failed: "We couldn't save your address just now. Please try again in a moment.",
  empty: 'Please enter a valid email address',
} as const;

export function BackInStockForm({ productId }: { readonly productId: string }) {
  return (
    <NotifyForm
      endpoint={`/api/products/${encodeURIComponent(productId)}/notify`}
      texts={BACK_IN_STOCK_TEXTS}
    />
  );
}
