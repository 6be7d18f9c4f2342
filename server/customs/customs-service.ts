/**
 * The customs declarations (docs/product/customs.md §21): for an order leaving the EU, its CN23's content
 * from the order as sold and its products' customs data now; what the desk's order page shows of it; the
 * day's items as CSV; and the check that keeps such an order from being dispatched without them.
 */
import {
  CUSTOMS_CSV_COLUMNS,
  CUSTOMS_MESSAGES_API,
  type CustomsState,
  customsPdfPath,
  dispatchRefusedMessage,
  insideEuMessage,
  missingCustomsMessage,
  NO_ADDRESS_MESSAGE,
  RETURNED_UNPAID_MESSAGES,
  RETURNED_UNPAID_REASON,
} from '../../domain/customs/customs-api';
import {
  CUSTOMS_REASON,
  type CustomsLookup,
  type CustomsOrderLine,
  customsItems,
  isOutsideEu,
  type MissingCustoms,
  missingCustomsData,
} from '../../domain/customs/customs-items';
import type { ProductCustoms } from '../../domain/customs/product-customs';
import type { SellerSettings } from '../../domain/settings/shop-settings';
import { addDays, type IsoDate, irishDate, irishInstant } from '../../domain/shared/calendar-date';
import type { Actor } from '../audit/audit-trail';
import { type OrderOutcome, refundableOf } from '../fulfilment';
import { amount, csvDocument } from '../lib/csv';
import { refuse } from '../lib/refusal';
import type { OrderLineRow, OrderRow, StoredAddress } from '../orders';
import type { Cn23Declaration } from './cn23-pdf';

export interface CustomsServiceOptions {
  readonly orderByReference: (reference: string) => Promise<OrderRow | null>;
  readonly linesOf: (orderId: string) => Promise<OrderLineRow[]>;
  readonly ordersOfDay: (day: {
    date: string;
    start: string;
    end: string;
  }) => Promise<{ row: OrderRow; lines: OrderLineRow[] }[]>;
  readonly addressOf: (row: OrderRow) => StoredAddress | null;
  /** Every product's customs data now, by id. */
  readonly productCustoms: () => Promise<ReadonlyMap<string, ProductCustoms>>;
  readonly seller: () => Promise<SellerSettings>;
  readonly now: () => Date;
  /** Fulfilment's refund (its provider, history, e-mail and audit): the way back of the money. */
  readonly refund: (
    reference: string,
    input: { amount: number; reason: string },
    actor: Actor,
  ) => Promise<OrderOutcome>;
}

function orderLines(lines: readonly OrderLineRow[]): CustomsOrderLine[] {
  return lines.map((l) => ({
    productId: l.product_id,
    name: l.name,
    size: l.size,
    quantity: l.quantity,
    lineTotal: l.line_total,
  }));
}

function lookupOf(map: ReadonlyMap<string, ProductCustoms>): CustomsLookup {
  return (id) => map.get(id);
}

export class CustomsService {
  constructor(private readonly o: CustomsServiceOptions) {}

  /** The order's products lacking customs data. */
  private async missingOf(lines: readonly OrderLineRow[]): Promise<MissingCustoms[]> {
    return missingCustomsData({ lines: orderLines(lines) }, lookupOf(await this.o.productCustoms()));
  }

  /** The desk's Customs section of an order. */
  async state(reference: string): Promise<CustomsState> {
    const row =
      (await this.o.orderByReference(reference)) ?? refuse('not-found', CUSTOMS_MESSAGES_API.notFound);
    const country = this.o.addressOf(row)?.country ?? null;
    const eori = Boolean((await this.o.seller()).eori);
    if (country === null || !isOutsideEu(country)) {
      return { needed: false, country, missing: [], eori, pdf: null };
    }
    const missing = await this.missingOf(await this.o.linesOf(row.id));
    const ref = row.reference ?? reference;
    return {
      needed: true,
      country,
      missing,
      eori,
      pdf: missing.length === 0 ? { a4: customsPdfPath(ref), a6: customsPdfPath(ref, 'a6') } : null,
    };
  }

  /** The CN23's content; a 409 naming why for an order inside the EU or lacking customs data. */
  async declaration(reference: string): Promise<Cn23Declaration> {
    const row =
      (await this.o.orderByReference(reference)) ?? refuse('not-found', CUSTOMS_MESSAGES_API.notFound);
    return this.declarationOf(row, await this.o.linesOf(row.id), await this.o.seller());
  }

