import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPATCH, SHIPPING_ZONES, ZONE_IDS } from '../config';
import {
  addDays,
  dayNumber,
  formatDayMonth,
  fromDayNumber,
  type IsoDate,
  irishDate,
  isWeekend,
} from '../shared/calendar-date';
import { type ClosedDates, closureOn, parseClosedDates } from './closed-dates';
import {
  addBusinessDays,
  awayMissesChristmas,
  awayReturnDate,
  christmasAwayMessage,
  christmasDatesBeforeHers,
  christmasDeadlines,
  christmasMessage,
  closureNow,
  deliveryEstimate,
  deliveryPromise,
  deliveryRangeText,
  dispatchDate,
  dispatchResumes,
  isBusinessDay,
  productionStartDate,
} from './dispatch';
import { isIrishPublicHoliday } from './irish-holidays';

const d = (text: string) => text as IsoDate;
const at = (iso: string) => new Date(iso);

function closures(value: string): ClosedDates {
  const result = parseClosedDates(value);
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.value;
}
const YEAR_END = closures('2026-12-24..2027-01-04,2027-03-17');

describe('dispatchDate', () => {
  it('counts the production days after the order day: Monday 23 November 2026, 10:00 -> Thursday 26 November', () => {
    expect(DISPATCH.productionDays).toBe(3);
    const ordered = at('2026-11-23T10:00:00Z');
    expect(productionStartDate(ordered)).toBe('2026-11-23');
    expect(formatDayMonth(dispatchDate(ordered))).toBe('Thursday 26 November');
  });

  it('starts the next business day from the 14:00 cut-off in winter (GMT)', () => {
    expect(dispatchDate(at('2026-11-23T13:59:59.999Z'))).toBe('2026-11-26');
    expect(dispatchDate(at('2026-11-23T14:00:00Z'))).toBe('2026-11-27');
  });

  it('applies the cut-off in Irish summer time (IST, UTC+1)', () => {
    // Wednesday 15 July 2026: 13:59 IST is 12:59 UTC, 14:00 IST is 13:00 UTC.
    expect(dispatchDate(at('2026-07-15T12:59:59Z'))).toBe('2026-07-20');
    expect(dispatchDate(at('2026-07-15T13:00:00Z'))).toBe('2026-07-21');
    // 13:30 UTC is before 14:00 in London's winter sense but 14:30 in Dublin: after the cut-off.
    expect(productionStartDate(at('2026-07-15T13:30:00Z'))).toBe('2026-07-16');
  });

  it('takes the Irish date near midnight', () => {
    // 23:30 UTC on Sunday 19 July is 00:30 IST on Monday: a Monday morning order.
    expect(productionStartDate(at('2026-07-19T23:30:00Z'))).toBe('2026-07-20');
    expect(dispatchDate(at('2026-07-19T23:30:00Z'))).toBe('2026-07-23');
  });

  it('starts weekend orders on Monday, even before the cut-off', () => {
    expect(productionStartDate(at('2026-11-28T10:00:00Z'))).toBe('2026-11-30');
    expect(dispatchDate(at('2026-11-28T10:00:00Z'))).toBe('2026-12-03');
    expect(dispatchDate(at('2026-11-27T15:00:00Z'))).toBe('2026-12-03');
  });

  it('skips public holidays', () => {
    // Monday 26 October 2026 is the October bank holiday.
    expect(productionStartDate(at('2026-10-23T15:00:00Z'))).toBe('2026-10-27');
    expect(dispatchDate(at('2026-10-26T10:00:00Z'))).toBe('2026-10-30');
    // Christmas 2027 on a Saturday: 27 and 28 December are off as well.
    expect(dispatchDate(at('2027-12-22T10:00:00Z'))).toBe('2027-12-29');
    // 2026: Christmas Friday, St Stephen's Day Saturday, its substitute Monday 28.
    expect(dispatchDate(at('2026-12-23T10:00:00Z'))).toBe('2026-12-30');
  });

  it('skips the owner’s closures, across the year end', () => {
    expect(dispatchDate(at('2026-12-23T10:00:00Z'), { closures: YEAR_END })).toBe('2027-01-07');
    expect(productionStartDate(at('2026-12-28T10:00:00Z'), { closures: YEAR_END })).toBe('2027-01-05');
    expect(dispatchDate(at('2026-12-28T10:00:00Z'), { closures: YEAR_END })).toBe('2027-01-08');
    // Closed Tuesday 16 March 2027, next to St Patrick's Day: Thursday, Friday, Monday.
    const march = closures('2027-03-16');
    expect(dispatchDate(at('2027-03-15T10:00:00Z'), { closures: march })).toBe('2027-03-22');
  });
});

