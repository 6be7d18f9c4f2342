/**
 * What the shop keeps about an order's person beyond the order row itself, for the privacy export
 * (docs/product/privacy.md §12): the owner's notes on the order and the before and after of her changes (both
 * erased with the person; fulfilment's), the withdrawal notice they signed (orders'), and their returns
 * (returns'). Each is read by the store that owns its table, once for all the orders of an address.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { changeEventsOfOrders, notesOfOrders } from '../fulfilment';
import { parseWithdrawnItems, withdrawalsOfOrders } from '../orders';
import { returnLinesOf, returnsOfOrders } from '../returns';

type Db = Kysely<Database> | Transaction<Database>;

export interface OrderPersonalRecords {
  readonly notes: { readonly at: string; readonly text: string; readonly by: string | null }[];
  readonly changes: { readonly at: string; readonly text: string }[];
  readonly withdrawal: {
    readonly name: string;
    readonly items: string[];
    readonly reason: string | null;
    readonly sentAt: string;
  } | null;
  readonly returns: {
    readonly status: string;
    readonly reason: string;
    readonly lines: { readonly name: string; readonly size: string | null; readonly quantity: number }[];
    readonly refunded: number;
    readonly ownerNote: string | null;
    readonly closeReason: string | null;
    readonly openedAt: string;
    readonly receivedAt: string | null;
    readonly endedAt: string | null;
  }[];
}

/** The records of each of these orders, by order id (an order with none has empty lists). */
export async function personalRecordsOfOrders(
  db: Db,
  orderIds: readonly string[],
): Promise<(orderId: string) => OrderPersonalRecords> {
  const [notes, changes, withdrawals, returns] = await Promise.all([
    notesOfOrders(db, orderIds),
    changeEventsOfOrders(db, orderIds),
    withdrawalsOfOrders(db, orderIds),
    returnsOfOrders(db, orderIds),
  ]);
  return (orderId) => {
    const withdrawal = withdrawals.find((w) => w.order_id === orderId);
    return {
      notes: notes
        .filter((n) => n.order_id === orderId)
        .map((n) => ({ at: n.at, text: n.text, by: n.actor_name })),
      changes: changes.filter((c) => c.order_id === orderId).map((c) => ({ at: c.at, text: c.text })),
      withdrawal: withdrawal
        ? {
            name: withdrawal.name,
            items: parseWithdrawnItems(withdrawal.items),
            reason: withdrawal.reason,
            sentAt: withdrawal.created_at,
          }
        : null,
      returns: returns
        .filter((r) => r.order_id === orderId)
        .map((r) => ({
          status: r.status,
          reason: r.reason,
          lines: returnLinesOf(r).map((l) => ({ name: l.name, size: l.size, quantity: l.quantity })),
          refunded: r.refunded,
          ownerNote: r.override_note,
          closeReason: r.close_reason,
          openedAt: r.created_at,
          receivedAt: r.received_at,
          endedAt: r.ended_at,
        })),
    };
  };
}
