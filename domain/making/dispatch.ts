/**
 * Dispatch and delivery dates, shared by the browser (product page, cart) and the server (stored with the
 * order at payment). The rules, all in Irish time (Europe/Dublin, daylight saving included):
 *
 * - A business day (a maker day) is one of the owner's working days (the desk's Settings, Monday to Friday
 *   by default) that is neither an Irish public holiday (domain/making/irish-holidays.ts) nor in one of her
 *   closures (the desk's Settings; CLOSED_DATES on the first start, domain/making/closed-dates.ts).
 * - Start day: the order day itself when it is a business day and the order comes before the daily
 *   cut-off (DISPATCH.cutOff, 14:00; an order at 14:00:00 is after it); otherwise the first business day
 *   after the order day. While the owner is away and keeps selling, no earlier than her return date (the
 *   first business day from it).
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

import { DISPATCH, SHIPPING_ZONES, ZONE_IDS, type ZoneId } from '../config';
import {
  dateParts,
  dayNumber,
  formatDayMonth,
  fromDayNumber,
  type IsoDate,
  irishDate,
  irishDateTime,
  irishInstant,
  isoDate,
  parseIsoDate,
  weekdayOfDay,
} from '../shared/calendar-date';
import { type ClosedDates, type ClosedRange, closureOn, NO_CLOSURES } from './closed-dates';
import { isIrishPublicHolidayDay } from './irish-holidays';
import { type MakingQueue, queueExtraDays } from './making-queue';

/** The owner's working days of the week, 1 = Monday ... 7 = Sunday (the desk's Settings). */
export type WorkingDays = readonly number[];
export const MONDAY_TO_FRIDAY: WorkingDays = [1, 2, 3, 4, 5];

/** The owner's away state as the dates need it (domain/settings/shop-settings.ts `away`). */
export interface AwayDates {
  readonly mode: 'off' | 'keep-selling' | 'pause-sales';
  /** The return date, YYYY-MM-DD; null while open. */
  readonly until: string | null;
}

export interface DispatchOptions {
  /** The owner's closures; none by default. */
  readonly closures?: ClosedDates;
  /** Her working days; Monday to Friday by default. */
  readonly workingDays?: WorkingDays;
  /** Away and keeping selling: production starts on her return date at the earliest. */
  readonly away?: AwayDates;
  /** Her own last order date for Christmas (YYYY-MM-DD): used where earlier than a zone's computed one. */
  readonly christmasLastOrder?: string | null;
  /**
   * The maker's queue ahead of the order (domain/making/making-queue.ts) and the order's own pieces (1 by
   * default): the date moves one working day later per day of making ahead. None: today's rule.
   */
  readonly queue?: MakingQueue;
  readonly pieces?: number;
}

/** The owner's settings the dates follow (domain/settings/shop-settings.ts; the storefront's snapshot). */
export interface DispatchSettings {
  readonly closures: readonly { readonly from: string; readonly to: string; readonly reason?: string }[];
  readonly workingDays: WorkingDays;
  readonly away: AwayDates;
  /** Absent in settings from before it existed: the computed dates. */
  readonly christmasLastOrder?: string | null;
}

/** The calendar part of DispatchOptions: her closures, working days, away state and Christmas date. */
export type DispatchCalendar = Pick<
  DispatchOptions,
  'closures' | 'workingDays' | 'away' | 'christmasLastOrder'
>;

const calendars = new WeakMap<DispatchSettings, DispatchCalendar>();

/**
 * The settings as the date functions take them, made once per settings object (the server's cache holds
 * one until the next save, a page one per snapshot), so the closures' day ranges below are made once too.
 * A closure whose dates cannot be read (never saved so: the settings' schema checks them) is left out.
 */
export function dispatchCalendar(settings: DispatchSettings): DispatchCalendar {
  let calendar = calendars.get(settings);
  if (!calendar) {
    const closures: ClosedRange[] = [];
    for (const closure of settings.closures) {
      const from = parseIsoDate(closure.from);
      const to = parseIsoDate(closure.to);
      if (from && to && from <= to)
        closures.push(closure.reason ? { from, to, reason: closure.reason } : { from, to });
    }
    calendar = {
      closures,
      workingDays: settings.workingDays,
      away: settings.away,
      christmasLastOrder: settings.christmasLastOrder ?? null,
    };
    calendars.set(settings, calendar);
  }
  return calendar;
}

