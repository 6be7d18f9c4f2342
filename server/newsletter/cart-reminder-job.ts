/**
 * The cart reminders' pass (docs/product/states.md §5.10a): each row whose consent is CART_REMINDER_DELAY_MINUTES
 * old and not yet reminded gets its one e-mail, unless its order (or a later one of the same address) was
 * paid, which drops the row without a word. One instance at a time (ops/periodic-job.ts), and each row's
 * claim (CartReminderStore.claimAndQueue) keeps it to one e-mail whatever runs the pass, however often
 * it is repeated after a crash. Rows past their period are deleted by the same pass.
 */

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { RETENTION } from '../../domain/config';
import type { Database } from '../db/schema';
import type { QueuedMail } from '../mail/outbox';
import { type PeriodicTimings, schedulePeriodicJob } from '../ops/periodic-job';
import { ordersOfEmail } from '../orders';
import { cartReminderMail } from './cart-reminder-mail';
import { type CartReminder, type CartReminderStore, deleteExpiredCartReminders } from './cart-reminder-store';

export interface CartReminderPassResult {
  readonly queued: number;
  /** Due rows dropped because the order, or a later one of the address, was paid. */
  readonly dropped: number;
  /** Rows past their period, deleted. */
  readonly purged: number;
}

export interface CartReminderPassOptions {
  readonly db: Kysely<Database>;
  readonly store: CartReminderStore;
  readonly delayMs: number;
  readonly publicUrl: string;
  readonly catalogue: () => CatalogueSnapshot;
  readonly now?: () => Date;
}

/** Whether the address paid for this checkout, or for any order after it was opened. */
async function paidSince(db: Kysely<Database>, reminder: CartReminder): Promise<boolean> {
  const orders = await ordersOfEmail(db, reminder.emailKey);
  return orders.some(
    (o) => o.paid_at !== null && (o.id === reminder.orderId || o.paid_at >= reminder.consentedAt),
  );
}

/** One pass at `now`: the due reminders queued, the paid ones dropped, the old rows deleted. */
export async function cartReminderPass(
  o: CartReminderPassOptions,
  stopping: () => boolean = () => false,
): Promise<CartReminderPassResult> {
  const now = o.now?.() ?? new Date();
  let queued = 0;
  let dropped = 0;
  // Bounded batches: a backlog (the pass was off for a day) is worked through in steps.
  for (let round = 0; round < 100 && !stopping(); round += 1) {
    const due = await o.store.due(now, o.delayMs);
    if (due.length === 0) break;
    for (const reminder of due) {
      if (await paidSince(o.db, reminder)) {
        await o.store.drop(reminder.id);
        dropped += 1;
        continue;
      }
      const mailFor = (token: string): QueuedMail =>
        cartReminderMail({
          publicUrl: o.publicUrl,
          orderId: reminder.orderId,
          sessionId: reminder.sessionId,
          email: reminder.email,
          lines: reminder.lines,
          catalogue: o.catalogue(),
          token,
          recoveryUrl: reminder.recoveryUrl,
        });
      if (await o.store.claimAndQueue(reminder, mailFor, now)) queued += 1;
    }
  }
  const purged = await deleteExpiredCartReminders(o.db, now, {
    daysAfterSent: RETENTION.cartReminderDaysAfterSent,
    unremindedDays: RETENTION.unpaidCheckoutDays,
  });
  return { queued, dropped, purged };
}

/**
 * How often the pass runs: a twenty-fourth of the delay, between 2 s and a minute (a day's delay: every
 * minute; the journeys' short delays: every few seconds).
 */
export function cartReminderTimings(delayMs: number, tuning?: Partial<PeriodicTimings>): PeriodicTimings {
  const intervalMs = Math.min(60_000, Math.max(2_000, Math.round(delayMs / 24)));
  return { initialDelayMs: Math.min(intervalMs, 5_000), intervalMs, ...tuning };
}

export function scheduleCartReminders(
  app: FastifyInstance,
  options: CartReminderPassOptions,
  tuning?: Partial<PeriodicTimings>,
): void {
  schedulePeriodicJob(app, {
    name: 'cart-reminders',
    timings: cartReminderTimings(options.delayMs, tuning),
    run: (stopping) => cartReminderPass(options, stopping),
    onResult: (result) => {
      if (result.queued + result.dropped + result.purged > 0)
        app.log.info(result, 'cart-reminders: pass done');
    },
  });
}