describe('deliveryEstimate', () => {
  it('adds the zone’s business days to the dispatch date', () => {
    expect(deliveryEstimate(d('2026-11-26'), 'IE')).toEqual({ earliest: '2026-12-01', latest: '2026-12-03' });
    expect(deliveryEstimate(d('2026-11-26'), 'EU')).toEqual({ earliest: '2026-12-03', latest: '2026-12-10' });
    expect(deliveryEstimate(d('2026-11-26'), 'WORLD')).toEqual({
      earliest: '2026-12-10',
      latest: '2026-12-17',
    });
  });

  it('skips weekends and public holidays but not the owner’s closures', () => {
    // Dispatched Wednesday 23 December 2026: 24, 29, 30, 31 December and 4 January are delivery days.
    expect(deliveryEstimate(d('2026-12-23'), 'IE')).toEqual({ earliest: '2026-12-30', latest: '2027-01-04' });
  });
});

describe('deliveryPromise', () => {
  it('gives the dispatch date and the zone’s delivery window, as dates', () => {
    const promise = deliveryPromise(at('2026-11-23T10:00:00Z'), 'IE');
    expect(promise).toEqual({ dispatch: '2026-11-26', earliest: '2026-12-01', latest: '2026-12-03' });
    expect(deliveryRangeText(promise)).toBe('Tuesday 1 December to Thursday 3 December');
    expect(deliveryRangeText({ earliest: d('2026-12-01'), latest: d('2026-12-01') })).toBe(
      'Tuesday 1 December',
    );
    expect(deliveryPromise(at('2026-12-23T10:00:00Z'), 'EU', { closures: YEAR_END }).dispatch).toBe(
      '2027-01-07',
    );
  });
});

describe('dispatchResumes', () => {
  it('names the first business day after a closure, only during it', () => {
    expect(dispatchResumes(at('2026-12-23T12:00:00Z'), YEAR_END)).toBeNull();
    expect(dispatchResumes(at('2026-12-24T00:00:00Z'), YEAR_END)).toBe('2027-01-05');
    expect(dispatchResumes(at('2026-12-28T12:00:00Z'), YEAR_END)).toBe('2027-01-05');
    expect(dispatchResumes(at('2027-01-04T23:59:00Z'), YEAR_END)).toBe('2027-01-05');
    expect(dispatchResumes(at('2027-01-05T00:00:00Z'), YEAR_END)).toBeNull();
    expect(dispatchResumes(at('2026-12-28T12:00:00Z'), [])).toBeNull();
    // Closed Thursday 18 March 2027, the day after St Patrick's: resumes Friday 19.
    expect(dispatchResumes(at('2027-03-18T12:00:00Z'), closures('2027-03-18'))).toBe('2027-03-19');
  });
});

