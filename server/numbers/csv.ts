/**
 * CSV exports of the desk (docs/product.md §10.7): RFC 4180 (CRLF rows, fields with a comma, quote or
 * line break quoted, quotes doubled), UTF-8 with a byte-order mark so spreadsheet programs read euro
 * signs and fadas, and every text cell that a spreadsheet would run as a formula neutralised.
 */

import { isCustomLineId } from '../../domain/catalogue/sizes';
import { itemsSubtotal } from '../../domain/offers/discounts';
import { orderVat } from '../../domain/settings/seller-texts';
import { irishIsoDateTime } from '../../domain/shared/calendar-date';
import type { OrderLineRow, OrderRow } from '../db/schema';
import type { Subscriber } from '../newsletter';

export const CSV_BOM = '\uFEFF';

/** A leading `=`, `+`, `-`, `@`, tab or carriage return makes spreadsheets read a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Numbers are the shop's own (never negative here); text may come from a shopper or a provider.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${CSV_BOM}${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Cents as a plain decimal ("35.00"): what spreadsheets sum. */
export function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

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
