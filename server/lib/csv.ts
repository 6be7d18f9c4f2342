/**
 * The shop's CSV files (docs/product/orders.md §10.7): RFC 4180 (CRLF rows, fields with a comma, quote or line
 * break quoted, quotes doubled), UTF-8 with a byte-order mark so spreadsheet programs read euro signs and
 * fadas, and every text cell that a spreadsheet would run as a formula neutralised.
 */

import { stringify } from 'csv-stringify/sync';

export const CSV_BOM = '\uFEFF';

/** A leading `=`, `+`, `-`, `@`, tab or carriage return makes spreadsheets read a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Numbers are the shop's own (never negative here); text may come from a shopper or a provider. */
function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
  options: { readonly bom?: boolean } = {},
): string {
  // csv-stringify quotes a field with a comma, quote or line break and doubles its quotes (RFC 4180).
  return stringify([header, ...rows] as (string | number | null)[][], {
    bom: options.bom ?? true,
    record_delimiter: 'windows',
    cast: { string: neutralised, number: String },
  });
}

/** Cents as a plain decimal ("35.00"): what spreadsheets sum. */
export function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}
