/**
 * The maker's queue (docs/product/dispatch-dates.md §14.1): pieces are made at the owner's capacity (pieces per working
 * day, the desk's setting, MAKING_CAPACITY_PER_DAY by default), in the order the orders were paid. A new
 * order's pieces come after every piece of the orders paid and not yet dispatched; when the last of them
 * is made on the k-th working day after the order's start day, the order's dispatch date moves k working
 * days past today's rule (domain/making/dispatch.ts). A quiet queue (everything fits in the start day) gives
 * exactly today's dates; a queue never makes a date earlier.
 *
 * Pure and shared: the server computes a paid order's date from the queue in the payment's transaction,
 * the browser from what /runtime-env.js hands over (at most a minute old): the dates the queue gives,
 * never its size (publishQueue below).
 */

/** MAKING_CAPACITY_PER_DAY's bounds and default. */
export const MAKING_CAPACITY = { min: 1, max: 1000, default: 8 } as const;

export interface MakingQueue {
  /** Pieces of the orders paid and not yet dispatched (cancelled and refunded orders are not made). */
  readonly queuedPieces: number;
  /** Pieces the maker makes per working day. */
  readonly capacity: number;
}

/** No queue: the dispatch rule as it was before the queue counted. */
export const QUIET_QUEUE: MakingQueue = { queuedPieces: 0, capacity: MAKING_CAPACITY.default };

export function isValidCapacity(value: number): boolean {
  return Number.isInteger(value) && value >= MAKING_CAPACITY.min && value <= MAKING_CAPACITY.max;
}

/**
 * The working days an order of `pieces` waits beyond today's rule: the making day (0 = the start day) on
 * which its last piece is made, after the `queuedPieces` ahead of it. An order larger than a day's
 * capacity takes more than a day even with nothing ahead.
 */
export function queueExtraDays(queue: MakingQueue, pieces = 1): number {
  const capacity = Math.max(1, Math.floor(queue.capacity));
  const ahead = Math.max(0, Math.floor(queue.queuedPieces));
  return Math.floor((ahead + Math.max(1, Math.floor(pieces)) - 1) / capacity);
}

/** The pieces still to make: those of the orders not yet dispatched. */
export function queuedPieces(orders: readonly { readonly pieces: number; readonly dispatched: boolean }[]) {
  return orders.reduce((sum, order) => (order.dispatched ? sum : sum + order.pieces), 0);
}

/**
 * What the shop's pages are told of the queue (/runtime-env.js, docs/product/dispatch-dates.md §14.2): the working days
 * it adds to a one-piece order's date (the date the product page promises), the capacity (orders larger
 * than a day's making), and whether nothing at all is queued. Never the pieces queued: their count, read
 * over time, tells the shop's sales; the days tell them no finer than the product page's date does, and
 * `quiet` only that the maker has nothing waiting.
 */
export interface PublishedQueue {
  readonly days: number;
  readonly capacity: number;
  /** No piece queued: an order of any size gets the exact date. Absent (an older script): false. */
  readonly quiet?: boolean;
}

export function publishQueue(queue: MakingQueue): PublishedQueue {
  return {
    days: queueExtraDays(queue, 1),
    capacity: Math.max(1, Math.floor(queue.capacity)),
    quiet: Math.floor(queue.queuedPieces) <= 0,
  };
}

/**
 * A queue that gives the published one-piece date exactly and, for an order of more pieces, the latest
 * date the real queue could give (its last making day taken as full, unless nothing is queued): never
 * earlier than the exact count, at most one working day later.
 */
export function queueOfPublished(published: PublishedQueue): MakingQueue {
  const capacity = Math.max(1, Math.floor(published.capacity));
  if (published.quiet === true) return { queuedPieces: 0, capacity };
  const days = Math.max(0, Math.floor(published.days));
  return { queuedPieces: days * capacity + capacity - 1, capacity };
}

/**
 * The queue an order's date is promised from, wherever it is shown or stored: the cart and the product
 * page (from /runtime-env.js), the hosted checkout's sentence and the date the payment stores. The same
 * published days and capacity give the same date everywhere, so a cart and a checkout of the same pieces
 * never disagree; an order of more pieces than fit the published day is dated as if the queue's last
 * making day were full, unless nothing is queued (at most one working day later than the exact count,
 * never earlier).
 */
export function promisedQueue(queue: MakingQueue): MakingQueue {
  return queueOfPublished(publishQueue(queue));
}

/** The queue as the server keeps it for the checkout and the pages (server/making/making-queue-state.ts). */
export interface MakingQueueSource {
  /** The owner's capacity now (the setting, or MAKING_CAPACITY_PER_DAY). */
  capacity(): Promise<number>;
  /** The queue, at most QUEUE_MAX_AGE_MS old. */
  current(): Promise<MakingQueue>;
  /** Forget the cached queue (a payment or a setting changed it on this instance). */
  invalidate(): void;
}
