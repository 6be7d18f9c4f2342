/**
 * The owner's closures (holidays, fairs). The first start's come from CLOSED_DATES (the desk's Settings
 * win once saved, domain/settings/shop-settings.ts): a comma-separated list of dates
 * (`2027-03-17`) and inclusive ranges (`2026-12-24..2027-01-04`), e.g. `2026-12-24..2027-01-04,2027-03-17`.
 * Spaces around items are ignored; an empty value means no closures. No work is done and nothing is
 * dispatched on a closed date (domain/making/dispatch.ts). Overlapping or touching ranges are allowed.
 *
 * parseClosedDates reports every bad item at once, so a configuration error is fixed in one go;
 * closedDatesSchema wraps it for a zod-parsed environment.
 */
import * as z from 'zod/mini';
import { type IsoDate, parseIsoDate } from '../shared/calendar-date';

export interface ClosedRange {
  /** First closed date. */
  readonly from: IsoDate;
  /** Last closed date (equal to `from` for a single day). */
  readonly to: IsoDate;
  /** What shoppers are told during it (the desk's closures); CLOSED_DATES gives none. */
  readonly reason?: string;
}

/**
 * The reason the first start gives CLOSED_DATES' closures (domain/settings/shop-settings.ts): it adds
 * nothing to "Our workshop is closed", so the banner leaves it out.
 */
export const DEFAULT_CLOSURE_REASON = 'Closed';

export type ClosedDates = readonly ClosedRange[];
export const NO_CLOSURES: ClosedDates = [];

export type ClosedDatesResult =
  | { readonly ok: true; readonly value: ClosedDates }
  | { readonly ok: false; readonly errors: readonly string[] };

const FORMAT_HINT = 'expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD';

/** The date, or why `text` (one end of `item`) is not one. */
function parseEnd(text: string, item: string): { date: IsoDate } | { error: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    return { error: `"${item}": "${text}" is not a date (${FORMAT_HINT})` };
  const date = parseIsoDate(text);
  return date ? { date } : { error: `"${item}": ${text} is not a day of the calendar` };
}

function parseItem(item: string): ClosedRange | string {
  if (item === '') return `is empty (${FORMAT_HINT}, separated by commas)`;
  const ends = item.split('..').map((end) => end.trim());
  if (ends.length > 2) return `"${item}" has more than one ".." (${FORMAT_HINT})`;
  const [fromText = '', toText = fromText] = ends;
  const from = parseEnd(fromText, item);
  if ('error' in from) return from.error;
  const to = parseEnd(toText, item);
  if ('error' in to) return to.error;
  if (to.date < from.date) return `"${item}" ends before it starts`;
  return { from: from.date, to: to.date };
}

export function parseClosedDates(value: string): ClosedDatesResult {
  if (value.trim() === '') return { ok: true, value: NO_CLOSURES };
  const ranges: ClosedRange[] = [];
  const errors: string[] = [];
  value.split(',').forEach((raw, index) => {
    const parsed = parseItem(raw.trim());
    if (typeof parsed === 'string') errors.push(`CLOSED_DATES item ${index + 1} ${parsed}`);
    else ranges.push(parsed);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: ranges };
}

/** For a zod-parsed environment: `CLOSED_DATES: z.optional(closedDatesSchema)` -> ClosedDates. */
export const closedDatesSchema = z.pipe(
  z.string(),
  z.transform((value: string, ctx): ClosedDates => {
    const result = parseClosedDates(value);
    if (result.ok) return result.value;
    for (const message of result.errors) ctx.issues.push({ code: 'custom', message, input: value });
    return NO_CLOSURES;
  }),
);

export function isClosed(date: IsoDate, closures: ClosedDates): boolean {
  return closures.some((range) => range.from <= date && date <= range.to);
}

/** The closure range holding this date, or undefined. */
export function closureOn(date: IsoDate, closures: ClosedDates): ClosedRange | undefined {
  return closures.find((range) => range.from <= date && date <= range.to);
}
