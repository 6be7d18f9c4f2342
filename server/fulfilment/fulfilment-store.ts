/**
 * The order desk's data layer (docs/product/orders.md §10): the list and its counts, one order with its lines,
 * events, notes and e-mails, the transitions (one conditional UPDATE each, with the event, the e-mail and
 * the audit row in the same transaction), refunds recorded once per provider refund, the CSV rows, and
 * the audit rows that go with them. Both dialects run every statement here; routes never see SQL. The orders and
 * their lines are read and changed through the order store's queries (it owns those tables); this store
 * owns the events and notes (the audit trail is server/audit/).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ExchangeInfo } from '../../domain/exchanges/exchanges';
import {
  ADMIN_LIMITS,
  CHECKOUT_STATUSES,
  COUNTED_FILTERS,
  type CountedFilter,
  DESK_STATUSES,
  type FulfilmentStatus,
  type OrderFilter,
  PARTLY_REFUNDED,
  type TimelineKind,
  WORK_STATUSES,
} from '../../domain/orders/admin-api';
import type { ReturnInfo } from '../../domain/orders/return-info';
import { addDays, type IsoDate, irishInstant } from '../../domain/shared/calendar-date';
import { type AuditEntry, recordAudit } from '../audit/audit-trail';
import { rowsOfOrders } from '../db/order-rows';
import type { Database, NewOutboxRow, OutboxRow } from '../db/schema';
import { enqueueMail, mailOfOrder, mailStatus } from '../mail/outbox';
import type { OrderLineRow, OrderRow } from '../orders';
import {
  addOrderRefund,
  changeOrderIf,
  claimOrderRefund,
  IssuedOrderKeys,
  insertIssuedKeys,
  linesOfOrder,
  linesOfOrders,
  type OrderChange,
  type OrderGuard,
  orderRowByPaymentId,
  orderRowByReference,
  ordersInDeskStatus,
  ordersPaidBetween,
  readWithdrawal,
  releaseOrderRefund,
  revokeOrderKeys,
  type StoredWithdrawal,
  searchOrders,
  setLineSizes,
} from '../orders';
import { FULFILMENT_MAIL_KINDS } from './mail-kinds';

export type OrderEventRow = Selectable<Database['order_events']>;

export interface FulfilmentOrder {
  readonly row: OrderRow;
  readonly lines: readonly OrderLineRow[];
  readonly events: readonly OrderEventRow[];
  readonly notes: readonly { id: number; at: string; text: string; by: string | null }[];
  readonly mails: readonly Pick<OutboxRow, 'kind' | 'status' | 'created_at' | 'sent_at' | 'recipient'>[];
  readonly withdrawal: StoredWithdrawal | null;
  /** Its returns, oldest first (docs/product/orders.md §10.18). */
  readonly returns: readonly ReturnRow[];
  /** The same returns as the desk shows them. */
  readonly shownReturns: readonly ReturnInfo[];
  /** Its exchanges for another size, oldest first (docs/product/exchanges.md). */
  readonly exchanges: readonly ExchangeInfo[];
}

/**
 * An order's exchanges, read by the exchanges feature, which joins at registration (`joinExchanges`).
 * Until it joins, an order has none.
 */
export type ExchangesOfOrder = (orderId: string, reference: string) => Promise<readonly ExchangeInfo[]>;

/** A stored return (the returns feature's store owns `order_returns`). */
export type ReturnRow = Selectable<Database['order_returns']>;

/**
 * An order's returns, read and shown by the returns feature, which joins at registration
 * (`joinReturns`): the desk's order carries them without this store knowing their table. Until it
 * joins, an order has none.
 */
export interface ReturnsOfOrder {
  readonly rowsOf: (db: Kysely<Database>, orderId: string) => Promise<readonly ReturnRow[]>;
  readonly infoOf: (row: ReturnRow, order: OrderRow, lines: readonly OrderLineRow[]) => ReturnInfo;
}

export interface NewEvent {
  readonly kind: TimelineKind;
  readonly actor: 'owner' | 'shop' | 'provider';
  /** The person who did it, or "API token" (the owner's actions). */
  readonly by?: string | undefined;
  readonly text: string;
  readonly amount?: number | null;
  readonly dedupeKey?: string | null;
}

export interface ListQuery {
  readonly filter: OrderFilter;
  readonly q: string | null;
  readonly from: IsoDate | null;
  readonly to: IsoDate | null;
  readonly page: number;
}

