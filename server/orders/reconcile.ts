/**
 * Paid orders are never left behind: a shopper who paid and then lost the connection (or closed the tab,
 * or whose confirmation page never loaded) has an order the shop would otherwise confirm only when
 * Stripe's webhook arrives, and the built-in test checkout has no webhook at all. Shortly after start
 * and then periodically, recent pending orders with a checkout session run the same idempotent
 * confirmation step the confirmation page runs: paid sessions become paid orders with their e-mails,
 * expired ones are marked expired, open ones stay as they are. Each pass takes the orders that have gone
 * longest without a check (OrderStore.pendingToReconcile), so abandoned checkouts, however many, never
 * keep a newer order from being checked. Several instances on one PostgreSQL database take turns: a pass
 * runs under withJobLock (server/db/job-lock.ts), and an instance that finds another's pass running skips.
 */
import type { FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../ops/periodic-job';
import { OPS_MARKS } from '../settings';

export interface ReconcileTimings {
  /** First pass after start (the server is busy starting; nothing is urgent). */
  readonly initialDelayMs: number;
  readonly intervalMs: number;
  /** Checkout sessions expire after 24 h; older pending orders cannot become paid. */
  readonly maxAgeMs: number;
  /** Orders per pass, the longest unchecked first; the next pass takes the rest. */
  readonly batch: number;
}

export const DEFAULT_RECONCILE_TIMINGS: ReconcileTimings = {
  initialDelayMs: 15_000,
  intervalMs: 10 * 60_000,
  maxAgeMs: 25 * 60 * 60_000,
  batch: 100,
};

export interface ReconcileResult {
  readonly checked: number;
  readonly paid: number;
  readonly stoppedEarly: boolean;
}

/** One pass; stops at the first provider failure (it is down; the next pass tries again). */
export async function reconcileOnce(
  app: FastifyInstance,
  timings: Pick<ReconcileTimings, 'maxAgeMs' | 'batch'> = DEFAULT_RECONCILE_TIMINGS,
  shouldStop: () => boolean = () => false,
): Promise<ReconcileResult> {
  const { service: orders, store: orderStore } = app.orders;
  const since = new Date(Date.now() - timings.maxAgeMs).toISOString();
  const pending = await orderStore.pendingToReconcile(since, timings.batch);
  let checked = 0;
  let paid = 0;
  for (const order of pending) {
    if (shouldStop()) break;
    const outcome = await orders.confirm(order.sessionId);
    checked += 1;
    // The provider is down: the order is not marked checked and stays at the front of the queue.
    if (outcome.httpStatus === 502) return { checked, paid, stoppedEarly: true };
    await orderStore.markChecked(order.id);
    if (outcome.firstConfirmation) {
      paid += 1;
      app.log.warn(
        { orderId: order.id },
        'reconcile: a paid order had not been confirmed; confirmed now and its e-mails queued',
      );
    }
  }
  return { checked, paid, stoppedEarly: false };
}

/** Schedules the passes for the app's lifetime (false: never, for tests that drive passes themselves). */
export function reconcilePendingOrders(
  app: FastifyInstance,
  timings?: Partial<ReconcileTimings> | false,
): void {
  if (timings === false) return;
  const t = { ...DEFAULT_RECONCILE_TIMINGS, ...timings };
  schedulePeriodicJob(app, {
    name: 'reconcile',
    timings: t,
    // The pass in flight when the app closes stops after its current order.
    run: (stopping) => reconcileOnce(app, t, stopping),
    onResult: (result) => {
      // The desk's Today shows when the last pass ran (any instance's).
      void app.settings.store.mark(OPS_MARKS.lastReconcile).catch((err: unknown) => {
        app.log.warn({ err }, 'reconcile: could not note the time of the pass');
      });
      if (result.checked > 0) app.log.info(result, 'reconcile: pending orders checked');
    },
  });
}