// The walks below count in day numbers (days since 1970-01-01, calendar-date.ts): adding and comparing
// integers, an IsoDate made once at the end. Walking in IsoDates parsed and printed a date per step, and the
// Christmas deadlines walk hundreds of days per page view: one 60-80 ms task on a slowed phone after the
// product page hydrated (bench:web's trace).

/**
 * Closures as day-number ranges, made once per list object: dispatchCalendar makes one list per settings
 * object (the server's until the next save, the browser's per snapshot), so each view reuses the ranges.
 */
const closureDayRanges = new WeakMap<ClosedDates, readonly (readonly [number, number])[]>();

function closedDays(closures: ClosedDates): readonly (readonly [number, number])[] {
  let ranges = closureDayRanges.get(closures);
  if (!ranges) {
    ranges = closures.map((range) => [dayNumber(range.from), dayNumber(range.to)] as const);
    closureDayRanges.set(closures, ranges);
  }
  return ranges;
}

/** The last day of the closure this day falls in, or null. */
function closureEndOn(day: number, ranges: readonly (readonly [number, number])[]): number | null {
  for (const [from, to] of ranges) if (from <= day && day <= to) return to;
  return null;
}

/** Bit n set: weekdayOfDay n (0 = Sunday) is a working day. Made once per list object, like the closures. */
const workingMasks = new WeakMap<WorkingDays, number>();
const MONDAY_TO_FRIDAY_MASK = 0b0111110;

function workingMask(days: WorkingDays): number {
  let mask = workingMasks.get(days);
  if (mask === undefined) {
    mask = 0;
    for (const day of days) if (Number.isInteger(day) && day >= 1 && day <= 7) mask |= 1 << (day % 7);
    // The settings never allow no working day; a list without one would leave no date to promise.
    if (mask === 0) mask = MONDAY_TO_FRIDAY_MASK;
    workingMasks.set(days, mask);
  }
  return mask;
}

/** The maker's calendar: her closures as day ranges and her working weekdays as a mask. */
interface MakerDays {
  readonly ranges: readonly (readonly [number, number])[];
  readonly mask: number;
}

function makerDays(
  closures: ClosedDates = NO_CLOSURES,
  workingDays: WorkingDays = MONDAY_TO_FRIDAY,
): MakerDays {
  return { ranges: closedDays(closures), mask: workingMask(workingDays) };
}

function isDeliveryDay(day: number): boolean {
  const weekday = weekdayOfDay(day);
  return weekday !== 0 && weekday !== 6 && !isIrishPublicHolidayDay(day);
}

function isWorkingWeekday(day: number, maker: MakerDays): boolean {
  return ((maker.mask >> weekdayOfDay(day)) & 1) === 1 && !isIrishPublicHolidayDay(day);
}

function isBusinessDayNumber(day: number, maker: MakerDays): boolean {
  return isWorkingWeekday(day, maker) && closureEndOn(day, maker.ranges) === null;
}

function nextBusinessDayNumber(day: number, maker: MakerDays): number {
  let next = day + 1;
  for (;;) {
    // A long closure is skipped in one step rather than a day at a time.
    const closureEnd = closureEndOn(next, maker.ranges);
    if (closureEnd !== null) next = closureEnd + 1;
    else if (!isWorkingWeekday(next, maker)) next += 1;
    else return next;
  }
}

function addBusinessDayNumbers(day: number, count: number, maker: MakerDays): number {
  let next = day;
  for (let i = 0; i < count; i++) next = nextBusinessDayNumber(next, maker);
  return next;
}

/** Away and keeping selling with a return date: that date's day number; otherwise null. */
function returnDay(away: AwayDates | undefined): number | null {
  if (away?.mode !== 'keep-selling' || !away.until) return null;
  const until = parseIsoDate(away.until);
  return until ? dayNumber(until) : null;
}

function addDeliveryDayNumbers(day: number, count: number): number {
  let next = day;
  for (let i = 0; i < count; i++) {
    next += 1;
    while (!isDeliveryDay(next)) next += 1;
  }
  return next;
}