/** A transition: which statuses it leaves, what it writes, and what goes with it in the transaction. */
export interface Transition extends OrderGuard {
  readonly set: OrderChange;
  readonly event: NewEvent;
  /** The e-mails the change sends; `keys` issues the keys their links to the order page carry. */
  readonly mails?: (row: OrderRow, keys: IssuedOrderKeys) => readonly NewOutboxRow[];
  readonly audit: AuditEntry | null;
}

function nowIso(): string {
  return new Date().toISOString();
}

/** The start of `from` to the end of `to`, Irish calendar days, as ISO instants (half-open). */
export function irishDayRange(
  from: IsoDate | null,
  to: IsoDate | null,
): { start: string | null; end: string | null } {
  return {
    start: from ? irishInstant(from, 0, 0).toISOString() : null,
    end: to ? irishInstant(addDays(to, 1), 0, 0).toISOString() : null,
  };
}

/** The desk's own steps on orders since `since` (newest first, at most `limit`): Today's "Done today". */
export async function deskStepsSince(
  db: Kysely<Database>,
  since: string,
  limit: number,
): Promise<
  {
    at: string;
    orderId: string;
    kind: TimelineKind;
    text: string;
    amount: number | null;
    by: string | null;
  }[]
> {
  const rows = await db
    .selectFrom('order_events')
    .select(['at', 'order_id', 'kind', 'text', 'amount', 'actor_name'])
    .where('actor', '=', 'owner')
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    at: r.at,
    orderId: r.order_id,
    kind: r.kind,
    text: r.text,
    amount: r.amount,
    by: r.actor_name,
  }));
}

export class FulfilmentStore {
  private returns: ReturnsOfOrder | null = null;
  private exchanges: ExchangesOfOrder | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The page of orders, the total matching and the per-status counts (search and dates, not status), with
   * the count of the orders refunded in part (docs/product/orders.md §10.2).
   */
  async list(
    query: ListQuery,
  ): Promise<{ rows: OrderRow[]; total: number; counts: Record<CountedFilter, number> }> {
    const { start, end } = irishDayRange(query.from, query.to);
    const found = await searchOrders(
      this.db,
      { q: query.q?.trim() ?? '', start, end },
      {
        statuses: statusesOf(query.filter),
        partlyRefunded: query.filter === PARTLY_REFUNDED,
        countedStatuses: ORDER_STATUSES,
        byDispatch: query.filter === 'work',
        limit: ADMIN_LIMITS.pageSize,
        offset: (query.page - 1) * ADMIN_LIMITS.pageSize,
      },
    );
    const counts = Object.fromEntries(COUNTED_FILTERS.map((s) => [s, 0])) as Record<CountedFilter, number>;
    for (const c of found.counts) counts[c.status] = c.n;
    counts[PARTLY_REFUNDED] = found.partlyRefunded;
    return { rows: found.rows, total: found.total, counts };
  }

  async findByReference(reference: string): Promise<FulfilmentOrder | null> {
    const row = await orderRowByReference(this.db, reference);
    return row ? this.load(row) : null;
  }

  /** Orders in production with everything a packing slip shows, oldest payment first. */
  async inProduction(limit: number): Promise<FulfilmentOrder[]> {
    const rows = await ordersInDeskStatus(this.db, 'in_production', limit);
    const orders: FulfilmentOrder[] = [];
    for (const row of rows) orders.push(await this.load(row));
    return orders;
  }

  async findRowByPaymentId(paymentId: string): Promise<OrderRow | null> {
    return orderRowByPaymentId(this.db, paymentId);
  }

  /** The returns feature's part of each order loaded (see ReturnsOfOrder). */
  joinReturns(returns: ReturnsOfOrder): void {
    this.returns = returns;
  }

  /** The exchanges feature's part of each order loaded (see ExchangesOfOrder). */
  joinExchanges(exchanges: ExchangesOfOrder): void {
    this.exchanges = exchanges;
  }

  private async load(row: OrderRow): Promise<FulfilmentOrder> {
    const join = this.returns;
    const exchangesOf = this.exchanges;
    const [lines, events, notes, mails, withdrawal, returns, exchanges] = await Promise.all([
      linesOfOrder(this.db, row.id),
      this.db.selectFrom('order_events').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
      this.db
        .selectFrom('order_notes')
        .select(['id', 'at', 'text', 'actor_name as by'])
        .where('order_id', '=', row.id)
        .orderBy('id')
        .execute(),
      mailOfOrder(this.db, row.id),
      readWithdrawal(this.db, row.id),
      join ? join.rowsOf(this.db, row.id) : [],
      exchangesOf ? exchangesOf(row.id, row.reference ?? row.id) : [],
    ]);
    const shownReturns = join ? returns.map((r) => join.infoOf(r, row, lines)) : [];
    return { row, lines, events, notes, mails, withdrawal, returns, shownReturns, exchanges };
  }

