/**
 * The desk's Today (docs/product/desk.md §10.11): from the making queue (orders paid and not dispatched), what to
 * make today (pieces by product and size over the orders due first, up to the day's capacity), what to
 * dispatch today, what is late; and the shop's health (the outbox, the last payment event, the last
 * reconcile pass, the database and the mail transport).
 */

import type { Kysely } from 'kysely';
import { lineSize } from '../../domain/catalogue/sizes';
import type { OrderChannel } from '../../domain/checkout/order-channels';
import type { SizeCode } from '../../domain/config';
import { isOutsideEu } from '../../domain/customs/customs-items';
import { addBusinessDays, type DispatchCalendar, dispatchCalendar } from '../../domain/making/dispatch';
import {
  DESK_STEPS_SHOWN,
  type DeskStep,
  DISPATCH_AHEAD_WORKING_DAYS,
  type DueOrder,
  type MakeLine,
  type TodayResponse,
} from '../../domain/making/today';
import type { TimelineKind } from '../../domain/orders/admin-api';
import type { IsoDate } from '../../domain/shared/calendar-date';
import { irishDate } from '../../domain/shared/calendar-date';
import type { Database } from '../db/schema';
import { deskStepsSince, dispatchByOf, irishDayRange } from '../fulfilment';
import { money } from '../mail/layout';
import { outboxBacklog } from '../mail/outbox';
import type { OrderLineRow, OrderRow } from '../orders';
import { lastPaidAt, queuedOrdersWithLines, referencesOfOrders, storedAddress } from '../orders';
import { OPS_MARKS, type SettingsStore } from '../settings';
import type { FrontPiece } from './index';

export interface QueuedOrder {
  readonly reference: string;
  readonly dispatchBy: IsoDate;
  readonly lines: readonly { productId: string; name: string; size: SizeCode | null; quantity: number }[];
  /** Where it came from; Today marks an order that is not a web order. */
  readonly channel?: OrderChannel;
  /** True when it leaves the EU: Today gathers its customs declaration (docs/product/customs.md §21.3). */
  readonly customs?: boolean;
  /** An exchange's replacement: made first, and not an order to dispatch on a date of its own. */
  readonly remake?: boolean;
}

/**
 * The day's plan from the queue, due first (its order): late and today's orders first, then the next
 * days'. `make` fills the day's capacity in that order, the last order's line in part when only part fits,
 * each line with the orders it is for. `upcoming` is what is due on the next few of the owner's working
 * days (her closures skipped), so she sees tomorrow's posting today.
 */
export function planToday(
  queue: readonly QueuedOrder[],
  capacity: number,
  today: IsoDate,
  calendar: DispatchCalendar = {},
): { make: MakeLine[]; dispatch: DueOrder[]; upcoming: DueOrder[]; late: DueOrder[] } {
  const make = new Map<string, MakeLine>();
  let left = capacity;
  for (const order of queue) {
    for (const line of order.lines) {
      if (left <= 0) break;
      const pieces = Math.min(line.quantity, left);
      left -= pieces;
      // A remake is a line of its own, first: Today names it, never merged into new orders' pieces.
      const key = `${order.remake ? 'remake' : ''}\u0000${line.productId}\u0000${line.size ?? ''}`;
      const seen = make.get(key);
      make.set(key, {
        productId: line.productId,
        name: line.name,
        size: line.size,
        pieces: (seen?.pieces ?? 0) + pieces,
        orders: seen?.orders.includes(order.reference)
          ? seen.orders
          : [...(seen?.orders ?? []), order.reference],
        ...(order.remake ? { remake: true } : {}),
      });
    }
    if (left <= 0) break;
  }
  const due = (o: QueuedOrder): DueOrder => ({
    reference: o.reference,
    dispatchBy: o.dispatchBy,
    ...(o.channel && o.channel !== 'web' ? { channel: o.channel } : {}),
    ...(o.customs ? { customs: true } : {}),
  });
  const lastAhead = addBusinessDays(
    today,
    DISPATCH_AHEAD_WORKING_DAYS,
    calendar.closures,
    calendar.workingDays,
  );
  // A remake goes out with its own dispatch, not on an order's date: it is only made first.
  const orders = queue.filter((o) => !o.remake);
  return {
    make: [...make.values()],
    dispatch: orders.filter((o) => o.dispatchBy === today).map(due),
    upcoming: orders.filter((o) => o.dispatchBy > today && o.dispatchBy <= lastAhead).map(due),
    late: orders.filter((o) => o.dispatchBy < today).map(due),
  };
}

function toQueued(row: OrderRow, lines: readonly OrderLineRow[]): QueuedOrder {
  return {
    reference: row.reference ?? row.id,
    // Every queued order is paid: dispatchByOf always has a date for it.
    dispatchBy: (dispatchByOf(row) ?? irishDate(new Date(row.created_at))) as IsoDate,
    channel: row.channel,
    ...(leavesEu(row) ? { customs: true } : {}),
    lines: lines.map((l) => ({
      productId: l.product_id,
      name: l.name,
      size: lineSize(l.product_id, l.size),
      quantity: l.quantity,
    })),
  };
}

