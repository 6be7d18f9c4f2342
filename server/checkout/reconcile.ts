/**
 * Paid orders are never left behind: a shopper who paid and then lost the connection (or closed the tab,
 * or whose confirmation page never loaded, or whose confirmation failed while the database was away) has
 * an order the shop would otherwise confirm only when Stripe's webhook arrives, and the built-in test
 * checkout has no webhook at all. Shortly after start and then every minute, recent pending orders with a
 * checkout session run the same idempotent confirmation step the confirmation page runs: paid sessions
 * become paid orders with their e-mails, expired ones are marked expired, open ones stay as they are.
 *
 * A pass first finishes the orders the owner marked paid that a crash stopped half-way (stored, not yet
 * marked paid: no session, no provider to ask), then asks the provider which sessions it took the money
 * for (one call) and confirms those
 * orders, then checks the rest one by one, several at a time, once they are `settleMs` old: the orders
 * never checked (the newest first: the likeliest to have just been paid for), then those whose last check
 * is older than `recheckMs`. It
 * goes on until none is left or its time is up, so abandoned checkouts, however many, never keep a paid
 * order waiting (docs/product/order-flow.md §6.7). Several instances on one PostgreSQL database take turns: a pass
 * runs under withJobLock (server/db/job-lock.ts), and an instance that finds another's pass running skips.
 */
import { setTimeout as rest } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../lib/refusal';
import { schedulePeriodicJob } from '../ops/periodic-job';
import type { OrderStore } from '../orders';
import type { PaymentProvider } from '../payments';
import { OPS_MARKS, type SettingsStore } from '../settings';
import type { CheckoutService } from './checkout-service';
import type { MarkPaid } from './mark-paid';

export interface ReconcileTimings {
  /** First pass after start (the server is busy starting; nothing is urgent). */
  readonly initialDelayMs: number;
  readonly intervalMs: number;
  /** Checkout sessions expire after 24 h; older pending orders cannot become paid. */
  readonly maxAgeMs: number;
  /** Orders read per statement; a pass reads as many as it needs. */
  readonly batch: number;
  /** A pending order already checked is checked again once its last check is this old. */
  readonly recheckMs: number;
  /**
   * A pending order is checked one by one only once it is this old. A younger one is a shopper still on
   * the payment page, or one whose page confirms it on the way back; if they paid, the provider's list of
   * paid sessions (asked first) brings it in at once. Without it, a pass during a checkout rush chased
   * every checkout a moment after it was opened (19,491 in one 50-second pass) and took a third of the
   * event loop from the rush: bench:api's checkout p99 went from 1.3x to 3-4x its floor's.
   */
  readonly settleMs: number;
  /** A pass stops taking orders after this long (the next one goes on). */
  readonly passBudgetMs: number;
  /** Orders confirmed at once (each is a call to the provider). */
  readonly concurrency: number;
  /**
   * The longest the pass keeps the event loop before letting requests in. With SQLite (synchronous) and
   * the test checkout (no network), confirming an order never waits on I/O: tens of thousands of
   * abandoned checkouts held every request for the whole pass.
   */
  readonly sliceMs: number;
  /**
   * How long the pass rests after each slice. The pass is background work: at twice the slice it takes at
   * most a third of the event loop, so a checkout rush that leaves thousands of abandoned checkouts behind
   * is not slowed by the pass that checks them (bench:api's checkout p99 fell to 2.8x its floor when the
   * pass only yielded a turn).
   */
  readonly restMs: number;
  /**
   * An order the owner marked paid is stored, then marked paid: one still pending this long after it was
   * stored was stopped between the two steps (a crash, a restart) and is finished by the pass. Long enough
   * that the request storing it has surely finished, or failed, by then.
   */
  readonly strandedAfterMs: number;
}

export const DEFAULT_RECONCILE_TIMINGS: ReconcileTimings = {
  initialDelayMs: 15_000,
  intervalMs: 60_000,
  maxAgeMs: 25 * 60 * 60_000,
  batch: 100,
  recheckMs: 10 * 60_000,
  settleMs: 10 * 60_000,
  passBudgetMs: 50_000,
  concurrency: 4,
  sliceMs: 10,
  restMs: 20,
  strandedAfterMs: 60_000,
};

export interface ReconcileResult {
  readonly checked: number;
  readonly paid: number;
  readonly stoppedEarly: boolean;
}