  /**
   * One transition in one transaction. The conditional UPDATE is the lock: of any number of concurrent
   * callers exactly one changes the row and writes the event, the e-mail and the audit row; the others
   * change nothing and get false (the outbox's unique (order_id, kind) refuses a second e-mail anyway).
   */
  /** Whether the order's "on its way" e-mail was ever queued (a label voided and bought again sends another). */
  async dispatchMailQueued(orderId: string): Promise<boolean> {
    return (await mailStatus(this.db, orderId, FULFILMENT_MAIL_KINDS.dispatched)) !== null;
  }

  async transition(orderId: string, t: Transition): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const at = nowIso();
      const row = await changeOrderIf(trx, orderId, t, t.set, at);
      if (!row) return false;
      await insertEvent(trx, orderId, at, t.event);
      const keys = new IssuedOrderKeys();
      await enqueueMail(trx, t.mails?.(row, keys) ?? []);
      await insertIssuedKeys(trx, keys);
      if (t.audit) await recordAudit(trx, at, t.audit);
      return true;
    });
  }

  /**
   * Records a provider refund once (its id is the event's dedupe key, whoever reports it first: the desk
   * or the charge.refunded webhook) and adds it to `refunded` (never beyond the total); a refund of
   * everything makes the order refunded unless `keepStatus` lists its status (cancelled, disputed), a
   * refund in part leaves the status as it is (docs/product/orders.md §10.3).
   */
  async recordRefund(input: {
    orderId: string;
    refundId: string;
    amount: number;
    event: NewEvent;
    keepStatus: readonly FulfilmentStatus[];
    mails?: (row: OrderRow, keys: IssuedOrderKeys) => readonly NewOutboxRow[];
    audit: AuditEntry | null;
    /** In the refund's transaction, once per refund (its credit note, server/vat). */
    within?: (trx: Transaction<Database>) => Promise<void>;
    /** Refunded in all that ends the order, when less than its total (gift cards bought and spent). */
    endsAt?: number;
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const at = nowIso();
      const inserted = await insertEvent(trx, input.orderId, at, {
        ...input.event,
        amount: input.amount,
        dedupeKey: `refund:${input.refundId}`,
      });
      if (!inserted) return false;
      const row = await addOrderRefund(trx, input.orderId, input.amount, input.keepStatus, at, input.endsAt);
      await input.within?.(trx);
      const keys = new IssuedOrderKeys();
      await enqueueMail(trx, input.mails?.(row, keys) ?? []);
      await insertIssuedKeys(trx, keys);
      if (input.audit) await recordAudit(trx, at, input.audit);
      return true;
    });
  }

  /**
   * Takes the order's one refund slot while the provider is asked: of concurrent refunds from the same
   * state (a double click, two tabs, two instances) one gets it, the others change nothing. A claim older
   * than `staleMs` (an instance that died mid-call) may be taken over.
   */
  async claimRefund(orderId: string, seenRefunded: number, staleMs = 60_000): Promise<boolean> {
    return claimOrderRefund(this.db, orderId, seenRefunded, staleMs);
  }

  async releaseRefund(orderId: string): Promise<void> {
    await releaseOrderRefund(this.db, orderId);
  }

  /**
   * A change before dispatch (docs/product/orders.md §10.16), in one transaction: the conditional UPDATE (the
   * guard: paid or in production, not dispatched), the lines' sizes, the event with before and after, the
   * shopper's e-mail and the audit row. False when the guard refused (dispatched meanwhile).
   * `revokeKeys` (the e-mail address changed): every earlier link to the order's page stops working in
   * the same transaction, so whoever got a mistyped address's e-mails keeps neither the delivery address
   * nor the right to cancel; only the keys the e-mails queued here carry open it.
   */
  async edit(
    orderId: string,
    t: Transition & {
      readonly sizes: readonly { position: number; size: 'S' | 'M' | 'L' }[];
      readonly revokeKeys: boolean;
    },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const at = nowIso();
      const row = await changeOrderIf(trx, orderId, t, t.set, at);
      if (!row) return false;
      await setLineSizes(trx, orderId, t.sizes);
      await insertEvent(trx, orderId, at, t.event);
      if (t.revokeKeys) await revokeOrderKeys(trx, orderId);
      const keys = new IssuedOrderKeys();
      await enqueueMail(trx, t.mails?.(row, keys) ?? []);
      await insertIssuedKeys(trx, keys);
      if (t.audit) await recordAudit(trx, at, t.audit);
      return true;
    });
  }

  /** One more e-mail about the order (a resend), with its page keys and the audit row, in one transaction. */
  async queueOrderMail(
    row: OrderRow,
    mails: (row: OrderRow, keys: IssuedOrderKeys) => readonly NewOutboxRow[],
    audit: AuditEntry,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const keys = new IssuedOrderKeys();
      await enqueueMail(trx, mails(row, keys));
      await insertIssuedKeys(trx, keys);
      await recordAudit(trx, nowIso(), audit);
    });
  }

  /** An event that changes nothing else (a dispute already flagged, a refund the desk started). */
  async addEvent(orderId: string, event: NewEvent): Promise<boolean> {
    return insertEvent(this.db, orderId, nowIso(), event);
  }

  async addNote(orderId: string, text: string, audit: AuditEntry): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const at = nowIso();
      await trx
        .insertInto('order_notes')
        .values({ order_id: orderId, at, text, actor_name: audit.name ?? null })
        .execute();
      await recordAudit(trx, at, audit);
    });
  }

  /** Paid orders whose payment falls in the Irish days `from`..`to`, oldest first, with their lines. */
  async paidBetween(from: IsoDate, to: IsoDate): Promise<{ row: OrderRow; lines: OrderLineRow[] }[]> {
    const { start, end } = irishDayRange(from, to);
    const rows = await ordersPaidBetween(this.db, start ?? '', end ?? '9999');
    if (rows.length === 0) return [];
    const lines = await linesOfOrders(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ row, lines: lines.filter((l) => l.order_id === row.id) }));
  }
}

