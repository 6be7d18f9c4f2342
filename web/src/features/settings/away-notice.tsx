/**
 * While the owner has paused sales (docs/product/desk.md §10.14): in place of Add to Cart, Buy Now and the
 * checkout, what she wrote and when the shop is back, and "Tell me when you're back" (double opt-in, one
 * e-mail on her return).
 */
import { pausedSalesMessage, type StorefrontSettings } from '../../../../domain/settings/storefront-settings';
// Not lazy: the form is in the prerendered page and must hydrate with it (a click replayed on a form still
// waiting for its chunk submits natively and reloads the page, losing the address).
import { BackInTouchForm } from './back-in-touch-form';

export function AwayNotice({ away }: { readonly away: StorefrontSettings['away'] }) {
  return (
    <div className="mt-6 rounded-xl border border-wine/40 bg-sand px-4 py-3">
      <p role="status" data-testid="away-notice" className="text-ink">
        {pausedSalesMessage(away)}
      </p>
      <BackInTouchForm />
    </div>
  );
}
