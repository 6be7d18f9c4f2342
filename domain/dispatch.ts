/**
 * Dispatch and delivery dates, shared by the browser (product page, cart) and the server (stored with the
 * order at payment). The rules, all in Irish time (Europe/Dublin, daylight saving included):
 *
 * - A business day is a weekday that is neither an Irish public holiday (domain/irish-holidays.ts) nor an
 *   owner closure (CLOSED_DATES, domain/closed-dates.ts).
 * - Start day: the order day itself when it is a business day and the order comes before the daily
 *   cut-off (DISPATCH.cutOff, 14:00; an order at 14:00:00 is after it); otherwise the first business day
 *   after the order day.
 * - Dispatch date: the DISPATCH.productionDays-th (3rd) business day after the start day. "Counted from
 *   the start day" means the start day is day 0: an order on Monday 23 November 2026 at 10:00 starts on
 *   Monday and is dispatched by Thursday 26 November (Tuesday, Wednesday, Thursday are days 1-3), which is
 *   the issue's own example. Counting Monday as day 1 would promise Wednesday and contradict it.
 *   The same order at 15:00 starts on Tuesday and is dispatched by Friday 27 November; an order on the
 *   weekend starts on Monday.
 * - Delivery estimate: the dispatch date plus the zone's deliveryDays range, counted in delivery days
 *   (weekdays that are not Irish public holidays: carriers work through the owner's closures).
 * - During a closure the banner names the date dispatch resumes: the first business day after today.
 * - Christmas (1 November to 24 December): per zone, the last order date for delivery by 24 December is
 *   the last calendar day on which an order placed at ANY time (even after the cut-off) still arrives by
 *   24 December, judged by the zone's upper delivery bound. That is the day before the last start day
 *   that still makes it: "Order by Sunday 6 December" is then true in its everyday sense (until the end
 *   of that day), with no time of day to explain. It has passed from midnight (Irish time) after it.
 *   Orders on the next morning before the cut-off would in fact still make it; the notice does not
 *   advertise those hours, so it never promises more than the shop can keep.
 */
import {
  addDays,
  dateParts,
  formatDayMonth,
  type IsoDate,
  irishDate,
  irishDateTime,
  irishInstant,
  isoDate,
  isWeekend,
} from './calendar-date';
import { type ClosedDates, closureOn, NO_CLOSURES } from './closed-dates';
import { DISPATCH, SHIPPING_ZONES, ZONE_IDS, type ZoneId } from './config';
import { isIrishPublicHoliday } from './irish-holidays';

export interface DispatchOptions {
  /** The owner's closures; none by default. */
  readonly closures?: ClosedDates;
}

function isDeliveryDay(date: IsoDate): boolean {
  return !isWeekend(date) && !isIrishPublicHoliday(date);
}

export function isBusinessDay(date: IsoDate, closures: ClosedDates = NO_CLOSURES): boolean {
  return isDeliveryDay(date) && !closureOn(date, closures);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate, closures: ClosedDates = NO_CLOSURES): IsoDate {
  let day = addDays(date, 1);
  for (;;) {
    // A long closure is skipped in one step rather than a day at a time.
    const closure = closureOn(day, closures);
    if (closure) day = addDays(closure.to, 1);
    else if (!isDeliveryDay(day)) day = addDays(day, 1);
    else return day;
  }
}

/** The `count`-th business day after `date` (`date` itself for 0). */
export function addBusinessDays(date: IsoDate, count: number, closures: ClosedDates = NO_CLOSURES): IsoDate {
  let day = date;
  for (let i = 0; i < count; i++) day = nextBusinessDay(day, closures);
  return day;
}

function addDeliveryDays(date: IsoDate, count: number): IsoDate {
  let day = date;
  for (let i = 0; i < count; i++) {
    day = addDays(day, 1);
    while (!isDeliveryDay(day)) day = addDays(day, 1);
  }
  return day;
}

/** The business day production starts for an order placed at this instant. */
export function productionStartDate(orderedAt: Date, options: DispatchOptions = {}): IsoDate {
  const closures = options.closures ?? NO_CLOSURES;
  const { date, hour, minute } = irishDateTime(orderedAt);
  const beforeCutOff = hour * 60 + minute < DISPATCH.cutOff.hour * 60 + DISPATCH.cutOff.minute;
  return beforeCutOff && isBusinessDay(date, closures) ? date : nextBusinessDay(date, closures);
}

/** The date (Irish calendar) by which an order placed at this instant is dispatched. */
export function dispatchDate(orderedAt: Date, options: DispatchOptions = {}): IsoDate {
  return addBusinessDays(productionStartDate(orderedAt, options), DISPATCH.productionDays, options.closures);
}

export interface DeliveryEstimate {
  readonly earliest: IsoDate;
  readonly latest: IsoDate;
}

