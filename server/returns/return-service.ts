/**
 * Returns of delivered orders (docs/product/orders.md §10.18). The owner opens one (lines and quantities not
 * already in another return, a reason; after the 30 days only with her override's note), marks it received
 * and refunds it then or later through the desk's own refund path (fulfilment-service.ts: the provider,
 * the history, the shopper's e-mail and the audit row), or closes it without refund with a reason. The
 * shopper's withdrawal notice opens one in the notice's own transaction. Every step is an entry in the
 * order's history naming who took it, and an audit row; a repeated Idempotency-Key is one step.
 */

import type { Transaction } from 'kysely';
import { POLICY } from '../../domain/config';
import { ADMIN_MESSAGES, type GiftCardRefundChoice, type OrderDetail } from '../../domain/orders/admin-api';
import type { ReturnInfo, ReturnLine } from '../../domain/orders/return-info';
import {
  type OpenReturnRequest,
  RETURN_MESSAGES,
  refusedMove,
  returnItemText,
  returnWindow,
  type UpdateReturnRequest,
  WITHDRAWAL_RETURN_REASON,
} from '../../domain/orders/returns';
import { isCustomLineId } from '../../domain/shared/custom-line';
import { type Actor, type AuditEntry, oncePerAction, type RequestClaims } from '../audit/audit-trail';
import type { Database } from '../db/schema';
import type { FulfilmentOrder, FulfilmentStore } from '../fulfilment';
import { type FulfilmentService, refundableOf } from '../fulfilment';
import { Refusal, refuse } from '../lib/refusal';
import { money } from '../mail/layout';
import type { OrderLineRow } from '../orders';
import { lockOrderRow } from '../orders';
import {
  type EventWriter,
  insertReturn,
  type ReturnRow,
  type ReturnStore,
  returnLinesOf,
  returnsOfOrder,
} from './return-store';
import { valueOfReturn } from './return-view';

export interface ReturnServiceOptions {
  readonly store: ReturnStore;
  readonly desk: FulfilmentService;
  readonly deskStore: FulfilmentStore;
  readonly requests: RequestClaims;
  readonly writeEvents: EventWriter;
  readonly log: { error(obj: object, msg: string): void };
  readonly now?: () => Date;
}

/** The return and its order as they are now, `changed` false for a repeat; a refusal is thrown. */
export interface ReturnOutcome {
  readonly ok: true;
  readonly changed: boolean;
  readonly return: ReturnInfo;
  readonly order: OrderDetail;
}

/** Pieces of each line already in a return that is not closed (a closed one gave nothing back). */
function inReturns(returns: readonly ReturnRow[]): Map<number, number> {
  const taken = new Map<number, number>();
  for (const r of returns) {
    if (r.status === 'closed') continue;
    for (const l of returnLinesOf(r)) taken.set(l.lineId, (taken.get(l.lineId) ?? 0) + l.quantity);
  }
  return taken;
}

/**
 * The lines a return takes, or why not (400 naming the field): each a line of the order, named once, with
 * no more pieces than were bought and are not in another return already.
 */
function plannedLines(
  sold: readonly OrderLineRow[],
  asked: OpenReturnRequest['lines'],
  existing: readonly ReturnRow[],
): ReturnLine[] | Refusal {
  const taken = inReturns(existing);
  const lines: ReturnLine[] = [];
  for (const [index, want] of asked.entries()) {
    const line = sold.find((l) => l.position === want.lineId);
    if (!line) return new Refusal('invalid', RETURN_MESSAGES.lineUnknown(index, want.lineId));
    if (lines.some((l) => l.lineId === want.lineId))
      return new Refusal('invalid', RETURN_MESSAGES.lineTwice(index, want.lineId));
    const left = line.quantity - (taken.get(line.position) ?? 0);
    if (want.quantity > left)
      return new Refusal('invalid', RETURN_MESSAGES.tooMany(index, Math.max(0, left)));
    lines.push(returnLine(line, want.quantity));
  }
  return lines;
}

function returnLine(line: OrderLineRow, quantity: number): ReturnLine {
  // A quote's custom line has no bracelet size (its stored 'M' is the column's default).
  const custom = isCustomLineId(line.product_id);
  return {
    lineId: line.position,
    productId: line.product_id,
    name: line.name,
    size: custom ? null : line.size,
    quantity,
  };
}

function audit(actor: Actor, action: string, target: string, detail: string | null): AuditEntry {
  return { session: actor.session, address: actor.address, name: actor.name, action, target, detail };
}

export class ReturnService {
  private readonly now: () => Date;

  constructor(private readonly o: ReturnServiceOptions) {
    this.now = o.now ?? (() => new Date());
  }

