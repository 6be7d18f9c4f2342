import { freeShippingProgress, freeShippingRemaining, shippingFee } from '../../../../domain/cart/pricing';
import type { ZoneId } from '../../../../domain/config';
import { shippingRates } from '../../../../domain/settings/storefront-settings';
import { type Cents, cents, formatEuro, formatEuroShort } from '../../../../domain/shared/money';
import { useZones } from '../settings';

/**
 * Progress towards free shipping, with the zones' prices and thresholds the owner set. A zone without the
 * offer shows its fee instead of a promise the checkout would not keep, and where the offer applies.
 */
export function FreeShippingProgress({ subtotal, zone }: { subtotal: Cents; zone: ZoneId }) {
  const zones = useZones();
  const z = zones.find((candidate) => candidate.id === zone);
  if (!z) return null;
  if (z.freeFrom === null) {
    const elsewhere = zones.find((other) => other.freeFrom !== null);
    const fee = shippingFee(zone, subtotal, shippingRates({ zones }));
    return (
      <p className="text-sm text-muted">
        Delivery to {z.name}: {formatEuro(fee)}.
        {elsewhere?.freeFrom != null
          ? ` Free shipping from ${formatEuroShort(cents(elsewhere.freeFrom))} applies to ${elsewhere.name}.`
          : null}
      </p>
    );
  }
  const remaining = freeShippingRemaining(subtotal, cents(z.freeFrom));
  const percent = Math.round(freeShippingProgress(subtotal, cents(z.freeFrom)) * 100);
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
