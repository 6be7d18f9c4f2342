/** Words and numbers as the desk shows them (docs/product/desk.md §10.10). */
import { COUNTED_FILTER_LABELS, type CountedFilter } from '../../../../domain/orders/admin-api';
import { cents, formatEuro } from '../../../../domain/shared/money';

/** A status's words, or the list's "Partially refunded" (a money fact, not a status: §10.3). */
export function statusLabel(status: string): string {
  return COUNTED_FILTER_LABELS[status as CountedFilter] ?? status.replaceAll('_', ' ');
}

export function money(value: number): string {
  return formatEuro(cents(value));
}

// The shop's enquiry form reads euro amounts the same way: one parser, in domain/shared/money.ts.
export { parseEuroInput } from '../../../../domain/shared/euro-input';

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-22" -> "22 Nov 2026": a calendar date as written, with no time zone shift. */
export function formatDay(value: string | null | undefined): string {
  const m = DATE.exec(value ?? '');
  if (!m) return '';
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? ''} ${m[1]}`;
}

/** An instant in Irish time, "22 Nov 2026, 14:05", for the timeline. */
export function formatInstant(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-IE', {
    timeZone: 'Europe/Dublin',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
