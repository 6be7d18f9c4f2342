import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IsoDate, isoDate, isWeekend, weekday } from '../shared/calendar-date';
import { easterSunday, irishPublicHolidays, isIrishPublicHoliday } from './irish-holidays';

const d = (text: string) => text as IsoDate;

function holidayOn(date: string): string | undefined {
  return irishPublicHolidays(Number(date.slice(0, 4))).find((h) => h.date === date)?.name;
}

describe('Easter', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2029, '2029-04-01'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});

describe('published Irish public holidays', () => {
  it.each([
    ['2025-02-03', "St Brigid's Day"],
    ['2026-02-02', "St Brigid's Day"],
    ['2027-02-01', "St Brigid's Day"],
    // 1 February 2030 is a Friday: the holiday is that Friday, not the Monday after.
    ['2030-02-01', "St Brigid's Day"],
    ['2026-04-06', 'Easter Monday'],
    ['2027-03-29', 'Easter Monday'],
    ['2026-05-04', 'May bank holiday'],
    ['2026-06-01', 'June bank holiday'],
    ['2026-08-03', 'August bank holiday'],
    ['2026-10-26', 'October bank holiday'],
    ['2027-10-25', 'October bank holiday'],
    ['2026-01-01', "New Year's Day"],
    ['2026-03-17', "St Patrick's Day"],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-26', "St Stephen's Day"],
  ])('%s is %s', (date, name) => {
    expect(holidayOn(date)).toBe(name);
  });

  it('lists the whole of 2026 in date order, with the Monday after St Stephen’s Day on a Saturday', () => {
    expect(irishPublicHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-02-02',
      '2026-03-17',
      '2026-04-06',
      '2026-05-04',
      '2026-06-01',
      '2026-08-03',
      '2026-10-26',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ]);
  });

  it('does not make the Monday after 1 February a holiday when 1 February is a Friday', () => {
    expect(isIrishPublicHoliday(d('2030-02-04'))).toBe(false);
  });
});

describe('weekend substitutes', () => {
  it('Christmas 2027 on a Saturday: Monday 27 and Tuesday 28 December are off', () => {
    expect(holidayOn('2027-12-27')).toBe('Christmas Day (substitute)');
    expect(holidayOn('2027-12-28')).toBe("St Stephen's Day (substitute)");
    expect(isIrishPublicHoliday(d('2027-12-29'))).toBe(false);
  });

  it('Christmas 2033 on a Sunday: Monday 26 is St Stephen’s Day, Tuesday 27 the Christmas substitute', () => {
    expect(holidayOn('2033-12-26')).toBe("St Stephen's Day");
    expect(holidayOn('2033-12-27')).toBe('Christmas Day (substitute)');
  });

  it("St Stephen's Day 2026 on a Saturday: Monday 28 December", () => {
    expect(holidayOn('2026-12-28')).toBe("St Stephen's Day (substitute)");
  });

  it("New Year's Day 2028 on a Saturday: Monday 3 January", () => {
    expect(holidayOn('2028-01-03')).toBe("New Year's Day (substitute)");
  });

  it("St Patrick's Day 2029 on a Saturday: Monday 19 March; 2030 on a Sunday: Monday 18 March", () => {
    expect(holidayOn('2029-03-19')).toBe("St Patrick's Day (substitute)");
    expect(holidayOn('2030-03-18')).toBe("St Patrick's Day (substitute)");
  });

  it('gives no substitute for a fixed date on a weekday (2029: only St Patrick’s Day needs one)', () => {
    const substitutes = irishPublicHolidays(2029).filter((h) => h.name.endsWith('(substitute)'));
    expect(substitutes.map((h) => h.date)).toEqual(['2029-03-19']);
  });
});

describe('every year', () => {
  it('has exactly ten weekday holidays, none twice, all within the year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2023, max: 2400 }), (year) => {
        const holidays = irishPublicHolidays(year);
        const dates = holidays.map((h) => h.date);
        expect(new Set(dates).size).toBe(dates.length);
        expect(dates.every((date) => date.startsWith(`${year}-`))).toBe(true);
        expect(dates.filter((date) => !isWeekend(date))).toHaveLength(10);
        expect([...dates].sort()).toEqual(dates);
      }),
    );
  });

  it('puts Easter Monday on a Monday between 23 March and 26 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2400 }), (year) => {
        const easterMonday = irishPublicHolidays(year).find((h) => h.name === 'Easter Monday')?.date;
        expect(easterMonday && weekday(easterMonday)).toBe(1);
        expect(
          easterMonday && easterMonday >= isoDate(year, 3, 23) && easterMonday <= isoDate(year, 4, 26),
        ).toBe(true);
      }),
    );
  });
});
