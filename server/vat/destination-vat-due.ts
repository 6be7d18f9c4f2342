/**
 * The desk's "destination VAT due" flag (docs/product/vat.md §20.4), for one order or a page of the list:
 * sold at the Irish rate (scheme `domestic`, so the mode was not OSS) to a consumer in another member
 * state, in a year whose distance sales were above the threshold. The year is the invoice's (an order not
 * yet invoiced: this year's). Two queries for any number of orders, and the year's sales read once.
 */
import { irishDate } from '../../domain/shared/calendar-date';
import { type DistanceSales, destinationVatDue } from '../../domain/vat/threshold';
import { isEuDistanceSale } from '../../domain/vat/vat-breakdown';
import type { OrderVatRecord } from './order-vat-store';

export interface FlaggedOrder {
  readonly orderId: string;
  readonly reference: string;
}

export interface DestinationVatDeps {
  readonly orderVats: (orderIds: readonly string[]) => Promise<Map<string, OrderVatRecord>>;
  readonly invoiceDates: (references: readonly string[]) => Promise<Map<string, string>>;
  readonly distanceSales: (at: Date) => Promise<DistanceSales>;
  readonly now: () => Date;
}

/** The references of `orders` flagged "destination VAT due". */
export async function destinationVatDueOf(
  deps: DestinationVatDeps,
  orders: readonly FlaggedOrder[],
): Promise<Set<string>> {
  const vats = await deps.orderVats(orders.map((o) => o.orderId));
  const candidates = orders.filter((o) => {
    const stored = vats.get(o.orderId);
    if (stored?.breakdown.scheme !== 'domestic') return false;
    return isEuDistanceSale({ country: stored.breakdown.country, business: stored.business !== null });
  });
  const flagged = new Set<string>();
  if (candidates.length === 0) return flagged;
  const issued = await deps.invoiceDates(candidates.map((o) => o.reference));
  const byYear = new Map<string, Promise<DistanceSales>>();
  for (const order of candidates) {
    const iso = issued.get(order.reference);
    const at = iso ? new Date(iso) : deps.now();
    const year = irishDate(at).slice(0, 4);
    let sales = byYear.get(year);
    if (!sales) {
      sales = deps.distanceSales(at);
      byYear.set(year, sales);
    }
    if (destinationVatDue({ mode: 'ireland', distanceSale: true, sales: await sales }))
      flagged.add(order.reference);
  }
  return flagged;
}
