/**
 * The dispatch calendar as the product page and the cart show it (docs/product.md §14). Loaded lazily
 * by useDispatchView, after hydration: the holiday calendar, the closures' parser and Intl's Irish time
 * zone never reach the home page, and a prerendered page never carries a date computed at build time.
 * The same domain functions compute the date the server stores at payment.
 */
import { formatDayMonth } from '../../../../domain/calendar-date';
import { type ClosedDates, NO_CLOSURES, parseClosedDates } from '../../../../domain/closed-dates';
import { DISPATCH, SHIPPING_ZONES, type ZoneId } from '../../../../domain/config';
import {
  christmasDeadlines,
  christmasMessage,
  deliveryPromise,
  deliveryRangeText,
  dispatchResumes,
} from '../../../../domain/dispatch';

declare global {
  interface Window {
    /** The owner's closures (CLOSED_DATES), set by /runtime-env.js (server/routes/runtime-env.ts). */
    __SOLAS_CLOSED_DATES__?: string;
  }
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

export function dispatchView(
  now: Date,
  zone: ZoneId,
  closures: ClosedDates = browserClosures(),
): DispatchView {
  const promise = deliveryPromise(now, zone, { closures });
  const resumes = dispatchResumes(now, closures);
  const deadline = christmasDeadlines(now, { closures })?.find((d) => d.zone === zone);
  return {
    dispatchBy: formatDayMonth(promise.dispatch),
    delivery: `Delivery to ${SHIPPING_ZONES[zone].label}: ${deliveryRangeText(promise)}`,
    closure: resumes ? `Our workshop is closed: dispatch resumes on ${formatDayMonth(resumes)}.` : null,
    christmas: deadline ? { text: christmasMessage(deadline), passed: deadline.passed } : null,
    cutOffNote: CUT_OFF_NOTE,
  };
}
