/**
 * The desk's CSV exports (docs/product/orders.md §10.7): the paid orders and the newsletter's subscribers, written
 * by the shop's one CSV writer (lib/csv.ts).
 */

import { itemsSubtotal } from '../../domain/offers/discounts';
import { paymentMethodLabel } from '../../domain/orders/manual-order';
import { formatVatRate } from '../../domain/settings/seller-texts';
import { irishIsoDateTime } from '../../domain/shared/calendar-date';
import { isCustomLineId } from '../../domain/shared/custom-line';
import { amount, csvDocument } from '../lib/csv';
import type { Subscriber } from '../newsletter';
import type { OrderLineRow, OrderRow } from '../orders';
import { type OrderVat, rowVatOf, vatInOrder } from '../orders';

/**
 * The header row. With one VAT rate in the file the VAT column names it; with orders charged at different
 * rates (the owner changed it in the range: null here) the column is plain and a last column gives each
 * order's rate. A shop not registered for VAT whose file holds no order charged VAT ('none') has no VAT
 * column at all: it charges none.
 */
export const ordersCsvHeader = (vatRatePercent: number | null | 'none') => [
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
  ...(vatRatePercent === 'none'
    ? []
    : [vatRatePercent === null ? 'VAT included (EUR)' : `VAT included at ${vatRatePercent}% (EUR)`]),
  'Status',
  // A paid quote's reference and the enquiry it answered (empty for a cart's order).
  'Quote',
  'Enquiry',
  // Where the order came from: web, quote or manual (docs/product/orders.md §10.17); added last, as every column.
  'Channel',
  ...(vatRatePercent === null ? ['VAT rate'] : []),
  // How it was paid: a card through the provider, or what the owner recorded for an order marked paid.
  'Paid by',
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
 * One row per paid order; VAT on what the shop kept (total less refunds) at the order's own rate, empty
 * when it was sold without a VAT number. `vat.before` reads orders stored before their VAT was kept;
 * `vat.rateNow` names the header when no order in the file was charged VAT, and `vat.registeredNow` false
 * with no such order leaves the VAT column out.
 * Times are Irish local time with their offset: what the owner's books and spreadsheets read.
 */
export function ordersCsv(
  orders: readonly { row: OrderRow; lines: readonly OrderLineRow[] }[],
  vat: {
    readonly before: OrderVat;
    readonly rateNow: number;
    readonly registeredNow: boolean;
    /** The VAT its credit notes gave back, by order reference (their stored lines); none: nothing credited. */
    readonly credited?: ReadonlyMap<string, number>;
  },
): string {
  const vats = orders.map(({ row }) => rowVatOf(row, vat.before));
  const rates = new Set(vats.flatMap((v) => (v.vatNumber ? [v.vatRate] : [])));
  const noVat = rates.size === 0 && !vat.registeredNow;
  const oneRate = noVat ? 'none' : rates.size > 1 ? null : ([...rates][0] ?? vat.rateNow);
  return csvDocument(
    ordersCsvHeader(oneRate),
    orders.map(({ row, lines }, i) => {
      const charged = vats[i] ?? vat.before;
      // The VAT of its stored lines as its payment settled them, less its credit notes' stored VAT: the
      // invoices minus the credit notes, to the cent (docs/product/vat.md §20.10). Gift cards bought carry none.
      const included = vatInOrder(
        {
          total: row.total,
          giftCardsSold: row.gift_cards_sold ?? 0,
          vatTotal: row.vat_total ?? null,
          refunded: row.refunded,
        },
        charged,
        (row.reference ? vat.credited?.get(row.reference) : undefined) ?? 0,
      );
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
        ...(noVat ? [] : [included === null ? null : amount(included)]),
        row.desk_status,
        row.quote_reference ?? null,
        row.enquiry_id ?? null,
        row.channel,
        ...(oneRate === null ? [charged.vatNumber ? formatVatRate(charged.vatRate) : null] : []),
        paymentMethodLabel(row.payment_method ?? null, row.provider),
      ];
    }),
  );
}

/** Confirmed subscribers only (docs/product/states.md §5.10): a pending or unsubscribed address is never exported. */
export function newsletterCsv(rows: readonly Subscriber[]): string {
  return csvDocument(
    ['E-mail', 'Source', 'Signed up at', 'Confirmed at'],
    rows.map((r) => [r.email, r.source, r.signedUpAt, r.confirmedAt]),
  );
}
