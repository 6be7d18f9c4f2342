/**
 * The desk's CSV exports (docs/product.md §10.7): the paid orders and the newsletter's subscribers, written
 * by the shop's one CSV writer (lib/csv.ts).
 */

import { isCustomLineId } from '../../domain/catalogue/sizes';
import { itemsSubtotal } from '../../domain/offers/discounts';
import { orderVat } from '../../domain/settings/seller-texts';
import { irishIsoDateTime } from '../../domain/shared/calendar-date';
import type { OrderLineRow, OrderRow } from '../db/schema';
import { amount, csvDocument } from '../lib/csv';
import type { Subscriber } from '../newsletter';

/** The header row; the VAT column names the configured rate (VAT_RATE). */
export const ordersCsvHeader = (vatRatePercent: number) => [
  'Reference',
  'Paid at',
  'E-mail',
  'Name',
  'Country',
  'Lines',
  'Sizes',
  'Subtotal (EUR)',
  'Discount (EUR)',
  'Discount code',
  'Shipping (EUR)',
  'Gift wrap (EUR)',
  'Total (EUR)',
  'Refunded (EUR)',
  `VAT included at ${vatRatePercent}% (EUR)`,
  'Status',
  // A paid quote's reference and the enquiry it answered (empty for a cart's order).
  'Quote',
  'Enquiry',
  // Where the order came from: web, quote or manual (docs/product.md §10.17); added last, as every column.
  'Channel',
];

function countryOf(row: OrderRow): string | null {
  if (!row.shipping_address) return null;
  try {
    const country = (JSON.parse(row.shipping_address) as { country?: unknown }).country;
    return typeof country === 'string' ? country : null;
  } catch {
    return null;
  }
}

/**
 * One row per paid order; VAT on what the shop kept (total less refunds), empty without a VAT number.
 * Times are Irish local time with their offset: what the owner's books and spreadsheets read.
 */
export function ordersCsv(
  orders: readonly { row: OrderRow; lines: readonly OrderLineRow[] }[],
  seller: { readonly vatNumber: string | null; readonly vatRate: number },
): string {
  return csvDocument(
    ordersCsvHeader(seller.vatRate),
    orders.map(({ row, lines }) => {
      const vat = orderVat(seller, row.total - row.refunded);
      return [
        row.reference,
        row.paid_at ? irishIsoDateTime(new Date(row.paid_at)) : null,
        row.email,
        row.shipping_name,
        countryOf(row),
        lines.map((l) => `${l.quantity} x ${l.name}`).join('; '),
        // A quote's custom line has no size: it is left out (an order of custom lines only: empty).
        lines
          .filter((l) => !isCustomLineId(l.product_id))
          .map((l) => `${l.name}: ${l.size}`)
          .join('; '),
        amount(itemsSubtotal(row)),
        amount(row.discount),
        row.discount_code,
        amount(row.shipping),
        amount(row.gift_wrap),
        amount(row.total),
        amount(row.refunded),
        vat === null ? null : amount(vat),
        row.desk_status,
        row.quote_reference ?? null,
        row.enquiry_id ?? null,
        row.channel,
      ];
    }),
  );
}

/** Confirmed subscribers only (docs/product.md §5.10): a pending or unsubscribed address is never exported. */
export function newsletterCsv(rows: readonly Subscriber[]): string {
  return csvDocument(
    ['E-mail', 'Source', 'Signed up at', 'Confirmed at'],
    rows.map((r) => [r.email, r.source, r.signedUpAt, r.confirmedAt]),
  );
}
