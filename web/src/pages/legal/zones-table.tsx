import type { StorefrontZone } from '../../../../domain/settings/storefront-settings';
import { countryName } from '../../../../domain/shared/countries';
import { useZones } from '../../features/settings/storefront-settings';
import { freeDeliveryIn, zoneRows } from './policy-facts';

/**
 * Country names ('GB' -> 'United Kingdom') in alphabetical order. Static names and a plain comparison,
 * so the prerendered page (Node) and the browser produce the same list and hydration matches.
 */
export function countryNames(zone: StorefrontZone): readonly string[] {
  return zone.countries.map(countryName).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The delivery zones as the owner set them: destination, fee, free-delivery offer and delivery time. */
export function ZonesTable({ caption }: { caption: string }) {
  const rows = zoneRows(useZones());
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white">
      <table className="w-full border-collapse text-left text-[13px] sm:text-sm">
        <caption className="px-4 pt-4 pb-2 text-left font-medium">{caption}</caption>
        <thead>
          <tr className="border-b border-line bg-sand/60">
            <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
              Destination
            </th>
            <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
              Delivery fee
            </th>
            <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
              Free delivery
            </th>
            <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
              Delivery time
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-line last:border-b-0">
              <th scope="row" className="px-2 py-3 font-medium sm:px-4">
                {row.destination}
              </th>
              <td className="px-2 py-3 sm:px-4">{row.fee}</td>
              <td className="px-2 py-3 sm:px-4">{row.freeDelivery ?? 'Not available'}</td>
              <td className="px-2 py-3 sm:px-4">{row.delivery}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which countries each zone covers, so a shopper knows where we post before reaching checkout. */
export function ZoneCountries() {
  const zones = useZones();
  return (
    <ul>
      {zones.map((zone) => (
        <li key={zone.id}>
          <strong>{zone.name}:</strong> {countryNames(zone).join(', ')}.
        </li>
      ))}
    </ul>
  );
}

/** "Delivery is free in Ireland on orders of €40 or more (...)", as the owner's zones say, or that it is not. */
export function FreeDeliverySentence() {
  const where = freeDeliveryIn(useZones(), 'long');
  return where
    ? `Delivery is free in ${where} (the value of the items, before gift wrapping).`
    : 'No destination has free delivery at the moment.';
}

/** "free delivery in Ireland from €40", or null where no zone offers it. */
export function useFreeDeliveryShort(): string | null {
  const where = freeDeliveryIn(useZones(), 'short');
  return where ? `free delivery in ${where}` : null;
}
