/**
 * While the owner has paused sales (docs/product.md §10.14): in place of Add to Cart, Buy Now and the
 * checkout, what she wrote and when the shop is back, and "Tell me when you're back" (double opt-in, one
 * e-mail on her return).
 */
import { lazy, Suspense } from 'react';
import { pausedSalesMessage, type StorefrontSettings } from '../../../../domain/settings/storefront-settings';

/** Only a page shown while sales are paused needs the form: loaded there, kept out of every bundle else. */
const BackInTouchForm = lazy(() =>
  import('./back-in-touch-form').then((m) => ({ default: m.BackInTouchForm })),
);

export function AwayNotice({ away }: { readonly away: StorefrontSettings['away'] }) {
  return (
    <div className="mt-6 rounded-xl border border-wine/40 bg-sand px-4 py-3">
      <p role="status" data-testid="away-notice" className="text-ink">
        {pausedSalesMessage(away)}
      </p>
      <Suspense fallback={null}>
        <BackInTouchForm />
      </Suspense>
    </div>
  );
}
