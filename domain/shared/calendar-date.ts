/**
 * Calendar dates without a time zone ("2026-11-26"), and the bridge between instants and Irish wall-clock
 * time (Europe/Dublin, daylight saving included) that the dispatch rules are stated in.
 *
 * A calendar date is kept as its ISO string: it compares correctly as a string, stores as-is in the
 * database and in JSON, and cannot drift by an hour the way a Date at midnight does. Arithmetic goes
 * through a day number (days since 1970-01-01), which needs no time zone at all.
 *
 * Nothing here uses Intl: Irish summer time follows the European rule (irishOffsetMinutes), and names of
 * days and months are written out, so the browser and the server print the same text whatever their ICU
 * data ("Thursday 26 November"; Intl's en-IE says "Thursday, 26 November").
 */

export type IsoDate = string & { readonly __brand: 'IsoDate' };

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The date with this year, month (1-12) and day; throws on a day that does not exist (a bug, not input). */
export function isoDate(year: number, month: number, day: number): IsoDate {
  const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  const parsed = parseIsoDate(text);
  if (!parsed) throw new RangeError(`Not a calendar date: ${year}-${month}-${day}`);
  return parsed;
}

/** "2026-11-26" -> the date; anything else (including 2026-02-30) -> null. */
export function parseIsoDate(text: string): IsoDate | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  // Date.UTC rolls 30 February over into March; a round trip catches it.
  const back = new Date(Date.UTC(year, month - 1, day));
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return null;
  }
  return text as IsoDate;
}

export function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** Days since 1970-01-01. */
export function dayNumber(date: IsoDate): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY
  );
}

/** The day numbers of 0100-01-01 and 9999-12-31: the years a four-digit IsoDate can hold (see isoDate). */
const FIRST_DAY = -683_003;
const LAST_DAY = 2_932_896;

export function fromDayNumber(days: number): IsoDate {
  if (!Number.isInteger(days) || days < FIRST_DAY || days > LAST_DAY) {
    throw new RangeError(`Not a day number of years 100-9999: ${days}`);
  }
  // A Date's own ISO text is a valid calendar date by construction: no round trip through parseIsoDate.
  // The dispatch calendar walks hundreds of days per page view (Christmas deadlines for every zone), and
  // the round trip made that one 60-80 ms task on a slowed phone after the product page hydrated.
  return new Date(days * MS_PER_DAY).toISOString().slice(0, 10) as IsoDate;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

export function weekday(date: IsoDate): Weekday {
  return weekdayOfDay(dayNumber(date));
}

/** The weekday of a day number. */
export function weekdayOfDay(day: number): Weekday {
  // 1970-01-01 was a Thursday (4).
  return ((((day + 4) % 7) + 7) % 7) as Weekday;
}

/** The year of a day number. */
export function yearOfDay(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

export function isWeekend(date: IsoDate): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** "Thursday 26 November", the en-IE long form without a comma (and without the year). */
export function formatDayMonth(date: IsoDate): string {
  return `${WEEKDAY_NAMES[weekday(date)]} ${formatDayOfMonth(date)}`;
}

/** "26 November": a date within the season, where the weekday would only add words. */
export function formatDayOfMonth(date: IsoDate): string {
  const { month, day } = dateParts(date);
  return `${day} ${MONTH_NAMES[month - 1]}`;
}

export interface IrishDateTime {
  readonly date: IsoDate;
  readonly hour: number;
  readonly minute: number;
}

/** The instant (ms) of 01:00 UTC on the last Sunday of a month (0-based) of a year. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  const back = new Date(lastDay).getUTCDay(); // days since the Sunday on or before the month's last day
  return lastDay - back * MS_PER_DAY + 3_600_000;
}

/**
 * Irish offset from UTC at an instant, in minutes: 60 from 01:00 UTC on the last Sunday of March to 01:00
 * UTC on the last Sunday of October, else 0. That is the European summer-time rule Ireland has kept since
 * 1996, written out rather than asked of Intl: building an `Intl.DateTimeFormat` for a time zone loads ICU's
 * zone data, one 60-190 ms task on a slowed phone right after the product page hydrated (bench:web), and
 * the browser and the server agree without depending on their tz data. calendar-date.test.ts checks it
 * against Intl's Europe/Dublin (DISPATCH.timeZone) every six hours of 1996-2040 and around each change;
 * were the rule to change, that test fails on the first tz data that knows it.
 */
function irishOffsetMinutes(instant: Date): number {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid Date');
  const year = instant.getUTCFullYear();
  return ms >= lastSundayOneUtc(year, 2) && ms < lastSundayOneUtc(year, 9) ? 60 : 0;
}

function irishParts(instant: Date): { date: IsoDate; hour: number; minute: number; second: number } {
  const wall = new Date(instant.getTime() + irishOffsetMinutes(instant) * 60_000);
  return {
    date: isoDate(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** An instant as Irish local time with its offset, ISO 8601: "2026-07-20T11:00:00+01:00". */
export function irishIsoDateTime(instant: Date): string {
  const { date, hour, minute, second } = irishParts(instant);
  const offset = irishOffsetMinutes(instant) === 60 ? '+01:00' : '+00:00';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date}T${two(hour)}:${two(minute)}:${two(second)}${offset}`;
}

/** The Irish calendar date and wall-clock time of an instant. */
export function irishDateTime(instant: Date): IrishDateTime {
  const { date, hour, minute } = irishParts(instant);
  return { date, hour, minute };
}

export function irishDate(instant: Date): IsoDate {
  return irishParts(instant).date;
}

/**
 * The instant at which Irish clocks show this date and time. Clock times skipped by the spring change
 * (01:00-01:59 on the last Sunday of March) resolve to the instant an hour later; the repeated hour in
 * October resolves to its first occurrence. The dispatch rules only ask for 14:00, which is never either.
 */
export function irishInstant(date: IsoDate, hour: number, minute: number): Date {
  const wallAsUtc = dayNumber(date) * MS_PER_DAY + (hour * 60 + minute) * 60_000;
  // Irish offsets are 0 or +1 h: try the offset in force an hour either side and keep the one that fits.
  const before = irishOffsetMinutes(new Date(wallAsUtc - 3_600_000));
  const first = new Date(wallAsUtc - before * 60_000);
  if (irishOffsetMinutes(first) === before) return first;
  const after = irishOffsetMinutes(new Date(wallAsUtc + 3_600_000));
  const second = new Date(wallAsUtc - after * 60_000);
  // Neither fits only inside the spring gap: keep the winter offset, which lands an hour later.
  return irishOffsetMinutes(second) === after ? second : first;
}

/** "Monday 20 July 2026 at 14:05": an instant on Irish clocks, for the owner's e-mails. */
export function formatIrishDateTime(instant: Date): string {
  const { date, hour, minute } = irishParts(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDayMonth(date)} ${dateParts(date).year} at ${two(hour)}:${two(minute)}`;
}

/** "Thursday 26 November" for the Irish calendar date of an instant. */
export function formatIrishDate(instant: Date): string {
  return formatDayMonth(irishDate(instant));
}
