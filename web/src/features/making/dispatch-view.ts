/**
 * The dispatch calendar as the product page and the cart show it (docs/product.md §14). Loaded lazily
 * by useDispatchView, after hydration: the holiday calendar, the closures' parser and Intl's Irish time
 * zone never reach the home page, and a prerendered page never carries a date computed at build time.
 * The same domain functions compute the date the server stores at payment.
 */

import { DISPATCH, SHIPPING_ZONES, type ZoneId } from '../../../../domain/config';
import { type ClosedDates, NO_CLOSURES, parseClosedDates } from '../../../../domain/making/closed-dates';
import {
  christmasDeadlines,
  christmasMessage,
  christmasQueueMessage,
  deliveryPromise,
  deliveryRangeText,
  dispatchResumes,
  queueMissesChristmas,
} from '../../../../domain/making/dispatch';
import { isValidCapacity, type MakingQueue, queueOfPublished } from '../../../../domain/making/making-queue';
import { formatDayMonth } from '../../../../domain/shared/calendar-date';

declare global {
  interface Window {
    /** The owner's closures (CLOSED_DATES), set by /runtime-env.js (server/pages/runtime-env-routes.ts). */
    __SOLAS_CLOSED_DATES__?: string;
    /** The making queue's working days and capacity, set by /runtime-env.js, a minute old at most. */
    __SOLAS_QUEUE__?: unknown;
  }
}

/**
 * The making queue as the server publishes it (working days and capacity, never the pieces queued:
 * domain/making/making-queue.ts publishQueue), as a queue the date functions take; null (today's rule) when the
 * script did not run or sent something unreadable.
 */
export function browserQueue(): MakingQueue | null {
  const value = typeof window === 'undefined' ? undefined : window.__SOLAS_QUEUE__;
  if (typeof value !== 'object' || value === null) return null;
  const { days, capacity } = value as Record<string, unknown>;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) return null;
  if (typeof capacity !== 'number' || !isValidCapacity(capacity)) return null;
  return queueOfPublished({ days, capacity });
}

/** The server's closures; none when the script did not run or sent something unreadable. */
export function browserClosures(): ClosedDates {
  const text = typeof window === 'undefined' ? undefined : window.__SOLAS_CLOSED_DATES__;
  if (typeof text !== 'string') return NO_CLOSURES;
  const parsed = parseClosedDates(text);
  return parsed.ok ? parsed.value : NO_CLOSURES;
}

export interface DispatchView {
  /** "Thursday 26 November" */
  readonly dispatchBy: string;
  /** "Delivery to Ireland: Tuesday 1 December to Thursday 3 December" */
  readonly delivery: string;
  /** During a closure: "Our workshop is closed: dispatch resumes on Tuesday 5 January." */
  readonly closure: string | null;
  /** 1 November to 24 December, for the zone: the last order date, or that it has passed. */
  readonly christmas: { readonly text: string; readonly passed: boolean } | null;
  /** Shown when there is neither a closure nor a Christmas notice. */
  readonly cutOffNote: string;
}

const { hour, minute } = DISPATCH.cutOff;
/** Why the date is what it is. */
const CUT_OFF_NOTE = `Orders before ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')} (Irish time) on a working day go into production that day.`;

/**
 * The dates for an order of `pieces` placed now: behind the making queue as the server last told it
 * (domain/making/making-queue.ts), the date the payment will store unless the queue grows meanwhile.
 */
export function dispatchView(
  now: Date,
  zone: ZoneId,
  closures: ClosedDates = browserClosures(),
  queue: MakingQueue | null = browserQueue(),
  pieces = 1,
): DispatchView {
  const options = queue ? { closures, queue, pieces } : { closures };
  const promise = deliveryPromise(now, zone, options);
  const resumes = dispatchResumes(now, closures);
  const deadline = christmasDeadlines(now, { closures })?.find((d) => d.zone === zone);
  // The Christmas date has not passed, but the queue already runs past it: say so, never promise it.
  const queueFull = deadline ? queueMissesChristmas(now, deadline, options) : false;
  return {
    dispatchBy: formatDayMonth(promise.dispatch),
    delivery: `Delivery to ${SHIPPING_ZONES[zone].label}: ${deliveryRangeText(promise)}`,
    closure: resumes ? `Our workshop is closed: dispatch resumes on ${formatDayMonth(resumes)}.` : null,
    christmas: deadline
      ? queueFull
        ? { text: christmasQueueMessage(deadline), passed: true }
        : { text: christmasMessage(deadline), passed: deadline.passed }
      : null,
    cutOffNote: CUT_OFF_NOTE,
  };
}
