import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../shared/calendar-date';
import {
  crossesThreshold,
  destinationVatDue,
  EU_DISTANCE_THRESHOLD,
  ossRegistrationDeadline,
  thresholdCrossing,
  thresholdMailKey,
  thresholdNotice,
  thresholdState,
} from './threshold';

describe('the €10,000 threshold', () => {
  it('is €10,000 in cents', () => {
    expect(EU_DISTANCE_THRESHOLD).toBe(1_000_000);
  });

  it('warns from 80% and is crossed above €10,000, this year or last', () => {
    expect(thresholdState({ thisYear: 799_999, lastYear: 0 })).toBe('below');
    expect(thresholdState({ thisYear: 800_000, lastYear: 0 })).toBe('approaching');
    expect(thresholdState({ thisYear: 1_000_000, lastYear: 0 })).toBe('approaching');
    expect(thresholdState({ thisYear: 1_000_001, lastYear: 0 })).toBe('crossed');
    expect(thresholdState({ thisYear: 0, lastYear: 1_000_001 })).toBe('crossed');
  });

  it('flags "destination VAT due" for a registered-in-Ireland shop above it', () => {
    const above = { thisYear: 1_000_001, lastYear: 0 };
    expect(destinationVatDue({ mode: 'ireland', distanceSale: true, sales: above })).toBe(true);
    expect(destinationVatDue({ mode: 'oss', distanceSale: true, sales: above })).toBe(false);
    expect(destinationVatDue({ mode: 'ireland', distanceSale: false, sales: above })).toBe(false);
    expect(
      destinationVatDue({ mode: 'ireland', distanceSale: true, sales: { thisYear: 900_000, lastYear: 0 } }),
    ).toBe(false);
  });

  it('tells the owner what to do, and nothing once on OSS', () => {
    expect(thresholdNotice('below', 'ireland')).toBeNull();
    expect(thresholdNotice('approaching', 'ireland')).toMatch(/80%.*register for OSS in ROS/);
    expect(thresholdNotice('crossed', 'ireland')).toMatch(/buyer's country.*Register for OSS in ROS, then/);
    expect(thresholdNotice('crossed', 'oss')).toBeNull();
  });

  it('sends its e-mail once per calendar year', () => {
    expect(thresholdMailKey(2026)).not.toBe(thresholdMailKey(2027));
  });

  it('is crossed by the sale that takes the year past it, and the owner registers by the 10th of the next month', () => {
    expect(crossesThreshold({ thisYear: 990_000, lastYear: 0 }, 10_000)).toBe(false);
    expect(crossesThreshold({ thisYear: 990_000, lastYear: 0 }, 10_001)).toBe(true);
    expect(crossesThreshold({ thisYear: 0, lastYear: 1_000_001 }, 1)).toBe(true);
    const sales = [
      { issuedAt: '2026-11-03T10:00:00.000Z', net: 600_000 },
      { issuedAt: '2026-11-20T10:00:00.000Z', net: 400_001 },
      { issuedAt: '2026-11-10T10:00:00.000Z', net: -1 },
      { issuedAt: '2026-11-25T10:00:00.000Z', net: 5_000 },
    ];
    expect(thresholdCrossing(sales, 0)).toBe('2026-11-25T10:00:00.000Z');
    expect(thresholdCrossing(sales.slice(0, 2), 0)).toBe('2026-11-20T10:00:00.000Z');
    expect(thresholdCrossing(sales, 1_000_001)).toBe('2026-11-03T10:00:00.000Z');
    expect(thresholdCrossing([], 0)).toBeNull();
    expect(ossRegistrationDeadline('2026-11-25' as IsoDate)).toBe('2026-12-10');
    expect(ossRegistrationDeadline('2026-12-31' as IsoDate)).toBe('2027-01-10');
    expect(thresholdNotice('crossed', 'ireland', '2026-12-10' as IsoDate)).toContain(
      'Register for OSS in ROS by Thursday 10 December 2026 (the 10th of the month after that sale)',
    );
  });
});
