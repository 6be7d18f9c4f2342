import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPATCH } from '../config';
import {
  addDays,
  dayNumber,
  formatDayMonth,
  formatIrishDate,
  fromDayNumber,
  type IsoDate,
  irishDateTime,
  irishInstant,
  isoDate,
  parseIsoDate,
  weekday,
} from './calendar-date';

const d = (text: string) => text as IsoDate;

describe('calendar dates', () => {
  it('parses real dates only', () => {
    expect(parseIsoDate('2026-11-26')).toBe('2026-11-26');
    expect(parseIsoDate('2028-02-29')).toBe('2028-02-29');
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-1',
      ' 2026-01-01',
      '',
    ]) {
      expect(parseIsoDate(bad)).toBeNull();
    }
    expect(() => isoDate(2026, 2, 30)).toThrow(RangeError);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays(d('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(d('2028-02-28'), 1)).toBe('2028-02-29');
    expect(addDays(d('2026-03-01'), -1)).toBe('2026-02-28');
  });

  it('knows the weekday', () => {
    expect(weekday(d('2026-11-23'))).toBe(1);
    expect(weekday(d('2026-11-26'))).toBe(4);
    expect(weekday(d('1969-12-31'))).toBe(3);
  });

  it('round-trips day numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30_000, max: 100_000 }), (n) => {
        expect(dayNumber(fromDayNumber(n))).toBe(n);
      }),
    );
  });

  it('formats "Thursday 26 November" without a comma or year', () => {
    expect(formatDayMonth(d('2026-11-26'))).toBe('Thursday 26 November');
    expect(formatDayMonth(d('2027-01-05'))).toBe('Tuesday 5 January');
  });
});

describe('Irish time', () => {
  it('is GMT in winter and IST (UTC+1) in summer', () => {
    expect(irishDateTime(new Date('2026-11-23T13:59:00Z'))).toEqual({
      date: '2026-11-23',
      hour: 13,
      minute: 59,
    });
    expect(irishDateTime(new Date('2026-07-15T13:00:00Z'))).toEqual({
      date: '2026-07-15',
      hour: 14,
      minute: 0,
    });
    expect(irishDateTime(new Date('2026-07-15T23:30:00Z'))).toEqual({
      date: '2026-07-16',
      hour: 0,
      minute: 30,
    });
  });

  it('formats the Irish date of an instant', () => {
    expect(formatIrishDate(new Date('2026-11-26T23:30:00Z'))).toBe('Thursday 26 November');
    expect(formatIrishDate(new Date('2026-07-15T23:30:00Z'))).toBe('Thursday 16 July');
  });

  it('finds the instant of an Irish wall-clock time', () => {
    expect(irishInstant(d('2026-11-23'), 14, 0).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(irishInstant(d('2026-07-15'), 14, 0).toISOString()).toBe('2026-07-15T13:00:00.000Z');
    // Clocks go forward at 01:00 GMT on 29 March 2026: 01:30 does not exist and lands on 02:30 IST.
    expect(irishInstant(d('2026-03-29'), 1, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(irishInstant(d('2026-03-29'), 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Clocks go back at 02:00 IST on 25 October 2026: 01:30 happens twice; the first is taken.
    expect(irishInstant(d('2026-10-25'), 1, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(irishInstant(d('2026-10-25'), 2, 30).toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });

  it('round-trips every wall-clock time outside the spring gap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber(d('2024-01-01')), max: dayNumber(d('2040-12-31')) }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (day, hour, minute) => {
          const date = fromDayNumber(day);
          const instant = irishInstant(date, hour, minute);
          const back = irishDateTime(instant);
          const inSpringGap = hour === 1 && back.hour === 2;
          if (!inSpringGap) expect(back).toEqual({ date, hour, minute });
        },
      ),
    );
  });

  it("agrees with Intl's Europe/Dublin every six hours of 1996-2040 and every minute around each change", () => {
    const intl = new Intl.DateTimeFormat('en-IE', {
      timeZone: DISPATCH.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const viaIntl = (instant: Date) => {
      const p: Record<string, number> = {};
      for (const part of intl.formatToParts(instant))
        if (part.type !== 'literal') p[part.type] = Number(part.value);
      return {
        date: isoDate(p.year ?? 0, p.month ?? 0, p.day ?? 0),
        hour: p.hour ?? -1,
        minute: p.minute ?? -1,
      };
    };
    const mismatches: string[] = [];
    const check = (ms: number) => {
      const instant = new Date(ms);
      const ours = irishDateTime(instant);
      const theirs = viaIntl(instant);
      if (ours.date !== theirs.date || ours.hour !== theirs.hour || ours.minute !== theirs.minute) {
        mismatches.push(`${instant.toISOString()}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
      }
    };
    const hour = 3_600_000;
    for (let ms = Date.UTC(1996, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 6 * hour) check(ms);
    for (let year = 1996; year <= 2040; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = Date.UTC(year, month + 1, 0);
        const change = lastDay - new Date(lastDay).getUTCDay() * 86_400_000 + hour;
        for (let ms = change - 2 * hour; ms <= change + 2 * hour; ms += 60_000) check(ms);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
