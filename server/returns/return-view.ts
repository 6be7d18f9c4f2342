/**
 * A stored return as the desk and the shopper's order page show it (docs/product/orders.md §10.18), with what its
 * pieces would refund: their price less their share of the order's discount (domain/orders/returns.ts).
 */
import { itemsSubtotal } from '../../domain/offers/discounts';
import { RETURN_SHOPPER_TEXTS, type ReturnInfo, type ShopperReturn } from '../../domain/orders/return-info';
import { returnedValue, returnItemText, type SoldLine } from '../../domain/orders/returns';
import type { OrderLineRow, OrderRow } from '../orders';
import { type ReturnRow, returnLinesOf } from './return-store';

export function soldLines(lines: readonly OrderLineRow[]): SoldLine[] {
  return lines.map((l) => ({ lineId: l.position, quantity: l.quantity, unitPrice: l.unit_price }));
}

/** What a return's pieces refund (before any shipping), from the order's lines and discount. */
export function valueOfReturn(row: ReturnRow, order: OrderRow, lines: readonly OrderLineRow[]): number {
  return returnedValue(returnLinesOf(row), soldLines(lines), {
    itemsSubtotal: itemsSubtotal(order),
    discount: order.discount,
  });
}

export function returnInfo(row: ReturnRow, order: OrderRow, lines: readonly OrderLineRow[]): ReturnInfo {
  return {
    id: row.id,
    status: row.status,
    lines: returnLinesOf(row),
    reason: row.reason,
    overrideNote: row.override_note,
    closeReason: row.close_reason,
    refunded: row.refunded,
    shippingRefunded: row.shipping_refunded > 0,
    value: valueOfReturn(row, order, lines),
    createdAt: row.created_at,
    receivedAt: row.received_at,
    endedAt: row.ended_at,
  };
}

export function shopperReturn(row: ReturnRow): ShopperReturn {
  return {
    status: row.status,
    text: RETURN_SHOPPER_TEXTS[row.status],
    items: returnLinesOf(row).map(returnItemText),
    at: row.updated_at,
  };
}