describe('Christmas last order dates', () => {
  const now = at('2026-11-23T10:00:00Z');

  it('2026, per zone: the last whole day to order (the zone’s upper delivery bound decides)', () => {
    const deadlines = christmasDeadlines(now);
    expect(deadlines?.map((x) => [x.zone, x.lastOrderDate, x.orderBefore.toISOString(), x.passed])).toEqual([
      ['IE', '2026-12-13', '2026-12-14T00:00:00.000Z', false],
      ['EU', '2026-12-06', '2026-12-07T00:00:00.000Z', false],
      ['WORLD', '2026-11-29', '2026-11-30T00:00:00.000Z', false],
    ]);
    // Worded like the example, without a time of day: the whole day counts.
    expect(deadlines?.map(christmasMessage)).toEqual([
      'Order by Sunday 13 December for Christmas delivery to Ireland',
      'Order by Sunday 6 December for Christmas delivery to the EU',
      'Order by Sunday 29 November for Christmas delivery to the rest of the world',
    ]);
  });

  it('delivers by 24 December at any time on the last order date, and not after the next cut-off', () => {
    for (const deadline of christmasDeadlines(now) ?? []) {
      const lastMinute = new Date(deadline.orderBefore.getTime() - 1);
      expect(irishDate(lastMinute)).toBe(deadline.lastOrderDate);
      expect(deliveryEstimate(dispatchDate(lastMinute), deadline.zone).latest <= '2026-12-24').toBe(true);
      // The next day after its cut-off is too late (that morning is not advertised, see dispatch.ts).
      const nextAfternoon = new Date(deadline.orderBefore.getTime() + 15 * 3_600_000);
      expect(deliveryEstimate(dispatchDate(nextAfternoon), deadline.zone).latest > '2026-12-24').toBe(true);
    }
  });

  it('says when a deadline has passed, from midnight Irish time after the last order date', () => {
    const eu = (instant: string) => christmasDeadlines(at(instant))?.find((x) => x.zone === 'EU');
    expect(eu('2026-12-06T23:59:59Z')?.passed).toBe(false);
    const passed = eu('2026-12-07T00:00:00Z');
    expect(passed?.passed).toBe(true);
    expect(passed && christmasMessage(passed)).toBe(
      'The last order date for Christmas delivery to the EU (Sunday 6 December) has passed',
    );
    expect(christmasDeadlines(at('2026-12-24T23:59:00Z'))?.every((x) => x.passed)).toBe(true);
  });

  it('moves earlier when a closure blocks dispatch before Christmas', () => {
    const ie = christmasDeadlines(now, { closures: closures('2026-12-15..2027-01-04') })?.find(
      (x) => x.zone === 'IE',
    );
    // Dispatch must happen by Monday 14 December, so production starts by Wednesday 9 December: any
    // order on Tuesday 8 December makes it.
    expect(ie?.lastOrderDate).toBe('2026-12-08');
  });

  it('shows only from 1 November to 24 December, Irish time', () => {
    expect(christmasDeadlines(at('2026-10-31T23:59:59Z'))).toBeNull();
    expect(christmasDeadlines(at('2026-11-01T00:00:00Z'))).not.toBeNull();
    expect(christmasDeadlines(at('2026-12-24T23:59:59Z'))).not.toBeNull();
    expect(christmasDeadlines(at('2026-12-25T00:00:00Z'))).toBeNull();
    expect(christmasDeadlines(at('2026-07-01T12:00:00Z'))).toBeNull();
  });

  it('holds for any year: the whole last order date delivers by 24 December, the next afternoon does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2026, max: 2100 }), fc.constantFrom(...ZONE_IDS), (year, zone) => {
        const deadline = christmasDeadlines(at(`${year}-11-15T12:00:00Z`))?.find((x) => x.zone === zone);
        expect(deadline).toBeDefined();
        if (!deadline) return;
        const deliverBy = `${year}-12-24`;
        const lastMinute = new Date(deadline.orderBefore.getTime() - 1);
        expect(irishDate(lastMinute)).toBe(deadline.lastOrderDate);
        expect(deliveryEstimate(dispatchDate(lastMinute), zone).latest <= deliverBy).toBe(true);
        const nextAfternoon = new Date(deadline.orderBefore.getTime() + 15 * 3_600_000);
        expect(deliveryEstimate(dispatchDate(nextAfternoon), zone).latest > deliverBy).toBe(true);
      }),
    );
  });
});

