/**
 * Returns of delivered orders (docs/product/orders.md §10.18): the only module that queries `order_returns`. A
 * return is opened with its history entry and audit row in one transaction (a withdrawal notice opens
 * one inside the notice's own), and each move is one conditional UPDATE (the lock: of two tabs, one
 * moves it) with its entry and audit row. Both dialects run every statement here.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ReturnLine, ReturnStatus } from '../../domain/orders/return-info';
import { type AuditEntry, recordAudit } from '../audit/audit-trail';
import { rowsOfOrders } from '../db/order-rows';
import type { Database } from '../db/schema';
import { lockOrderRow } from '../orders';

export type ReturnRow = Selectable<Database['order_returns']>;
export type Db = Kysely<Database> | Transaction<Database>;

/** A return's entry in the order's history (the events store's NewEvent, of kind 'return'). */
export interface ReturnEvent {
  readonly kind: 'return';
  readonly actor: 'owner' | 'shop';
  readonly by?: string | undefined;
  readonly text: string;
}

/** Writes history entries in the caller's transaction (fulfilment-store.ts recordOrderEvents). */
export type EventWriter = (db: Db, orderId: string, events: readonly ReturnEvent[]) => Promise<void>;

export interface NewReturn {
  readonly orderId: string;
  readonly lines: readonly ReturnLine[];
  readonly reason: string;
  readonly overrideNote: string | null;
  readonly source: 'owner' | 'withdrawal';
  readonly requestKey: string | null;
}

function nowIso(): string {
  return new Date().toISOString();
}

/** The lines of a stored return (JSON written by this module only). */
export function returnLinesOf(row: Pick<ReturnRow, 'lines'>): ReturnLine[] {
  try {
    const value: unknown = JSON.parse(row.lines);
    return Array.isArray(value) ? (value as ReturnLine[]) : [];
  } catch {
    return [];
  }
}

/** The returns of these orders, oldest first (the privacy export shows them). */
export async function returnsOfOrders(db: Db, orderIds: readonly string[]): Promise<ReturnRow[]> {
  return rowsOfOrders(db, 'order_returns', orderIds, 'id');
}

/** An order's returns, oldest first. */
export async function returnsOfOrder(db: Db, orderId: string): Promise<ReturnRow[]> {
  return returnsOfOrders(db, [orderId]);
}

/**
 * Opens a return in the caller's transaction with its history entry; null when the same submission
 * (order and request key) already opened one, which is then answered as it is.
 */
export async function insertReturn(
  trx: Db,
  input: NewReturn,
  event: (id: number) => ReturnEvent,
  writeEvents: EventWriter,
): Promise<{ row: ReturnRow; created: boolean }> {
  const at = nowIso();
  const inserted = await trx
    .insertInto('order_returns')
    .values({
      order_id: input.orderId,
      status: 'requested',
      lines: JSON.stringify(input.lines),
      reason: input.reason,
      override_note: input.overrideNote,
      close_reason: null,
      source: input.source,
      request_key: input.requestKey,
      created_at: at,
      received_at: null,
      ended_at: null,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['order_id', 'request_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    await writeEvents(trx, input.orderId, [event(inserted.id)]);
    return { row: inserted, created: true };
  }
  const existing = await trx
    .selectFrom('order_returns')
    .selectAll()
    .where('order_id', '=', input.orderId)
    .where('request_key', '=', input.requestKey ?? '')
    .executeTakeFirstOrThrow();
  return { row: existing, created: false };
}

export interface ReturnMove {
  readonly from: readonly ReturnStatus[];
  readonly to: ReturnStatus;
  readonly closeReason?: string | null;
  readonly refunded?: number;
  readonly shippingRefunded?: boolean;
  readonly event: ReturnEvent;
  readonly audit: AuditEntry;
}

export class ReturnStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly writeEvents: EventWriter,
  ) {}

  async ofOrder(orderId: string): Promise<ReturnRow[]> {
    return returnsOfOrder(this.db, orderId);
  }

  /**
   * Opens a return with its history entry and audit row, once per request key. `plan` sees the order's
   * returns with the order held (lockOrderRow): what it refuses is answered and nothing is written.
   */
  async open<R>(
    orderId: string,
    plan: (existing: readonly ReturnRow[]) => { readonly input: NewReturn } | { readonly refused: R },
    event: (id: number, input: NewReturn) => ReturnEvent,
    audit: (id: number, input: NewReturn) => AuditEntry,
  ): Promise<{ row: ReturnRow; created: boolean } | { refused: R }> {
    return this.db.transaction().execute(async (trx) => {
      await lockOrderRow(trx, orderId);
      const planned = plan(await returnsOfOrder(trx, orderId));
      if ('refused' in planned) return { refused: planned.refused };
      const { input } = planned;
      const opened = await insertReturn(trx, input, (id) => event(id, input), this.writeEvents);
      if (opened.created) await recordAudit(trx, opened.row.created_at, audit(opened.row.id, input));
      return opened;
    });
  }

  /** One move, only from the states `from` names; false when the return was elsewhere (nothing written). */
  async move(orderId: string, id: number, m: ReturnMove): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const at = nowIso();
      const result = await trx
        .updateTable('order_returns')
        .set({
          status: m.to,
          updated_at: at,
          ...(m.to === 'received' || m.to === 'refunded' ? { received_at: at } : {}),
          ...(m.to === 'refunded' || m.to === 'closed' ? { ended_at: at } : {}),
          ...(m.closeReason !== undefined ? { close_reason: m.closeReason } : {}),
          ...(m.refunded !== undefined ? { refunded: m.refunded } : {}),
          ...(m.shippingRefunded ? { shipping_refunded: 1 } : {}),
        })
        .where('id', '=', id)
        .where('order_id', '=', orderId)
        .where('status', 'in', [...m.from])
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await this.writeEvents(trx, orderId, [m.event]);
      await recordAudit(trx, at, m.audit);
      return true;
    });
  }
}

/**
 * An erasure's share of the returns: the owner's notes (an override's, a closing reason) may name the
 * shopper, so they go; the return, its lines and its reason stay with the anonymised order (Numbers counts
 * them).
 */
export async function eraseReturnNotesOfOrders(db: Db, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('order_returns')
    .set({ override_note: null, close_reason: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** Returns opened between two instants (half-open), with their lines and reasons: Numbers' returns. */
export async function returnsOpenedBetween(
  db: Db,
  start: string,
  end: string,
): Promise<Pick<ReturnRow, 'lines' | 'reason' | 'status'>[]> {
  return db
    .selectFrom('order_returns')
    .select(['lines', 'reason', 'status'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .orderBy('id')
    .execute();
}