export function deliveryEstimate(dispatch: IsoDate, zone: ZoneId): DeliveryEstimate {
  const [min, max] = SHIPPING_ZONES[zone].deliveryDays;
  return { earliest: addDeliveryDays(dispatch, min), latest: addDeliveryDays(dispatch, max) };
}

/** During a closure (today, Irish time, is a closed date): the date dispatch resumes; otherwise null. */
export function dispatchResumes(now: Date, closures: ClosedDates): IsoDate | null {
  const today = irishDate(now);
  return closureOn(today, closures) ? nextBusinessDay(today, closures) : null;
}

export interface ChristmasDeadline {
  readonly zone: ZoneId;
  /** The last day (Irish calendar) on which an order, at any time of day, is delivered by 24 December. */
  readonly lastOrderDate: IsoDate;
  /** Midnight (Irish time) at the end of lastOrderDate: orders before this instant are delivered in time. */
  readonly orderBefore: Date;
  readonly passed: boolean;
}

function christmasDeadline(year: number, zone: ZoneId, now: Date, closures: ClosedDates): ChristmasDeadline {
  const [month, day] = DISPATCH.christmasDeliveryBy;
  const deliverBy = isoDate(year, month, day);
  const deliveredBy = (start: IsoDate) =>
    deliveryEstimate(addBusinessDays(start, DISPATCH.productionDays, closures), zone).latest;
  // Later start days never deliver earlier, so the first fit walking backwards is the last one.
  let start = deliverBy;
  while (!isBusinessDay(start, closures) || deliveredBy(start) > deliverBy) start = addDays(start, -1);
  // Any order on the day before `start` (after its cut-off, or on a day that is no business day) starts
  // on `start` at the latest: the whole of that day makes it. An order on `start` after the cut-off
  // starts on the next business day, which is too late.
  const lastOrderDate = addDays(start, -1);
  const orderBefore = irishInstant(start, 0, 0);
  return { zone, lastOrderDate, orderBefore, passed: now.getTime() >= orderBefore.getTime() };
}

/**
 * From 1 November to 24 December (Irish date of `now`): the last order date for Christmas delivery in
 * each zone, in ZONE_IDS order; null the rest of the year.
 */
export function christmasDeadlines(
  now: Date,
  options: DispatchOptions = {},
): readonly ChristmasDeadline[] | null {
  const today = irishDate(now);
  const { year } = dateParts(today);
  const [fromMonth, fromDay] = DISPATCH.christmasNoticeFrom;
  const [toMonth, toDay] = DISPATCH.christmasDeliveryBy;
  if (today < isoDate(year, fromMonth, fromDay) || today > isoDate(year, toMonth, toDay)) return null;
  return ZONE_IDS.map((zone) => christmasDeadline(year, zone, now, options.closures ?? NO_CLOSURES));
}

/** The destination as the Christmas notice names it: "to Ireland", "to the EU". */
const CHRISTMAS_DESTINATION: Readonly<Record<ZoneId, string>> = {
  IE: 'Ireland',
  EU: 'the EU',
  WORLD: 'the rest of the world',
};

/**
 * "Order by Sunday 6 December for Christmas delivery to the EU", or, once that day is over, "The last
 * order date for Christmas delivery to the EU (Sunday 6 December) has passed".
 */
export function christmasMessage(deadline: ChristmasDeadline): string {
  const to = CHRISTMAS_DESTINATION[deadline.zone];
  const date = formatDayMonth(deadline.lastOrderDate);
  if (deadline.passed) return `The last order date for Christmas delivery to ${to} (${date}) has passed`;
  return `Order by ${date} for Christmas delivery to ${to}`;
}

/** What the shop promises for an order placed at an instant: its dispatch date and delivery window. */
export interface DeliveryPromise extends DeliveryEstimate {
  readonly dispatch: IsoDate;
}

export function deliveryPromise(
  orderedAt: Date,
  zone: ZoneId,
  options: DispatchOptions = {},
): DeliveryPromise {
  const dispatch = dispatchDate(orderedAt, options);
  return { dispatch, ...deliveryEstimate(dispatch, zone) };
}

/** "Tuesday 1 December to Thursday 3 December" (one date when both ends are the same day). */
export function deliveryRangeText(estimate: DeliveryEstimate): string {
  const earliest = formatDayMonth(estimate.earliest);
  return estimate.earliest === estimate.latest
    ? earliest
    : `${earliest} to ${formatDayMonth(estimate.latest)}`;
}

/**
 * One sentence for the hosted checkout (Stripe's custom text, the test checkout's summary):
 * "Dispatched by Thursday 26 November; delivery expected Tuesday 1 December to Thursday 3 December."
 */
export function deliveryPromiseText(promise: DeliveryPromise): string {
  return `Dispatched by ${formatDayMonth(promise.dispatch)}; delivery expected ${deliveryRangeText(promise)}.`;
}
