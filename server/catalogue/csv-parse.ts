/**
 * Reads a CSV file as spreadsheets write it (RFC 4180 through csv-parse: fields with commas, quotes or line
 * breaks quoted, quotes doubled; CRLF, LF or CR, even mixed; a UTF-8 byte-order mark), keeping the file line
 * each record starts on, so an import's refusals name the line the owner sees in a text editor (the header
 * is line 1). The caller bounds the input's size before it gets here.
 */
import { CsvError, parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  readonly line: number;
  readonly cells: readonly string[];
}

export type CsvParse =
  | { readonly ok: true; readonly records: readonly CsvRecord[] }
  /** A quoted field never closed: `line` is where its record started. */
  | { readonly ok: false; readonly line: number };

export function parseCsv(input: string): CsvParse {
  const records: CsvRecord[] = [];
  // `lines` is the line a record ends on: the next one starts on the line after it.
  let start = 1;
  try {
    parse(input, {
      bom: true,
      // Rows of different lengths are the import's to name, line by line, not the parser's to refuse.
      relax_column_count: true,
      // A stray quote inside a field is kept as text, as spreadsheets read it.
      relax_quotes: true,
      // Spreadsheets and editors write any of the three; a file pasted together may mix them.
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (record: string[], context) => {
        records.push({ line: start, cells: record });
        start = context.lines + 1;
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') return { ok: false, line: start };
    throw error;
  }
  return { ok: true, records };
}
