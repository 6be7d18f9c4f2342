import { freeShippingProgress, freeShippingRemaining, shippingFee } from '../../../../domain/cart/pricing';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_ZONES, type ZoneId } from '../../../../domain/config';
import { type Cents, formatEuro, formatEuroShort } from '../../../../domain/shared/money';

/**
 * Progress towards free shipping. The offer only exists for deliveries in Ireland, so for another zone
 * the shopper sees that zone's fee instead of a promise the checkout would not keep.
 */
export function FreeShippingProgress({ subtotal, zone }: { subtotal: Cents; zone: ZoneId }) {
  const z = SHIPPING_ZONES[zone];
  if (z.freeOver === null) {
    return (
      <p className="text-sm text-muted">
        Delivery to {z.label}: {formatEuro(shippingFee(zone, subtotal))}. Free shipping from{' '}
        {formatEuroShort(FREE_SHIPPING_THRESHOLD)} applies to Ireland.
      </p>
    );
  }
  const remaining = freeShippingRemaining(subtotal);
  const percent = Math.round(freeShippingProgress(subtotal) * 100);
  return (
    <div>
      <p className="text-sm">
        {remaining > 0
          ? `You're ${formatEuro(remaining)} away from free shipping`
          : "You've qualified for free shipping 🎉"}
      </p>
      <div
        role="progressbar"
        aria-label="Progress towards free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-sand"
      >
        <div
          className="h-full rounded-full bg-wine transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