/** Writes events of one order (a manual order's making, its prices), in the caller's transaction. */
export async function recordOrderEvents(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
  events: readonly NewEvent[],
): Promise<void> {
  const at = nowIso();
  for (const event of events) await insertEvent(db, orderId, at, event);
}

/** Inserts an event; false when its dedupe key was already recorded (nothing is written then). */
async function insertEvent(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
  at: string,
  event: NewEvent,
): Promise<boolean> {
  const result = await db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      at,
      kind: event.kind,
      actor: event.actor,
      text: event.text.slice(0, 1000),
      amount: event.amount ?? null,
      dedupe_key: event.dedupeKey ?? null,
      actor_name: event.by ?? null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * An erasure's share of the history: the changes' before and after (addresses, e-mails, gift messages)
 * name the shopper, so their text goes; that a change happened, and when, stays.
 */
export async function eraseChangeEventsOfOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('order_events')
    .set({ text: 'Changed by the owner (details erased)' })
    .where('order_id', 'in', [...orderIds])
    .where('kind', '=', 'changed')
    .execute();
}

/** The owner's notes on these orders, oldest first (the privacy export shows them). */
export async function notesOfOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: readonly string[],
): Promise<Selectable<Database['order_notes']>[]> {
  return rowsOfOrders(db, 'order_notes', orderIds, 'id');
}

/** The before and after of the owner's changes to these orders, oldest first (the privacy export). */
export async function changeEventsOfOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: readonly string[],
): Promise<{ order_id: string; at: string; text: string }[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_events')
    .select(['order_id', 'at', 'text'])
    .where('order_id', 'in', [...orderIds])
    .where('kind', '=', 'changed')
    .orderBy('id')
    .execute();
}

/** Deletes the owner's private notes on these orders: an erasure takes what names the shopper. */
export async function deleteNotesOfOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('order_notes')
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** Every status of a paid order: the checkouts (CHECKOUT_STATUSES) are not orders. */
const ORDER_STATUSES: readonly FulfilmentStatus[] = DESK_STATUSES.filter(
  (s) => !CHECKOUT_STATUSES.includes(s),
);

function statusesOf(filter: OrderFilter): FulfilmentStatus[] {
  if (filter === 'work') return [...WORK_STATUSES];
  if (filter === 'all' || filter === PARTLY_REFUNDED) return [...ORDER_STATUSES];
  return [filter];
}
