/**
 * The confirmation page's dates: what the server stored at payment (the confirm response's `delivery`),
 * never recomputed here, so the page and both e-mails say the same thing (docs/product/dispatch-dates.md §14).
 */

import type { ConfirmResponse } from '../../../../domain/checkout/checkout';
import { deliveryRangeText } from '../../../../domain/making/dispatch';
import { formatDayMonth, parseIsoDate } from '../../../../domain/shared/calendar-date';

export function OrderDelivery({ delivery }: { delivery: ConfirmResponse['delivery'] }) {
  const dispatch = delivery && parseIsoDate(delivery.dispatch);
  const earliest = delivery && parseIsoDate(delivery.earliest);
  const latest = delivery && parseIsoDate(delivery.latest);
  // Orders paid before dates were stored, or a malformed answer: the e-mail carries the promise.
  if (!dispatch || !earliest || !latest) return null;
  return (
    <dl
      className="mx-auto mt-4 max-w-sm rounded-2xl border border-line bg-white px-6 py-5 text-left"
      data-testid="order-delivery"
    >
      <dt className="text-sm text-muted">Dispatched by</dt>
      <dd className="mt-1 text-lg font-semibold">{formatDayMonth(dispatch)}</dd>
      <dt className="mt-3 text-sm text-muted">Expected delivery</dt>
      <dd className="mt-1 font-medium">{deliveryRangeText({ earliest, latest })}</dd>
    </dl>
  );
}
