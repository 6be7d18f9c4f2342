import { SHIPPING_ZONES, ZONE_IDS, type ZoneId } from '../../../../domain/config';
import { countryName } from '../../../../domain/shared/countries';
import { ZONE_ROWS } from './policy-facts';

/**
 * Country names ('GB' -> 'United Kingdom') in alphabetical order. Static names and a plain comparison,
 * so the prerendered page (Node) and the browser produce the same list and hydration matches.
 */
export function countryNames(zone: ZoneId): readonly string[] {
  return SHIPPING_ZONES[zone].countries.map(countryName).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Delivery zones from the config: destination, fee, free-delivery offer and delivery time. */
export function ZonesTable({ caption }: { caption: string }) {
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
          {ZONE_ROWS.map((row) => (
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
  return (
    <ul>
      {ZONE_IDS.map((id) => (
        <li key={id}>
          <strong>{SHIPPING_ZONES[id].label}:</strong> {countryNames(id).join(', ')}.
        </li>
      ))}
    </ul>
  );
}