  async open(reference: string, request: OpenReturnRequest, actor: Actor): Promise<ReturnOutcome> {
    const order = await this.o.deskStore.findByReference(reference);
    if (!order) return refuse('not-found', ADMIN_MESSAGES.notFound);
    const { row } = order;
    const requestKey = actor.requestKey ?? null;
    // The same submission again (a double click, a retry): the return it opened, as it is now.
    const repeat = requestKey ? order.returns.find((r) => r.request_key === requestKey) : undefined;
    if (repeat) return this.answer(reference, repeat.id, false);
    if (row.delivered_at === null) return refuse('conflict', RETURN_MESSAGES.notDelivered);
    const window = returnWindow(row.delivered_at, this.now());
    if (!window.open && !request.override) return refuse('conflict', RETURN_MESSAGES.late(window.until));

    // Within the window an override changes nothing: its note is kept only when it was needed.
    const overrideNote = !window.open && request.override ? request.override.note : null;
    const opened = await this.o.store.open<Refusal | { repeatOf: number }>(
      row.id,
      (existing) => {
        // The same submission, opened meanwhile by its twin (two requests at once): answered as a repeat.
        const twin = requestKey ? existing.find((r) => r.request_key === requestKey) : undefined;
        if (twin) return { refused: { repeatOf: twin.id } };
        const planned = plannedLines(order.lines, request.lines, existing);
        if (!Array.isArray(planned)) return { refused: planned };
        return {
          input: {
            orderId: row.id,
            lines: planned,
            reason: request.reason,
            overrideNote,
            source: 'owner',
            requestKey,
          },
        };
      },
      (id, input) => ({
        kind: 'return',
        actor: 'owner',
        by: actor.name,
        // The override's note stays on the return's card (an erasure takes it), not in the history.
        text: `Return ${id} opened: ${input.lines.map(returnItemText).join(', ')}. Reason: ${request.reason}${
          overrideNote ? ` (after the ${POLICY.returnsDays} days, by override)` : ''
        }`,
      }),
      (id, input) =>
        audit(
          actor,
          'return-open',
          reference,
          `return ${id}, ${input.lines.reduce((n, l) => n + l.quantity, 0)} piece(s)${overrideNote ? ', after the window' : ''}`,
        ),
    );
    if (!('refused' in opened)) return this.answer(reference, opened.row.id, opened.created);
    const { refused } = opened;
    // Refused lines: thrown once the store's transaction is over (it wrote nothing).
    if (refused instanceof Refusal) throw refused;
    return this.answer(reference, refused.repeatOf, false);
  }

  async update(
    reference: string,
    id: number,
    request: UpdateReturnRequest,
    actor: Actor,
  ): Promise<ReturnOutcome> {
    return oncePerAction(
      this.o.requests,
      { action: `return-${id}`, target: reference, actor },
      () => this.updateOnce(reference, id, request, actor),
      () => this.answer(reference, id, false),
    );
  }

  private async updateOnce(
    reference: string,
    id: number,
    request: UpdateReturnRequest,
    actor: Actor,
  ): Promise<ReturnOutcome> {
    const order = await this.o.deskStore.findByReference(reference);
    if (!order) return refuse('not-found', ADMIN_MESSAGES.notFound);
    const ret = order.returns.find((r) => r.id === id);
    if (!ret) return refuse('not-found', RETURN_MESSAGES.notFound);
    if (request.status === 'closed') return this.close(reference, order, ret, request, actor);
    if (request.refund) return this.refund(reference, order, ret, request.refund, actor);
    const refused = refusedMove(ret.status, 'received');
    if (refused) return refuse('conflict', refused);
    const moved = await this.o.store.move(order.row.id, id, {
      from: ['requested'],
      to: 'received',
      event: { kind: 'return', actor: 'owner', by: actor.name, text: `Return ${id} received` },
      audit: audit(actor, 'return-receive', reference, `return ${id}`),
    });
    return moved ? this.answer(reference, id, true) : this.movedMeanwhile(reference, id, 'received');
  }

  private async close(
    reference: string,
    order: FulfilmentOrder,
    ret: ReturnRow,
    request: UpdateReturnRequest,
    actor: Actor,
  ): Promise<ReturnOutcome> {
    if (request.refund) return refuse('invalid', RETURN_MESSAGES.refundOnClose);
    const reason = request.reason?.trim() ?? '';
    if (reason === '') return refuse('invalid', RETURN_MESSAGES.reasonRequired);
    const refused = refusedMove(ret.status, 'closed');
    if (refused) return refuse('conflict', refused);
    const moved = await this.o.store.move(order.row.id, ret.id, {
      from: ['requested', 'received'],
      to: 'closed',
      closeReason: reason,
      event: {
        kind: 'return',
        actor: 'owner',
        by: actor.name,
        // The reason is on the return's card (an erasure takes it), not in the history.
        text: `Return ${ret.id} closed without refund`,
      },
      // The reason stays out of the audit row: it may name the shopper.
      audit: audit(actor, 'return-close', reference, `return ${ret.id}`),
    });
    return moved ? this.answer(reference, ret.id, true) : this.movedMeanwhile(reference, ret.id, 'closed');
  }