/** Whether the order's delivery address is outside the EU (no address yet: not known, so no). */
function leavesEu(row: OrderRow): boolean {
  const country = storedAddress(row)?.country;
  return Boolean(country) && isOutsideEu(country ?? '');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A step in a few words of its own: the event's text can carry a refund's reason or an address changed
 * (the order's page shows those), Today shows what was done and by whom.
 */
export function deskStepWords(step: { kind: TimelineKind; text: string; amount: number | null }): string {
  switch (step.kind) {
    case 'status':
    case 'email':
      return capitalised(step.text);
    case 'refund':
      return step.amount !== null ? `Refunded ${money(step.amount)}` : 'Refunded';
    case 'changed':
      return PRICE_SET.test(step.text) ? 'Price set by hand' : 'Changed before dispatch';
    case 'return':
      // "Return 2 received": the opening's reason stays on the order's page.
      return capitalised(step.text.split(':')[0] ?? 'Return');
    default:
      return STEP_WORDS[step.kind] ?? capitalised(step.kind.replace(/_/g, ' '));
  }
}

/** The later of two ISO times (either may be missing). */
function latest(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** Each kind of the owner's steps in her words, capitalised like the rest of the list. */
const STEP_WORDS: Readonly<Partial<Record<TimelineKind, string>>> = {
  created: 'Order taken',
  paid: 'Marked paid',
  payment_failed: 'Payment failed',
  abandoned: 'Checkout abandoned',
  dispute: 'Dispute',
  needs_review: 'Marked for review',
  withdrawal: 'Withdrawal noted',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
  note: 'Note added',
};

/** A price the owner set by hand on a line of an order she took (manual-order-service.ts's event). */
const PRICE_SET = /^Price of line \d+/;

export interface TodayHealthInput {
  readonly database: { readonly dialect: string; readonly reachable: boolean };
  readonly mailTransport: string;
}

export async function todayReport(
  db: Kysely<Database>,
  settings: SettingsStore,
  health: TodayHealthInput,
  now: Date = new Date(),
  front: readonly FrontPiece[] = [],
): Promise<TodayResponse> {
  const today = irishDate(now);
  const midnight = irishDayRange(today, null).start ?? now.toISOString();
  const [rows, shop, backlog, marks, steps, paidAt] = await Promise.all([
    queuedOrdersWithLines(db),
    settings.read(),
    outboxBacklog(db),
    settings.marks(),
    deskStepsSince(db, midnight, DESK_STEPS_SHOWN),
    lastPaidAt(db),
  ]);
  const references = await referencesOfOrders(
    db,
    steps.map((s) => s.orderId),
  );
  const doneToday: DeskStep[] = steps.map((s) => ({
    at: s.at,
    reference: references.get(s.orderId) ?? s.orderId,
    what: deskStepWords(s),
    by: s.by,
  }));
  const queue = rows.map((r) => toQueued(r.row, r.lines));
  // Sorted again by the date as computed here (orders paid before dates were stored have none in the row).
  queue.sort((a, b) => (a.dispatchBy < b.dispatchBy ? -1 : a.dispatchBy > b.dispatchBy ? 1 : 0));
  // The remakes at the front, ahead of every order, first accepted first (docs/product/exchanges.md).
  queue.unshift(
    ...front.map(
      (p): QueuedOrder => ({
        reference: p.reference,
        dispatchBy: today,
        remake: true,
        lines: [{ productId: p.productId, name: p.name, size: p.size, quantity: 1 }],
      }),
    ),
  );
  const capacity = shop.makingCapacityPerDay;
  // The owner's working days and closures as saved: what is due next counts only her working days.
  const plan = planToday(queue, capacity, today, dispatchCalendar(shop));
  return {
    ok: true,
    date: today,
    capacity,
    ...plan,
    outbox: {
      waiting: backlog.waiting,
      failed: backlog.failed,
      oldestAgeSeconds: backlog.oldestCreatedAt
        ? Math.max(0, Math.floor((now.getTime() - Date.parse(backlog.oldestCreatedAt)) / 1000))
        : null,
      failedMail: backlog.failedMail.map((m) => ({
        id: m.id,
        reference: m.reference || null,
        kind: m.kind,
        createdAt: m.created_at,
        error: m.last_error,
      })),
    },
    doneToday,
    health: {
      database: health.database,
      mail: { transport: health.mailTransport, ok: backlog.retrying === 0 && backlog.failed === 0 },
      // The last payment the shop took, however it came: the provider's webhook, the test checkout or
      // the reconcile pass (which receives no webhook), or an order marked paid.
      lastPaymentEventAt: latest(marks[OPS_MARKS.lastPaymentEvent], paidAt),
      lastReconcileAt: marks[OPS_MARKS.lastReconcile],
      queuedPieces: queue.reduce((n, o) => n + o.lines.reduce((m, l) => m + l.quantity, 0), 0),
    },
  };
}
