import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { IsoDate } from '../shared/calendar-date';
import { closedDatesSchema, closureOn, isClosed, parseClosedDates } from './closed-dates';

const d = (text: string) => text as IsoDate;

describe('parseClosedDates', () => {
  it('reads ranges and single dates', () => {
    expect(parseClosedDates('2026-12-24..2027-01-04,2027-03-17')).toEqual({
      ok: true,
      value: [
        { from: '2026-12-24', to: '2027-01-04' },
        { from: '2027-03-17', to: '2027-03-17' },
      ],
    });
  });

  it('ignores spaces and reads an empty value as no closures', () => {
    expect(parseClosedDates(' 2026-12-24 .. 2027-01-04 , 2027-03-17 ')).toEqual(
      parseClosedDates('2026-12-24..2027-01-04,2027-03-17'),
    );
    expect(parseClosedDates('')).toEqual({ ok: true, value: [] });
    expect(parseClosedDates('  ')).toEqual({ ok: true, value: [] });
  });

  it.each([
    [
      '24/12/2026',
      'CLOSED_DATES item 1 "24/12/2026": "24/12/2026" is not a date (expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD)',
    ],
    ['2026-02-30', 'CLOSED_DATES item 1 "2026-02-30": 2026-02-30 is not a day of the calendar'],
    [
      '2026-12-24..2027-13-04',
      'CLOSED_DATES item 1 "2026-12-24..2027-13-04": 2027-13-04 is not a day of the calendar',
    ],
    ['2027-01-04..2026-12-24', 'CLOSED_DATES item 1 "2027-01-04..2026-12-24" ends before it starts'],
    [
      '2026-12-24..',
      'CLOSED_DATES item 1 "2026-12-24..": "" is not a date (expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD)',
    ],
    [
      '2026-12-24..2027-01-01..2027-01-04',
      'CLOSED_DATES item 1 "2026-12-24..2027-01-01..2027-01-04" has more than one ".." (expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD)',
    ],
    [
      '2027-03-17,',
      'CLOSED_DATES item 2 is empty (expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD, separated by commas)',
    ],
  ])('rejects %j', (value, message) => {
    expect(parseClosedDates(value)).toEqual({ ok: false, errors: [message] });
  });

  it('reports every bad item at once', () => {
    const result = parseClosedDates('2026-02-30,2027-03-17,tomorrow');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(2);
      expect(result.errors[0]).toMatch(/^CLOSED_DATES item 1 /);
      expect(result.errors[1]).toMatch(/^CLOSED_DATES item 3 "tomorrow"/);
    }
  });
});

describe('closedDatesSchema', () => {
  const env = z.object({ CLOSED_DATES: z.optional(closedDatesSchema) });

  it('parses into ranges inside an environment schema', () => {
    expect(env.parse({ CLOSED_DATES: '2027-03-17' })).toEqual({
      CLOSED_DATES: [{ from: '2027-03-17', to: '2027-03-17' }],
    });
    expect(env.parse({})).toEqual({});
  });

  it('fails with the parser messages', () => {
    const result = env.safeParse({ CLOSED_DATES: '2027-01-04..2026-12-24,2026-02-30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['CLOSED_DATES'], 'CLOSED_DATES item 1 "2027-01-04..2026-12-24" ends before it starts'],
      [['CLOSED_DATES'], 'CLOSED_DATES item 2 "2026-02-30": 2026-02-30 is not a day of the calendar'],
    ]);
  });
});

describe('isClosed', () => {
  const closures = [
    { from: d('2026-12-24'), to: d('2027-01-04') },
    { from: d('2027-03-17'), to: d('2027-03-17') },
  ];

  it('includes both ends of a range, across the year end', () => {
    expect(isClosed(d('2026-12-23'), closures)).toBe(false);
    expect(isClosed(d('2026-12-24'), closures)).toBe(true);
    expect(isClosed(d('2026-12-31'), closures)).toBe(true);
    expect(isClosed(d('2027-01-01'), closures)).toBe(true);
    expect(isClosed(d('2027-01-04'), closures)).toBe(true);
    expect(isClosed(d('2027-01-05'), closures)).toBe(false);
    expect(closureOn(d('2027-03-17'), closures)).toEqual({ from: '2027-03-17', to: '2027-03-17' });
  });
});
