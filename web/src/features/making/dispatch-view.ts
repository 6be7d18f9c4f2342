/**
 * The dispatch calendar as the product page and the cart show it (docs/product/dispatch-dates.md §14). Loaded lazily
 * by useDispatchView, after hydration: the holiday calendar and Intl's Irish time zone never reach the
 * home page, and a prerendered page never carries a date computed at build time. The owner's closures,
 * working days and away state come from the snapshot the page was rendered from (the settings a save
 * renders again); the same domain functions compute the date the server stores at payment.
 */

import { DISPATCH, SHIPPING_ZONES, type ZoneId } from '../../../../domain/config';
import { DEFAULT_CLOSURE_REASON } from '../../../../domain/making/closed-dates';
import {
  awayMissesChristmas,
  awayReturnDate,
  type ChristmasDeadline,
  christmasAwayMessage,
  christmasDeadlines,
  christmasMessage,
  christmasQueueMessage,
  closureNow,
  type DispatchOptions,
  type DispatchSettings,
  deliveryPromise,
  deliveryRangeText,
  dispatchCalendar,
  queueMissesChristmas,
} from '../../../../domain/making/dispatch';
import { isValidCapacity, type MakingQueue, queueOfPublished } from '../../../../domain/making/making-queue';
import { formatDayMonth, type IsoDate, irishDate } from '../../../../domain/shared/calendar-date';

declare global {
  interface Window {
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
  const { days, capacity, quiet } = value as Record<string, unknown>;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) return null;
  if (typeof capacity !== 'number' || !isValidCapacity(capacity)) return null;
  return queueOfPublished({ days, capacity, quiet: quiet === true });
}

export interface DispatchView {
  /** "Thursday 26 November" */
  readonly dispatchBy: string;
  /** "Delivery to Ireland: Tuesday 1 December to Thursday 3 December" */
  readonly delivery: string;
  /**
   * During a closure: "Our workshop is closed (Christmas holidays): dispatch resumes on Tuesday 5
   * January." (no reason in brackets for the first start's "Closed"); before one that the dispatch date
   * falls after: "Our workshop is closed from Thursday 24 December to Monday 4 January (Christmas
   * holidays): orders placed now are dispatched after it."
   */
  readonly closure: string | null;
  /** Away and keeping selling: "We are away until Monday 7 December: orders placed now are made from then." */
  readonly away: string | null;
  /** 1 November to 24 December, for the zone: the last order date, or that it has passed. */
  readonly christmas: { readonly text: string; readonly passed: boolean } | null;
  /** Shown when there is no closure, away or Christmas notice. */
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
  settings: DispatchSettings,
  queue: MakingQueue | null = browserQueue(),
  pieces = 1,
): DispatchView {
  const calendar = dispatchCalendar(settings);
  const options = queue ? { ...calendar, queue, pieces } : calendar;
  const promise = deliveryPromise(now, zone, options);
  const closed = closureNow(now, calendar.closures ?? [], calendar.workingDays);
  // Open today, but a closure before the dispatch date is why that date is later than usual.
  const today = irishDate(now);
  const ahead = closed
    ? undefined
    : calendar.closures?.find((c) => c.from > today && c.from <= promise.dispatch);
  const back = awayReturnDate(now, calendar.away);
  const deadline = christmasDeadlines(now, calendar)?.find((d) => d.zone === zone);
  return {
    dispatchBy: formatDayMonth(promise.dispatch),
    delivery: `Delivery to ${SHIPPING_ZONES[zone].label}: ${deliveryRangeText(promise)}`,
    closure: closed
      ? `Our workshop is closed${reasonText(closed.closure.reason)}: dispatch resumes on ${formatDayMonth(closed.resumes)}.`
      : ahead
        ? `Our workshop is closed from ${formatDayMonth(ahead.from)} to ${formatDayMonth(ahead.to)}${reasonText(ahead.reason)}: orders placed now are dispatched after it.`
        : null,
    away: back ? `We are away until ${formatDayMonth(back)}: orders placed now are made from then.` : null,
    christmas: deadline ? christmasNotice(now, deadline, options, back) : null,
    cutOffNote: CUT_OFF_NOTE,
  };
}

/** " (Christmas holidays)"; nothing for no reason or the first start's "Closed", which says nothing more. */
function reasonText(reason: string | undefined): string {
  const text = reason?.trim() ?? '';
  return text === '' || text.toLowerCase() === DEFAULT_CLOSURE_REASON.toLowerCase() ? '' : ` (${text})`;
}

/** The Christmas notice; never a promise the queue or the owner's absence already breaks. */
function christmasNotice(
  now: Date,
  deadline: ChristmasDeadline,
  options: DispatchOptions,
  back: IsoDate | null,
): NonNullable<DispatchView['christmas']> {
  if (back && awayMissesChristmas(now, deadline, options))
    return { text: christmasAwayMessage(deadline, back), passed: true };
  if (queueMissesChristmas(now, deadline, options))
    return { text: christmasQueueMessage(deadline), passed: true };
  return { text: christmasMessage(deadline), passed: deadline.passed };
}
