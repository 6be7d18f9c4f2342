import { describe, expect, it } from 'vitest';
import { formatDay, parseEuroInput, statusLabel } from './desk-format';

describe('parseEuroInput', () => {
  it('reads euro amounts as cents, with a dot or a comma and an optional euro sign', () => {
    expect(parseEuroInput('12.50')).toBe(1250);
    expect(parseEuroInput('12,5')).toBe(1250);
    expect(parseEuroInput(' €5 ')).toBe(500);
    expect(parseEuroInput('0.01')).toBe(1);
  });

  it('refuses what is not an amount of euro with at most two decimals', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '12.', '1 000'])
      expect(parseEuroInput(text)).toBeNull();
  });
});

describe('formatDay and statusLabel', () => {
  it('writes calendar dates without shifting them by a time zone', () => {
    expect(formatDay('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDay('2026-01-01T00:30:00.000Z')).toBe('1 Jan 2026');
    expect(formatDay(null)).toBe('');
  });

  it("uses the contract's labels", () => {
    expect(statusLabel('in_production')).toBe('In production');
    expect(statusLabel('needs_review')).toBe('Needs review');
  });
});
