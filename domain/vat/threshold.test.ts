import { describe, expect, it } from 'vitest';
import {
  destinationVatDue,
  EU_DISTANCE_THRESHOLD,
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
    expect(thresholdNotice('crossed', 'ireland')).toMatch(/destination VAT due.*Register for OSS in ROS/);
    expect(thresholdNotice('crossed', 'oss')).toBeNull();
  });

  it('sends its e-mail once per calendar year', () => {
    expect(thresholdMailKey(2026)).not.toBe(thresholdMailKey(2027));
  });
});
