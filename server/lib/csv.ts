/**
 * The shop's CSV files (docs/product.md §10.7): RFC 4180 (CRLF rows, fields with a comma, quote or line
 * break quoted, quotes doubled), UTF-8 with a byte-order mark so spreadsheet programs read euro signs and
 * fadas, and every text cell that a spreadsheet would run as a formula neutralised.
 */

export const CSV_BOM = '\uFEFF';

/** A leading `=`, `+`, `-`, `@`, tab or carriage return makes spreadsheets read a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Numbers are the shop's own (never negative here); text may come from a shopper or a provider.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${CSV_BOM}${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Cents as a plain decimal ("35.00"): what spreadsheets sum. */
export function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}
