import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../shared/calendar-date';
import { parseClosedDates } from './closed-dates';
import {
  christmasDeadlines,
  christmasQueueMessage,
  deliveryPromise,
  dispatchDate,
  queueMissesChristmas,
} from './dispatch';
import { isIrishPublicHoliday } from './irish-holidays';
import {
  type MakingQueue,
  publishQueue,
  QUIET_QUEUE,
  queuedPieces,
  queueExtraDays,
  queueOfPublished,
} from './making-queue';

// Wednesday 21 October 2026, 10:00 Irish summer time: before the cut-off, so production starts that day.
// Monday 26 October is the October bank holiday, inside every queue below.
const WEDNESDAY = new Date('2026-10-21T09:00:00Z');

const queue = (queuedPieces: number, capacity = 8): MakingQueue => ({ queuedPieces, capacity });

describe('queueExtraDays', () => {
  it('is 0 while the queue and the order fit in the start day', () => {
    expect(queueExtraDays(queue(0))).toBe(0);
    expect(queueExtraDays(queue(7))).toBe(0);
    expect(queueExtraDays(queue(8))).toBe(1);
    expect(queueExtraDays(queue(0), 9)).toBe(1);
  });
});

describe('the queue as the pages are told it (publishQueue)', () => {
  it('names the working days and the capacity, never the pieces queued', () => {
    expect(publishQueue(queue(314))).toEqual({ days: 39, capacity: 8, quiet: false });
    expect(publishQueue(queue(0))).toEqual({ days: 0, capacity: 8, quiet: true });
    expect(Object.keys(publishQueue(queue(7)))).toEqual(['days', 'capacity', 'quiet']);
    // Every queue of one day's making looks the same; only an empty one says it is empty.
    expect(new Set([1, 2, 5, 7].map((n) => JSON.stringify(publishQueue(queue(n)))))).toHaveProperty(
      'size',
      1,
    );
    expect(new Set([312, 313, 314, 319].map((n) => JSON.stringify(publishQueue(queue(n)))))).toHaveProperty(
      'size',
      1,
    );
  });

  it('gives a one-piece order the real date, a larger one never an earlier date and at most a day later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 200 }),
        (ahead, capacity, pieces) => {
          const real = queue(ahead, capacity);
          const told = queueOfPublished(publishQueue(real));
          expect(queueExtraDays(told, 1)).toBe(queueExtraDays(real, 1));
          const extra = queueExtraDays(told, pieces) - queueExtraDays(real, pieces);
          expect(extra === 0 || extra === 1).toBe(true);
          // A quiet queue dates an order of any size exactly.
          if (ahead === 0) expect(extra).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('dispatchDate with the making queue', () => {
  it('an empty queue gives exactly the date of the rule without a queue', () => {
    expect(isIrishPublicHoliday('2026-10-26' as IsoDate)).toBe(true);
    expect(dispatchDate(WEDNESDAY)).toBe('2026-10-27');
    expect(dispatchDate(WEDNESDAY, { queue: queue(0) })).toBe('2026-10-27');
  });

  it('with 40 pieces queued at 8 a day, each 8 more orders step one working day, over the bank holiday and weekend', () => {
    const dates: string[] = [];
    for (let ahead = 0; ahead < 48; ahead++) dates.push(dispatchDate(WEDNESDAY, { queue: queue(ahead) }));
    const distinct = [...new Set(dates)];
    expect(distinct).toEqual([
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-11-02',
      '2026-11-03',
    ]);
    for (const date of distinct) expect(dates.filter((d) => d === date)).toHaveLength(8);
    // The 41st order, behind 40 queued pieces: five working days after today's rule.
    expect(dispatchDate(WEDNESDAY, { queue: queue(40) })).toBe('2026-11-03');
  });

  it('skips holidays and closures that fall inside the queue', () => {
    const closed = parseClosedDates('2026-10-29..2026-10-30');
    if (!closed.ok) throw new Error('closures');
    // 16 ahead: the order's piece is made on the third making day. Working days after Wednesday 21:
    // 22, 23, (26 holiday), 27, 28, (29-30 closed), Monday 2 November.
    expect(dispatchDate(WEDNESDAY, { queue: queue(16), closures: closed.value })).toBe('2026-11-02');
    expect(dispatchDate(WEDNESDAY, { queue: queue(16) })).toBe('2026-10-29');
  });

  it('a capacity changed mid-queue applies to the pieces still ahead', () => {
    expect(dispatchDate(WEDNESDAY, { queue: queue(40, 8) })).toBe('2026-11-03');
    // More hands: 40 ahead at 10 a day take four days.
    expect(dispatchDate(WEDNESDAY, { queue: queue(40, 10) })).toBe('2026-11-02');
    // Fewer: at 4 a day the same 40 take ten.
    expect(queueExtraDays(queue(40, 4))).toBe(10);
    expect(dispatchDate(WEDNESDAY, { queue: queue(40, 4) })).toBe('2026-11-10');
  });

  it('orders dispatched early leave the queue and release their days', () => {
    const orders = Array.from({ length: 16 }, (_, i) => ({ pieces: 1, dispatched: false, i }));
    expect(dispatchDate(WEDNESDAY, { queue: queue(queuedPieces(orders)) })).toBe('2026-10-29');
    const early = orders.map((o) => ({ ...o, dispatched: o.i < 8 }));
    expect(queuedPieces(early)).toBe(8);
    expect(dispatchDate(WEDNESDAY, { queue: queue(queuedPieces(early)) })).toBe('2026-10-28');
  });

  it('counts the order’s own pieces: a large order on a quiet queue takes more than a day', () => {
    expect(dispatchDate(WEDNESDAY, { queue: queue(0), pieces: 8 })).toBe('2026-10-27');
    expect(dispatchDate(WEDNESDAY, { queue: queue(0), pieces: 9 })).toBe('2026-10-28');
  });

  it('is never earlier than the rule without a queue, and equal to it on a quiet queue', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2028-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 1000 }),
        (now, ahead, capacity) => {
          const plain = dispatchDate(now);
          expect(dispatchDate(now, { queue: queue(ahead, capacity) }) >= plain).toBe(true);
          if (ahead < capacity) expect(dispatchDate(now, { queue: queue(ahead, capacity) })).toBe(plain);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the Christmas notice with a queue', () => {
  // Tuesday 1 December 2026, 10:00: the EU's last order date has not passed yet.
  const DECEMBER = new Date('2026-12-01T10:00:00Z');

  it('says so when the queue already runs past the last date that delivers before Christmas', () => {
    const eu = christmasDeadlines(DECEMBER)?.find((d) => d.zone === 'EU');
    if (!eu) throw new Error('no EU deadline');
    expect(eu.passed).toBe(false);
    expect(queueMissesChristmas(DECEMBER, eu, { queue: QUIET_QUEUE })).toBe(false);
    const long = { queue: queue(200) };
    expect(deliveryPromise(DECEMBER, 'EU', long).latest > '2026-12-24').toBe(true);
    expect(queueMissesChristmas(DECEMBER, eu, long)).toBe(true);
    expect(christmasQueueMessage(eu)).toMatch(
      /^Our making queue is already full past the last date for Christmas delivery to the EU \(.+\): orders placed now arrive after Christmas$/,
    );
  });
});
