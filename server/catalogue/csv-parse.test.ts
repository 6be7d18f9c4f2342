import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse';

describe('parseCsv', () => {
  it('names the line each record starts on, across quoted line breaks, blank lines and mixed endings', () => {
    const parsed = parseCsv('\uFEFFid,name\r\n1,"Two\nlines"\n\n2,"a ""quoted"", b"\r3,x');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['id', 'name'] },
        { line: 2, cells: ['1', 'Two\nlines'] },
        { line: 4, cells: [''] },
        { line: 5, cells: ['2', 'a "quoted", b'] },
        { line: 6, cells: ['3', 'x'] },
      ],
    });
  });

  it('keeps rows of any length and a stray quote inside a field, for the import to judge', () => {
    expect(parseCsv('a,b,c\nd"e\n')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['a', 'b', 'c'] },
        { line: 2, cells: ['d"e'] },
      ],
    });
  });

  it('refuses a quoted field never closed, naming the line its record starts on', () => {
    expect(parseCsv('id,name\n1,ok\n2,"open\nstill open\n')).toEqual({ ok: false, line: 3 });
  });

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).toEqual({ ok: true, records: [] });
  });
});
