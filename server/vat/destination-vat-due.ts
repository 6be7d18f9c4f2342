/**
 * The desk's "destination VAT due" flag (docs/product/vat.md §20.4), for one order or a page of the list:
 * sold at the Irish rate (scheme `domestic`, so the mode was not OSS) to a consumer in another member
 * state, when the year before's distance sales were above the threshold or this year's were, counted up
 * to this sale with it: the destination's VAT is due from the sale that crosses it (art. 59c), not on the
 * sales before it. The sale's moment is its invoice's (an order not yet invoiced: now). Two queries for
 * any number of orders, and each year’s sales read once.
 */
import { irishDate } from '../../domain/shared/calendar-date';
import { type DistanceSales, destinationVatDue } from '../../domain/vat/threshold';
import { isEuDistanceSale } from '../../domain/vat/vat-breakdown';
import type { OrderVatRecord } from './order-vat-store';

export interface DistanceSaleEntry {
  readonly issuedAt: string;
  readonly net: number;
}

export interface FlaggedOrder {
  readonly orderId: string;
  readonly reference: string;
}

export interface DestinationVatDeps {
  readonly orderVats: (orderIds: readonly string[]) => Promise<Map<string, OrderVatRecord>>;
  readonly invoiceDates: (references: readonly string[]) => Promise<Map<string, string>>;
  /** A year's distance sales, each signed net with the moment it was invoiced or credited. */
  readonly distanceSaleEntries: (year: number) => Promise<readonly DistanceSaleEntry[]>;
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
  const byYear = new Map<number, Promise<readonly DistanceSaleEntry[]>>();
  const entriesOf = (year: number) => {
    let entries = byYear.get(year);
    if (!entries) {
      entries = deps.distanceSaleEntries(year);
      byYear.set(year, entries);
    }
    return entries;
  };
  for (const order of candidates) {
    const iso = issued.get(order.reference);
    const at = iso ? new Date(iso) : deps.now();
    const year = Number(irishDate(at).slice(0, 4));
    // Up to this sale, itself included (an invoice issued at the same moment counts too).
    const sales: DistanceSales = {
      thisYear: (await entriesOf(year))
        .filter((e) => new Date(e.issuedAt).getTime() <= at.getTime())
        .reduce((sum, e) => sum + e.net, 0),
      lastYear: (await entriesOf(year - 1)).reduce((sum, e) => sum + e.net, 0),
    };
    if (destinationVatDue({ mode: 'ireland', distanceSale: true, sales })) flagged.add(order.reference);
  }
  return flagged;
}
