/**
 * Irish public holidays, computed for any year (Organisation of Working Time Act 1997, as amended for
 * St Brigid's Day from 2023):
 * - New Year's Day (1 January), St Patrick's Day (17 March), Christmas Day (25 December) and St Stephen's
 *   Day (26 December) are fixed dates. When one falls on a Saturday or Sunday, the next weekday that is not
 *   already a holiday is taken off instead: Christmas on a Saturday gives Monday 27 (for Christmas) and
 *   Tuesday 28 (for St Stephen's Day, a Sunday); Christmas on a Sunday gives Tuesday 27, as Monday 26 is
 *   St Stephen's Day itself.
 * - St Brigid's Day: the first Monday of February, or 1 February when that is a Friday.
 * - Easter Monday (Gregorian Easter).
 * - The first Mondays of May, June and August, and the last Monday of October.
 * Holidays before 2023 (no St Brigid's Day) and one-off holidays (18 March 2022) are not modelled: the
 * shop only ever asks about dates from now on.
 */
import {
  addDays,
  dayNumber,
  type IsoDate,
  isoDate,
  isWeekend,
  weekday,
  yearOfDay,
} from '../shared/calendar-date';

export interface PublicHoliday {
  readonly date: IsoDate;
  readonly name: string;
}

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus, Jones, Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

const MONDAY = 1;
const FRIDAY = 5;

function firstMonday(year: number, month: number): IsoDate {
  const first = isoDate(year, month, 1);
  return addDays(first, (MONDAY - weekday(first) + 7) % 7);
}

function lastMonday(year: number, month: number): IsoDate {
  const nextFirst = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
  const last = addDays(nextFirst, -1);
  return addDays(last, -((weekday(last) - MONDAY + 7) % 7));
}

function stBrigidsDay(year: number): IsoDate {
  const first = isoDate(year, 2, 1);
  return weekday(first) === FRIDAY ? first : firstMonday(year, 2);
}

const FIXED_HOLIDAYS = [
  { month: 1, day: 1, name: "New Year's Day" },
  { month: 3, day: 17, name: "St Patrick's Day" },
  { month: 12, day: 25, name: 'Christmas Day' },
  { month: 12, day: 26, name: "St Stephen's Day" },
] as const;

function computeHolidays(year: number): readonly PublicHoliday[] {
  const holidays: PublicHoliday[] = [
    ...FIXED_HOLIDAYS.map((h) => ({ date: isoDate(year, h.month, h.day), name: h.name })),
    { date: stBrigidsDay(year), name: "St Brigid's Day" },
    { date: addDays(easterSunday(year), 1), name: 'Easter Monday' },
    { date: firstMonday(year, 5), name: 'May bank holiday' },
    { date: firstMonday(year, 6), name: 'June bank holiday' },
    { date: firstMonday(year, 8), name: 'August bank holiday' },
    { date: lastMonday(year, 10), name: 'October bank holiday' },
  ];
  const taken = new Set<string>(holidays.map((h) => h.date));
  // In calendar order, so Christmas takes the Monday before St Stephen's Day takes the Tuesday.
  for (const fixed of FIXED_HOLIDAYS) {
    const date = isoDate(year, fixed.month, fixed.day);
    if (!isWeekend(date)) continue;
    let substitute = addDays(date, 1);
    while (isWeekend(substitute) || taken.has(substitute)) substitute = addDays(substitute, 1);
    taken.add(substitute);
    holidays.push({ date: substitute, name: `${fixed.name} (substitute)` });
  }
  return holidays.sort((x, y) => dayNumber(x.date) - dayNumber(y.date));
}

const byYear = new Map<number, readonly PublicHoliday[]>();

/** The public holidays of a year, in date order, substitute days included. */
export function irishPublicHolidays(year: number): readonly PublicHoliday[] {
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = computeHolidays(year);
    byYear.set(year, holidays);
  }
  return holidays;
}

export function isIrishPublicHoliday(date: IsoDate): boolean {
  return irishPublicHolidays(Number(date.slice(0, 4))).some((h) => h.date === date);
}

/** The day numbers of every holiday of the years looked up so far, and those years. */
const holidayDays = new Set<number>();
const yearsLoaded = new Set<number>();

/** isIrishPublicHoliday for a day number (calendar-date.ts `dayNumber`): the dispatch walks ask it per day. */
export function isIrishPublicHolidayDay(day: number): boolean {
  const year = yearOfDay(day);
  if (!yearsLoaded.has(year)) {
    for (const holiday of irishPublicHolidays(year)) holidayDays.add(dayNumber(holiday.date));
    yearsLoaded.add(year);
  }
  return holidayDays.has(day);
}
