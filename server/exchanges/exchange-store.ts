/**
 * The exchanges' table (`order_exchanges`, docs/product/exchanges.md): the only code that queries it. Each
 * step is one transaction: a request is one insert guarded by the one-per-line unique index (under the
 * order's row lock on PostgreSQL), a decision one conditional UPDATE from `pending`, so of two accepts at
 * once exactly one changes the row and writes what follows it (the history, the e-mails, the materials'
 * reservation) in the same transaction; the other changes nothing.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SizeCode } from '../../domain/config';
import type { ExchangeStatus, ReceivedChoice, Settlement } from '../../domain/exchanges/exchanges';
import { rowsOfOrders } from '../db/order-rows';
import type { Database, NewOutboxRow } from '../db/schema';
import { type NewEvent, recordOrderEvents } from '../fulfilment';
import { enqueueMail } from '../mail/outbox';
import { type IssuedOrderKeys, insertIssuedKeys, lockOrderRow, referencesOfOrders } from '../orders';

export type ExchangeRow = Selectable<Database['order_exchanges']>;
type Db = Kysely<Database> | Transaction<Database>;

/** What follows a step in its own transaction: the history, the e-mails and the feature's own work. */
export interface StepEffects {
  readonly events: readonly NewEvent[];
  readonly mails: readonly NewOutboxRow[];
  /**
   * The order page's keys the e-mails' links carry: their hashes are stored with the e-mails, so a link
   * goes out only with a key that opens the page, and a step that does not happen stores none.
   */
  readonly keys?: IssuedOrderKeys;
  readonly within?: (trx: Transaction<Database>, row: ExchangeRow) => Promise<void>;
}

export interface NewExchange {
  readonly orderId: string;
  readonly lineId: number;
  readonly productId: string;
  readonly name: string;
  readonly fromSize: SizeCode;
  readonly toSize: SizeCode;
  readonly difference: number;
}

/** A request met another for the same line (the unique index): not stored. */
export class LineTaken extends Error {}

export async function exchangesOfOrders(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<ExchangeRow[]> {
  return rowsOfOrders(db, 'order_exchanges', orderIds, 'id');
}

/** The owner's decline reasons go with the orders' personal data; the exchanges stay. */
export async function eraseDeclineReasonsOfOrders(db: Db, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('order_exchanges')
    .set({ decline_reason: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (
    e?.code === '23505' || (typeof e?.message === 'string' && /UNIQUE constraint failed/i.test(e.message))
  );
}

export class ExchangeStore {
  constructor(private readonly db: Kysely<Database>) {}

  async ofOrder(orderId: string): Promise<ExchangeRow[]> {
    return exchangesOfOrders(this.db, [orderId]);
  }

  async byId(id: number): Promise<ExchangeRow | null> {
    return (
      (await this.db.selectFrom('order_exchanges').selectAll().where('id', '=', id).executeTakeFirst()) ??
      null
    );
  }

  /**
   * Stores a request with its history entry and e-mails; `check` runs first under the order's lock with
   * the order's exchanges as they are (it throws a refusal). Two requests for one line at once: one is
   * stored, the other throws LineTaken.
   */
  async request(
    input: NewExchange,
    check: (existing: readonly ExchangeRow[]) => void,
    effects: (row: ExchangeRow) => StepEffects,
    at: string,
  ): Promise<ExchangeRow> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        await lockOrderRow(trx, input.orderId);
        check(
          await trx.selectFrom('order_exchanges').selectAll().where('order_id', '=', input.orderId).execute(),
        );
        const row = await trx
          .insertInto('order_exchanges')
          .values({
            order_id: input.orderId,
            line_id: input.lineId,
            product_id: input.productId,
            name: input.name,
            from_size: input.fromSize,
            to_size: input.toSize,
            status: 'pending',
            difference: input.difference,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await this.apply(trx, row, effects(row));
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new LineTaken();
      throw err;
    }
  }

  /**
   * Moves an exchange from `pending` to `to` with one conditional UPDATE; the step's effects in the same
   * transaction. Null when it was not pending (moved by another request, on any instance).
   */
  async decide(
    id: number,
    to: Extract<ExchangeStatus, 'accepted' | 'declined'>,
    fields: { readonly declineReason?: string | null; readonly settlement?: Settlement },
    effects: (row: ExchangeRow) => StepEffects,
    at: string,
  ): Promise<ExchangeRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('order_exchanges')
        .set({
          status: to,
          decided_at: at,
          updated_at: at,
          ...(fields.declineReason !== undefined ? { decline_reason: fields.declineReason } : {}),
          ...(fields.settlement !== undefined ? { settlement: fields.settlement } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await this.apply(trx, row, effects(row));
      return row;
    });
  }

  /** The returned piece is back (once): the owner's choice, with its effects in the same transaction. */
  async receive(
    id: number,
    choice: ReceivedChoice,
    effects: (row: ExchangeRow) => StepEffects,
    at: string,
  ): Promise<ExchangeRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('order_exchanges')
        .set({ received_choice: choice, received_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'accepted')
        .where('received_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await this.apply(trx, row, effects(row));
      return row;
    });
  }

  /** How a price difference was settled, once it was (after the accept's transaction). */
  async settled(id: number, settlement: Settlement, at: string): Promise<void> {
    await this.db
      .updateTable('order_exchanges')
      .set({ settlement, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** The replacement left the shop (once): off the queue's front, with the step's effects. */
  async dispatch(
    id: number,
    effects: (row: ExchangeRow) => StepEffects,
    at: string,
  ): Promise<ExchangeRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('order_exchanges')
        .set({ dispatched_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'accepted')
        .where('dispatched_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await this.apply(trx, row, effects(row));
      return row;
    });
  }

  /** Accepted replacements still to make and post, first accepted first: the making queue's front. */
  async remakes(): Promise<(ExchangeRow & { reference: string })[]> {
    const rows = await this.db
      .selectFrom('order_exchanges')
      .selectAll()
      .where('status', '=', 'accepted')
      .where('dispatched_at', 'is', null)
      .orderBy('decided_at')
      .orderBy('id')
      .execute();
    if (rows.length === 0) return [];
    const references = await referencesOfOrders(
      this.db,
      rows.map((r) => r.order_id),
    );
    return rows.map((row) => ({ ...row, reference: references.get(row.order_id) ?? row.order_id }));
  }

  private async apply(trx: Transaction<Database>, row: ExchangeRow, effects: StepEffects): Promise<void> {
    await effects.within?.(trx, row);
    if (effects.events.length > 0) await recordOrderEvents(trx, row.order_id, effects.events);
    await enqueueMail(trx, effects.mails);
    if (effects.keys) await insertIssuedKeys(trx, effects.keys);
  }
}
