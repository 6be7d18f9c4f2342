/**
 * The maker's queue (docs/product.md §14.1): pieces are made at the owner's capacity (pieces per working
 * day, the desk's setting, MAKING_CAPACITY_PER_DAY by default), in the order the orders were paid. A new
 * order's pieces come after every piece of the orders paid and not yet dispatched; when the last of them
 * is made on the k-th working day after the order's start day, the order's dispatch date moves k working
 * days past today's rule (domain/dispatch.ts). A quiet queue (everything fits in the start day) gives
 * exactly today's dates; a queue never makes a date earlier.
 *
 * Pure and shared: the server computes a paid order's date from the queue in the payment's transaction,
 * the browser from the queue's size as /runtime-env.js hands it over (at most a minute old).
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
