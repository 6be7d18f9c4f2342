/**
 * Reads a CSV file as spreadsheets write it (RFC 4180: fields with commas, quotes or line breaks quoted,
 * quotes doubled; CRLF or LF; a UTF-8 byte-order mark), keeping the file line each record starts on, so
 * an import's refusals name the line the owner sees in a text editor (the header is line 1).
 */

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
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let recordLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      // The CRLF's LF ends the record below.
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += ch;
    }
    i += 1;
  }
  if (quoted) return { ok: false, line: recordLine };
  // A last record without a line break; a file ending with one has no empty record after it.
  if (cell !== '' || cells.length > 0) endRecord();
  return { ok: true, records };
}