  private async declarationOf(
    row: OrderRow,
    lines: readonly OrderLineRow[],
    seller: SellerSettings,
    customs?: ReadonlyMap<string, ProductCustoms>,
  ): Promise<Cn23Declaration> {
    const address = this.o.addressOf(row);
    if (!address?.country) return refuse('conflict', NO_ADDRESS_MESSAGE);
    if (!isOutsideEu(address.country)) return refuse('conflict', insideEuMessage(address.country));
    const lookup = lookupOf(customs ?? (await this.o.productCustoms()));
    const order = { lines: orderLines(lines), discount: row.discount, currency: row.currency };
    const missing = missingCustomsData(order, lookup);
    if (missing.length > 0) return refuse('conflict', missingCustomsMessage(missing));
    const currency = row.currency.toUpperCase();
    return {
      reference: row.reference ?? row.id,
      date: irishDate(this.o.now()),
      sender: { name: seller.name, address: seller.address, eori: seller.eori ?? null },
      recipient: {
        name: row.shipping_name ?? '',
        lines: [
          address.line1,
          address.line2,
          [address.city, address.state, address.postalCode].filter(Boolean).join(' '),
        ].filter((l): l is string => Boolean(l)),
        country: address.country,
      },
      items: customsItems(order, lookup),
      currency,
    };
  }

  /**
   * The refusal of a dispatch (null: it may go): an order leaving the EU whose products lack customs
   * data. An order already dispatched, or staying in the EU, is never refused here.
   */
  async dispatchRefusal(reference: string): Promise<string | null> {
    const row = await this.o.orderByReference(reference);
    if (!row || row.dispatched_at !== null) return null;
    const country = this.o.addressOf(row)?.country;
    if (!country || !isOutsideEu(country)) return null;
    const missing = await this.missingOf(await this.o.linesOf(row.id));
    return missing.length > 0 ? dispatchRefusedMessage(missing) : null;
  }

  /**
   * The parcel came back because the buyer did not pay the import duty (docs/product/customs.md §21.5):
   * the pieces are refunded at what they cost (their price less the discount), never the shipping, which
   * carried the parcel both ways; never more than is left to refund.
   */
  async returnedUnpaid(reference: string, actor: Actor): Promise<OrderOutcome> {
    const row =
      (await this.o.orderByReference(reference)) ?? refuse('not-found', CUSTOMS_MESSAGES_API.notFound);
    if (row.dispatched_at === null) refuse('conflict', RETURNED_UNPAID_MESSAGES.notDispatched);
    const country = this.o.addressOf(row)?.country;
    if (!country || !isOutsideEu(country)) refuse('conflict', RETURNED_UNPAID_MESSAGES.insideEu);
    const goods = Math.max(0, row.total - row.shipping - row.gift_wrap - row.gift_cards_sold);
    const amount = Math.min(goods, refundableOf(row));
    return this.o.refund(row.reference ?? reference, { amount, reason: RETURNED_UNPAID_REASON }, actor);
  }

  /**
   * The day's customs data: every order of that dispatch day leaving the EU, one row per item; an order
   * lacking customs data is left out (the desk's Today names it).
   */
  async dayCsv(date: IsoDate): Promise<string> {
    const day = {
      date,
      start: irishInstant(date, 0, 0).toISOString(),
      end: irishInstant(addDays(date, 1), 0, 0).toISOString(),
    };
    const orders = await this.o.ordersOfDay(day);
    const seller = await this.o.seller();
    const customs = await this.o.productCustoms();
    const rows: (string | number)[][] = [];
    for (const { row, lines } of orders) {
      const country = this.o.addressOf(row)?.country;
      if (!country || !isOutsideEu(country)) continue;
      if (missingCustomsData({ lines: orderLines(lines) }, lookupOf(customs)).length > 0) continue;
      const d = await this.declarationOf(row, lines, seller, customs);
      const address = this.o.addressOf(row);
      for (const item of d.items) {
        rows.push([
          d.reference,
          d.sender.name,
          d.sender.address,
          d.sender.eori ?? '',
          d.recipient.name,
          address?.line1 ?? '',
          address?.line2 ?? '',
          address?.city ?? '',
          address?.state ?? '',
          address?.postalCode ?? '',
          country,
          CUSTOMS_REASON,
          item.description,
          item.quantity,
          item.weightGrams,
          amount(item.valueCents),
          item.currency,
          item.hsCode,
          item.originCountry,
        ]);
      }
    }
    return csvDocument(CUSTOMS_CSV_COLUMNS, rows);
  }
}