/** What a pass works with, handed in when the checkout registers. */
export interface ReconcileParts {
  readonly checkout: CheckoutService;
  readonly paid: MarkPaid;
  readonly orders: OrderStore;
  readonly provider: PaymentProvider;
  /** The desk's Today shows when the last pass ran. */
  readonly settings: Pick<SettingsStore, 'mark'>;
  readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** One pass; stops at the first provider failure (it is down; the next pass tries again). */
export async function reconcilePass(
  parts: ReconcileParts,
  options: Partial<ReconcileTimings> = {},
  shouldStop: () => boolean = () => false,
): Promise<ReconcileResult> {
  const timings = { ...DEFAULT_RECONCILE_TIMINGS, ...options };
  const { checkout: orders, paid: markPaid, orders: orderStore, provider, log } = parts;
  const started = Date.now();
  const since = new Date(started - timings.maxAgeMs);
  // Orders checked since then are not taken again in this pass; never later than the pass's start.
  const checkedBefore = new Date(started - Math.max(0, timings.recheckMs)).toISOString();
  const createdBefore = new Date(started - Math.max(0, timings.settleMs)).toISOString();
  let checked = 0;
  let paid = 0;
  let providerDown = false;
  const over = () => providerDown || shouldStop() || Date.now() - started > timings.passBudgetMs;
  let sliceStart = Date.now();
  /** Once the pass has held the loop for a slice, it rests: the requests come first. */
  const shareTheLoop = async () => {
    if (Date.now() - sliceStart < timings.sliceMs) return;
    await rest(timings.restMs);
    sliceStart = Date.now();
  };

  /** Confirms these orders, `concurrency` at a time, until they are done or the pass is over. */
  const confirmAll = async (batch: readonly { id: string; sessionId: string }[]) => {
    let next = 0;
    const worker = async () => {
      for (;;) {
        const order = batch[next];
        next += 1;
        if (!order || over()) return;
        await shareTheLoop();
        const outcome = await orders.confirm(order.sessionId).catch((err: unknown) => {
          if (err instanceof Refusal) return err;
          throw err;
        });
        checked += 1;
        // The provider is down: the order is not marked checked and stays at the front of the queue.
        if (outcome instanceof Refusal && outcome.reason === 'upstream') {
          providerDown = true;
          return;
        }
        await orderStore.markChecked(order.id);
        if (!(outcome instanceof Refusal) && outcome.firstConfirmation) {
          paid += 1;
          log.warn(
            { orderId: order.id },
            'reconcile: a paid order had not been confirmed; confirmed now and its e-mails queued',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, timings.concurrency) }, worker));
  };

  // The owner's own orders first: she was paid already, and no provider needs asking. Her wish for the
  // customer's e-mail went with the request that stopped: none is sent (she can resend it from the order).
  const strandedBefore = new Date(started - timings.strandedAfterMs).toISOString();
  for (const orderId of await orderStore.strandedMarkedPaid(strandedBefore, timings.batch)) {
    if (over()) break;
    await shareTheLoop();
    checked += 1;
    // Paid now, once: markPaid answers `first` for the call that moved it.
    if ((await markPaid.markPaid(orderId, { by: 'owner', emailCustomer: false }))?.first) {
      paid += 1;
      log.warn({ orderId }, 'reconcile: an order marked paid had stopped half-way; finished now');
    }
  }

  let paidSessions: ReadonlySet<string> = new Set();
  try {
    paidSessions = await provider.paidSessionsSince(since);
  } catch (err) {
    // Checked one by one below instead; a provider that is down stops the pass at its first order.
    log.warn({ err }, 'reconcile: could not list the paid sessions; checking orders one by one');
  }
  if (paidSessions.size > 0) {
    await confirmAll(await orderStore.pendingOfSessions([...paidSessions], since.toISOString()));
  }
  while (!over()) {
    const batch = await orderStore.pendingToReconcile(
      since.toISOString(),
      timings.batch,
      checkedBefore,
      createdBefore,
    );
    if (batch.length === 0) break;
    await confirmAll(batch);
  }
  return { checked, paid, stoppedEarly: providerDown };
}

/** Schedules the passes for the app's lifetime (false: never, for tests that drive passes themselves). */
export function reconcilePendingOrders(
  app: FastifyInstance,
  parts: ReconcileParts,
  timings?: Partial<ReconcileTimings> | false,
): void {
  if (timings === false) return;
  const t = { ...DEFAULT_RECONCILE_TIMINGS, ...timings };
  schedulePeriodicJob(app, {
    name: 'reconcile',
    timings: t,
    // The pass in flight when the app closes stops after its current order.
    run: (stopping) => reconcilePass(parts, t, stopping),
    onResult: (result) => {
      // The desk's Today shows when the last pass ran (any instance's).
      void parts.settings.mark(OPS_MARKS.lastReconcile).catch((err: unknown) => {
        parts.log.warn({ err }, 'reconcile: could not note the time of the pass');
      });
      if (result.checked > 0) parts.log.info(result, 'reconcile: pending orders checked');
    },
  });
}