describe('dispatch date properties', () => {
  const instant = fc
    .integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2032-12-31T23:59:59Z') })
    .map((ms) => new Date(ms));
  const closureList = fc
    .array(
      fc.tuple(fc.integer({ min: dayNumber(d('2024-01-01')), max: dayNumber(d('2033-06-30')) }), fc.nat(20)),
      { maxLength: 4 },
    )
    .map(
      (ranges): ClosedDates =>
        ranges.map(([from, length]) => ({ from: fromDayNumber(from), to: fromDayNumber(from + length) })),
    );

  it('is always a business day, at least the production days after the order day', () => {
    fc.assert(
      fc.property(instant, closureList, (orderedAt, closed) => {
        const dispatch = dispatchDate(orderedAt, { closures: closed });
        expect(isBusinessDay(dispatch, closed)).toBe(true);
        expect(dayNumber(dispatch) - dayNumber(irishDate(orderedAt))).toBeGreaterThanOrEqual(
          DISPATCH.productionDays,
        );
      }),
    );
  });

  it('never moves earlier for a later order', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 10 * 86_400_000 }),
        closureList,
        (first, later, closed) => {
          const second = new Date(first.getTime() + later);
          expect(
            dispatchDate(second, { closures: closed }) >= dispatchDate(first, { closures: closed }),
          ).toBe(true);
        },
      ),
    );
  });

  // The walks count in day numbers; this oracle walks one IsoDate at a time with the calendar's public
  // functions, the rules as docs/product/dispatch-dates.md §14.1 states them, and must agree on every date and closure list.
  const business = (date: IsoDate, closed: ClosedDates) =>
    !isWeekend(date) && !isIrishPublicHoliday(date) && !closureOn(date, closed);
  const nextBusiness = (date: IsoDate, closed: ClosedDates) => {
    let day = addDays(date, 1);
    while (!business(day, closed)) day = addDays(day, 1);
    return day;
  };
  const date = fc
    .integer({ min: dayNumber(d('2024-01-01')), max: dayNumber(d('2032-12-31')) })
    .map(fromDayNumber);

  it('agrees with a day-by-day walk: business days, delivery days, Christmas deadlines', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 12 }), closureList, (from, count, closed) => {
        let expected = from;
        for (let i = 0; i < count; i++) expected = nextBusiness(expected, closed);
        expect(addBusinessDays(from, count, closed)).toBe(expected);
        expect(isBusinessDay(from, closed)).toBe(business(from, closed));
        for (const zone of ZONE_IDS) {
          const [min, max] = SHIPPING_ZONES[zone].deliveryDays;
          const walk = (n: number) => {
            let day = from;
            for (let i = 0; i < n; i++) {
              day = addDays(day, 1);
              while (isWeekend(day) || isIrishPublicHoliday(day)) day = addDays(day, 1);
            }
            return day;
          };
          expect(deliveryEstimate(from, zone)).toEqual({ earliest: walk(min), latest: walk(max) });
        }
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2024, max: 2032 }), closureList, (year, closed) => {
        const deadlines = christmasDeadlines(new Date(Date.UTC(year, 10, 20, 12)), { closures: closed });
        for (const deadline of deadlines ?? []) {
          // The day after the last order date is a business day whose dispatch still delivers in time...
          const start = addDays(deadline.lastOrderDate, 1);
          expect(business(start, closed)).toBe(true);
          let dispatch = start;
          for (let i = 0; i < DISPATCH.productionDays; i++) dispatch = nextBusiness(dispatch, closed);
          expect(deliveryEstimate(dispatch, deadline.zone).latest <= `${year}-12-24`).toBe(true);
          // ...and no later business day does.
          let later = nextBusiness(start, closed);
          for (let i = 0; i < DISPATCH.productionDays; i++) later = nextBusiness(later, closed);
          expect(deliveryEstimate(later, deadline.zone).latest > `${year}-12-24`).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('the owner’s working days, closures with a reason and away (the desk’s Settings)', () => {
  const TUESDAY_TO_SATURDAY = [2, 3, 4, 5, 6];

  it('counts only her working days: Tuesday to Saturday', () => {
    // Monday 23 November 2026 is not one of them: production starts on Tuesday, dispatch by Friday.
    const monday = at('2026-11-23T10:00:00Z');
    expect(productionStartDate(monday, { workingDays: TUESDAY_TO_SATURDAY })).toBe('2026-11-24');
    expect(dispatchDate(monday, { workingDays: TUESDAY_TO_SATURDAY })).toBe('2026-11-27');
    // Friday 27 November: Saturday counts, Sunday and Monday do not.
    expect(dispatchDate(at('2026-11-27T10:00:00Z'), { workingDays: TUESDAY_TO_SATURDAY })).toBe('2026-12-02');
    expect(isBusinessDay(d('2026-11-28'), [], TUESDAY_TO_SATURDAY)).toBe(true);
    // A public holiday is no working day even for a maker working all week (St Stephen's Day, observed Monday 28).
    expect(isBusinessDay(d('2026-12-28'), [], [1, 2, 3, 4, 5, 6, 7])).toBe(false);
    // Carriers still deliver Monday to Friday.
    expect(deliveryPromise(monday, 'IE', { workingDays: TUESDAY_TO_SATURDAY })).toEqual({
      dispatch: '2026-11-27',
      earliest: '2026-12-02',
      latest: '2026-12-04',
    });
  });

  it('reads a list without a valid day as Monday to Friday rather than promising no date', () => {
    expect(dispatchDate(at('2026-11-23T10:00:00Z'), { workingDays: [] })).toBe('2026-11-26');
  });

  it('names the closure today falls in, its reason and the first working day after it', () => {
    const christmas = [{ from: d('2026-12-24'), to: d('2027-01-04'), reason: 'Christmas holidays' }];
    const now = at('2026-12-28T12:00:00Z');
    expect(closureNow(now, christmas)).toEqual({ closure: christmas[0], resumes: '2027-01-05' });
    // Working Wednesday to Friday, she resumes on Wednesday 6 January.
    expect(closureNow(now, christmas, [3, 4, 5])?.resumes).toBe('2027-01-06');
    expect(dispatchResumes(now, christmas, [3, 4, 5])).toBe('2027-01-06');
    expect(closureNow(at('2026-12-23T12:00:00Z'), christmas)).toBeNull();
  });

  it('away and keeping selling: production starts on the return date, the first working day from it', () => {
    const away = { mode: 'keep-selling', until: '2026-12-07' } as const;
    const monday = at('2026-11-23T10:00:00Z');
    expect(productionStartDate(monday, { away })).toBe('2026-12-07');
    expect(dispatchDate(monday, { away })).toBe('2026-12-10');
    expect(awayReturnDate(monday, away)).toBe('2026-12-07');
    // A return on Sunday 6 December: Monday 7 is the first working day.
    expect(dispatchDate(monday, { away: { mode: 'keep-selling', until: '2026-12-06' } })).toBe('2026-12-10');
    // On and after the return date, the usual rule.
    expect(awayReturnDate(at('2026-12-07T10:00:00Z'), away)).toBeNull();
    expect(dispatchDate(at('2026-12-08T10:00:00Z'), { away })).toBe('2026-12-11');
    // Open, or paused (no orders at all), nothing moves.
    expect(dispatchDate(monday, { away: { mode: 'off', until: '2026-12-07' } })).toBe('2026-11-26');
    expect(awayReturnDate(monday, { mode: 'pause-sales', until: '2026-12-07' })).toBeNull();
  });

  it('Christmas last order dates follow her working days and closures', () => {
    const now = at('2026-11-23T10:00:00Z');
    const ie = (options: Parameters<typeof christmasDeadlines>[1]) =>
      christmasDeadlines(now, options)?.find((x) => x.zone === 'IE')?.lastOrderDate;
    expect(ie({})).toBe('2026-12-13');
    // Tuesday to Saturday: production must start by Saturday 12 December (Tuesday 15 to Thursday 17).
    expect(ie({ workingDays: TUESDAY_TO_SATURDAY })).toBe('2026-12-11');
    expect(
      ie({ workingDays: TUESDAY_TO_SATURDAY, closures: [{ from: d('2026-12-12'), to: d('2026-12-12') }] }),
    ).toBe('2026-12-10');
  });

  it('says when being away makes an order placed now miss Christmas', () => {
    const now = at('2026-11-23T10:00:00Z');
    const away = { mode: 'keep-selling', until: '2026-12-16' } as const;
    const deadlines = christmasDeadlines(now, { away }) ?? [];
    const ie = deadlines.find((x) => x.zone === 'IE');
    if (!ie) throw new Error('no deadline for Ireland');
    expect(ie.passed).toBe(false);
    expect(awayMissesChristmas(now, ie, { away })).toBe(true);
    expect(christmasAwayMessage(ie, d('2026-12-16'))).toBe(
      'We are away until Wednesday 16 December: orders placed now for delivery to Ireland arrive after Christmas',
    );
    // Back on Monday 7 December, an order to Ireland is still in time.
    expect(awayMissesChristmas(now, ie, { away: { mode: 'keep-selling', until: '2026-12-07' } })).toBe(false);
    expect(awayMissesChristmas(now, ie, {})).toBe(false);
  });
});

describe('the owner’s own last order date for Christmas', () => {
  const now = at('2026-11-23T10:00:00Z');

  it('replaces a zone’s computed date where it is earlier, and only then', () => {
    const deadlines = christmasDeadlines(now, { christmasLastOrder: '2026-12-10' });
    expect(deadlines?.map((x) => [x.zone, x.lastOrderDate, x.orderBefore.toISOString()])).toEqual([
      ['IE', '2026-12-10', '2026-12-11T00:00:00.000Z'],
      ['EU', '2026-12-06', '2026-12-07T00:00:00.000Z'],
      ['WORLD', '2026-11-29', '2026-11-30T00:00:00.000Z'],
    ]);
    const ie = deadlines?.[0];
    expect(ie && christmasMessage(ie)).toBe(
      'Order by Thursday 10 December for Christmas delivery to Ireland',
    );
    const after = christmasDeadlines(at('2026-12-11T00:00:00Z'), { christmasLastOrder: '2026-12-10' })?.[0];
    expect(after?.passed).toBe(true);
  });

  it('changes nothing when it is later than the computed dates, or left from another year', () => {
    const computed = christmasDeadlines(now);
    expect(christmasDeadlines(now, { christmasLastOrder: '2026-12-20' })).toEqual(computed);
    expect(christmasDeadlines(now, { christmasLastOrder: '2025-12-01' })).toEqual(computed);
    expect(christmasDeadlines(now, { christmasLastOrder: null })).toEqual(computed);
  });
});

describe('christmasDatesBeforeHers', () => {
  it('names the zones whose worked-out last order date is earlier than hers, whatever today is', () => {
    expect(christmasDatesBeforeHers('2026-12-14')).toEqual([
      { zone: 'IE', lastOrderDate: '2026-12-13' },
      { zone: 'EU', lastOrderDate: '2026-12-06' },
      { zone: 'WORLD', lastOrderDate: '2026-11-29' },
    ]);
    expect(christmasDatesBeforeHers('2026-12-10').map((d) => d.zone)).toEqual(['EU', 'WORLD']);
    expect(christmasDatesBeforeHers('2026-11-20')).toEqual([]);
    expect(christmasDatesBeforeHers(null)).toEqual([]);
  });
});