  /**
   * Received and refunded: the pieces' value (and the shipping when she chooses it, once per order), never
   * more than is left to refund, through the desk's refund. A refused or failed refund leaves the return
   * as it was, to try again.
   */
  private async refund(
    reference: string,
    order: FulfilmentOrder,
    ret: ReturnRow,
    choice: { includeShipping: boolean; giftCardRefund?: GiftCardRefundChoice | undefined },
    actor: Actor,
  ): Promise<ReturnOutcome> {
    const { includeShipping } = choice;
    const refused = refusedMove(ret.status, 'refunded');
    if (refused) return refuse('conflict', refused);
    const { row } = order;
    const shippingWith = order.returns.find((r) => r.id !== ret.id && r.shipping_refunded > 0);
    if (includeShipping && shippingWith)
      return refuse('conflict', RETURN_MESSAGES.shippingTwice(shippingWith.id));
    const left = refundableOf(row);
    if (left <= 0) return refuse('conflict', ADMIN_MESSAGES.nothingToRefund);
    const wanted = valueOfReturn(ret, row, order.lines) + (includeShipping ? row.shipping : 0);
    const amount = Math.min(wanted, left);
    if (amount <= 0) return refuse('conflict', ADMIN_MESSAGES.nothingToRefund);
    const items = returnLinesOf(ret).map(returnItemText).join(', ');
    const made = await this.o.desk.refundForReturn(
      reference,
      // The same rule as the desk's refund: the card payment first, the cards' part as the owner chose.
      { amount, reason: `Return of ${items}`.slice(0, 500), giftCardRefund: choice.giftCardRefund },
      actor,
    );
    if (!made.changed) return refuse('conflict', RETURN_MESSAGES.busy);
    const moved = await this.o.store.move(row.id, ret.id, {
      from: ['requested', 'received'],
      to: 'refunded',
      refunded: amount,
      shippingRefunded: includeShipping,
      event: {
        kind: 'return',
        actor: 'owner',
        by: actor.name,
        text: `Return ${ret.id} ${ret.status === 'requested' ? 'received and ' : ''}refunded: ${money(amount)}${
          includeShipping ? ' with the shipping' : ''
        }`,
      },
      audit: audit(actor, 'return-refund', reference, `return ${ret.id}: ${amount} cents`),
    });
    if (!moved) {
      // Closed in another tab while the provider refunded: the money went back; the history says so.
      this.o.log.error({ orderId: row.id, returnId: ret.id }, 'return refunded but moved meanwhile');
    }
    return this.answer(reference, ret.id, true);
  }

  /**
   * The shopper's withdrawal notice, in its own transaction (order-store.ts recordWithdrawal): a return of
   * the lines it names that are not already in one, once per order, when the parcel has left the shop.
   * Before dispatch there is nothing to send back: the owner cancels instead.
   */
  async openForWithdrawal(
    trx: Transaction<Database>,
    order: { readonly id: string; readonly dispatchedAt: string | null },
    lines: readonly OrderLineRow[],
    positions: readonly number[],
  ): Promise<void> {
    if (order.dispatchedAt === null) return;
    await lockOrderRow(trx, order.id);
    const existing = await returnsOfOrder(trx, order.id);
    if (existing.some((r) => r.source === 'withdrawal')) return;
    const taken = inReturns(existing);
    const chosen = lines
      .filter((l) => positions.includes(l.position))
      .map((l) => returnLine(l, l.quantity - (taken.get(l.position) ?? 0)))
      .filter((l) => l.quantity > 0);
    if (chosen.length === 0) return;
    await insertReturn(
      trx,
      {
        orderId: order.id,
        lines: chosen,
        reason: WITHDRAWAL_RETURN_REASON,
        overrideNote: null,
        source: 'withdrawal',
        requestKey: null,
      },
      (id) => ({
        kind: 'return',
        actor: 'shop',
        text: `Return ${id} opened by the withdrawal notice: ${chosen.map(returnItemText).join(', ')}`,
      }),
      this.o.writeEvents,
    );
  }

  /** Moved by another tab between the read and the write: a repeat of this move, or a refusal. */
  private async movedMeanwhile(
    reference: string,
    id: number,
    to: 'received' | 'closed',
  ): Promise<ReturnOutcome> {
    const order = await this.o.deskStore.findByReference(reference);
    const now = order?.returns.find((r) => r.id === id);
    if (!now) return refuse('not-found', RETURN_MESSAGES.notFound);
    if (now.status === to) return this.answer(reference, id, false);
    return refuse('conflict', refusedMove(now.status, to) ?? RETURN_MESSAGES.already(now.status));
  }

  private async answer(reference: string, id: number, changed: boolean): Promise<ReturnOutcome> {
    const { order } = await this.o.desk.detail(reference);
    const found = order.returns?.find((r) => r.id === id);
    if (!found) return refuse('not-found', RETURN_MESSAGES.notFound);
    return { ok: true, changed, return: found, order };
  }
}