export function isBusinessDay(
  date: IsoDate,
  closures: ClosedDates = NO_CLOSURES,
  workingDays: WorkingDays = MONDAY_TO_FRIDAY,
): boolean {
  return isBusinessDayNumber(dayNumber(date), makerDays(closures, workingDays));
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(
  date: IsoDate,
  closures: ClosedDates = NO_CLOSURES,
  workingDays: WorkingDays = MONDAY_TO_FRIDAY,
): IsoDate {
  return fromDayNumber(nextBusinessDayNumber(dayNumber(date), makerDays(closures, workingDays)));
}

/** The `count`-th business day after `date` (`date` itself for 0). */
export function addBusinessDays(
  date: IsoDate,
  count: number,
  closures: ClosedDates = NO_CLOSURES,
  workingDays: WorkingDays = MONDAY_TO_FRIDAY,
): IsoDate {
  return fromDayNumber(addBusinessDayNumbers(dayNumber(date), count, makerDays(closures, workingDays)));
}

function startDayNumber(orderedAt: Date, options: DispatchOptions, maker: MakerDays): number {
  const { date, hour, minute } = irishDateTime(orderedAt);
  const day = dayNumber(date);
  const beforeCutOff = hour * 60 + minute < DISPATCH.cutOff.hour * 60 + DISPATCH.cutOff.minute;
  const start = beforeCutOff && isBusinessDayNumber(day, maker) ? day : nextBusinessDayNumber(day, maker);
  const back = returnDay(options.away);
  if (back === null || start >= back) return start;
  return isBusinessDayNumber(back, maker) ? back : nextBusinessDayNumber(back, maker);
}

/** The business day production starts for an order placed at this instant. */
export function productionStartDate(orderedAt: Date, options: DispatchOptions = {}): IsoDate {
  return fromDayNumber(startDayNumber(orderedAt, options, makerDays(options.closures, options.workingDays)));
}

/**
 * The date (Irish calendar) by which an order placed at this instant is dispatched: the production days
 * after its start day, plus the working days the queue ahead of it takes (making-queue.ts).
 */
export function dispatchDate(orderedAt: Date, options: DispatchOptions = {}): IsoDate {
  const extra = options.queue ? queueExtraDays(options.queue, options.pieces) : 0;
  const maker = makerDays(options.closures, options.workingDays);
  const start = startDayNumber(orderedAt, options, maker);
  return fromDayNumber(addBusinessDayNumbers(start, DISPATCH.productionDays + extra, maker));
}

export interface DeliveryEstimate {
  readonly earliest: IsoDate;
  readonly latest: IsoDate;
}

export function deliveryEstimate(dispatch: IsoDate, zone: ZoneId): DeliveryEstimate {
  const [min, max] = SHIPPING_ZONES[zone].deliveryDays;
  const day = dayNumber(dispatch);
  return {
    earliest: fromDayNumber(addDeliveryDayNumbers(day, min)),
    latest: fromDayNumber(addDeliveryDayNumbers(day, max)),
  };
}

/** During a closure (today, Irish time, is a closed date): the date dispatch resumes; otherwise null. */
export function dispatchResumes(
  now: Date,
  closures: ClosedDates,
  workingDays: WorkingDays = MONDAY_TO_FRIDAY,
): IsoDate | null {
  return closureNow(now, closures, workingDays)?.resumes ?? null;
}

/** The closure today (Irish time) falls in, with the date dispatch resumes; null when open today. */
export function closureNow(
  now: Date,
  closures: ClosedDates,
  workingDays: WorkingDays = MONDAY_TO_FRIDAY,
): { readonly closure: ClosedRange; readonly resumes: IsoDate } | null {
  const today = irishDate(now);
  const closure = closureOn(today, closures);
  return closure ? { closure, resumes: nextBusinessDay(today, closures, workingDays) } : null;
}

/** Away and keeping selling, before the return date (Irish time): that date; otherwise null. */
export function awayReturnDate(now: Date, away: AwayDates | undefined): IsoDate | null {
  const back = returnDay(away);
  return back !== null && back > dayNumber(irishDate(now)) ? fromDayNumber(back) : null;
}

export interface ChristmasDeadline {
  readonly zone: ZoneId;
  /** The last day (Irish calendar) on which an order, at any time of day, is delivered by 24 December. */
  readonly lastOrderDate: IsoDate;
  /** Midnight (Irish time) at the end of lastOrderDate: orders before this instant are delivered in time. */
  readonly orderBefore: Date;
  readonly passed: boolean;
}

function christmasDeadline(
  year: number,
  zone: ZoneId,
  now: Date,
  maker: MakerDays,
  ownDate: IsoDate | null,
): ChristmasDeadline {
  const [month, day] = DISPATCH.christmasDeliveryBy;
  const deliverBy = dayNumber(isoDate(year, month, day));
  const latestDelivery = SHIPPING_ZONES[zone].deliveryDays[1];
  const deliveredBy = (start: number) =>
    addDeliveryDayNumbers(addBusinessDayNumbers(start, DISPATCH.productionDays, maker), latestDelivery);
  // Later start days never deliver earlier, so the first fit walking backwards is the last one.
  let start = deliverBy;
  while (!isBusinessDayNumber(start, maker) || deliveredBy(start) > deliverBy) start -= 1;
  // Any order on the day before `start` (after its cut-off, or on a day that is no business day) starts
  // on `start` at the latest: the whole of that day makes it. An order on `start` after the cut-off
  // starts on the next business day, which is too late.
  // The owner's own date, where earlier, wins: the whole of that day still makes it, the next does not.
  const own = ownDate ? dayNumber(ownDate) : null;
  const lastDay = own !== null && own < start - 1 ? own : start - 1;
  const lastOrderDate = fromDayNumber(lastDay);
  const orderBefore = irishInstant(fromDayNumber(lastDay + 1), 0, 0);
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
  const maker = makerDays(options.closures, options.workingDays);
  // Hers counts in its own season only: a date left from last year changes nothing.
  const own = options.christmasLastOrder ? parseIsoDate(options.christmasLastOrder) : null;
  const ownDate = own && dateParts(own).year === year ? own : null;
  return ZONE_IDS.map((zone) => christmasDeadline(year, zone, now, maker, ownDate));
}

/**
 * The zones where the owner's own last order date for Christmas is NOT what shoppers are told, because the
 * date worked out from her making days, closures and the zone's delivery time is earlier: hers would
 * promise a parcel that arrives after 24 December. The desk says so beside her date. Empty without a date.
 */
export function christmasDatesBeforeHers(
  christmasLastOrder: string | null,
  options: DispatchOptions = {},
): readonly { readonly zone: ZoneId; readonly lastOrderDate: IsoDate }[] {
  const own = christmasLastOrder ? parseIsoDate(christmasLastOrder) : null;
  if (!own) return [];
  const year = dateParts(own).year;
  const maker = makerDays(options.closures, options.workingDays);
  const before = irishInstant(isoDate(year, 1, 1), 0, 0);
  return ZONE_IDS.map((zone) => christmasDeadline(year, zone, before, maker, null))
    .filter((deadline) => deadline.lastOrderDate < own)
    .map(({ zone, lastOrderDate }) => ({ zone, lastOrderDate }));
}

/**
 * True when the deadline has not passed yet but the queue already pushes an order placed now past 24
 * December in that zone (its latest delivery day): the notice must not promise Christmas then.
 */
export function queueMissesChristmas(
  now: Date,
  deadline: ChristmasDeadline,
  options: DispatchOptions,
): boolean {
  if (deadline.passed || !options.queue) return false;
  return deliveryPromise(now, deadline.zone, options).latest > christmasDeliverBy(now);
}

/**
 * True when the deadline has not passed yet but the owner is away, keeping selling, and an order placed
 * now, made from her return date, arrives after 24 December in that zone: the notice says so instead.
 */
export function awayMissesChristmas(
  now: Date,
  deadline: ChristmasDeadline,
  options: DispatchOptions,
): boolean {
  if (deadline.passed || awayReturnDate(now, options.away) === null) return false;
  const { queue: _queue, ...calendar } = options;
  return deliveryPromise(now, deadline.zone, calendar).latest > christmasDeliverBy(now);
}

function christmasDeliverBy(now: Date): IsoDate {
  const [month, day] = DISPATCH.christmasDeliveryBy;
  return isoDate(dateParts(irishDate(now)).year, month, day);
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

/** The notice instead of christmasMessage while queueMissesChristmas: the date has not passed, the queue has. */
export function christmasQueueMessage(deadline: ChristmasDeadline): string {
  const to = CHRISTMAS_DESTINATION[deadline.zone];
  return `Our making queue is already full past the last date for Christmas delivery to ${to} (${formatDayMonth(deadline.lastOrderDate)}): orders placed now arrive after Christmas`;
}

/** The notice instead of christmasMessage while awayMissesChristmas. */
export function christmasAwayMessage(deadline: ChristmasDeadline, back: IsoDate): string {
  const to = CHRISTMAS_DESTINATION[deadline.zone];
  return `We are away until ${formatDayMonth(back)}: orders placed now for delivery to ${to} arrive after Christmas`;
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
