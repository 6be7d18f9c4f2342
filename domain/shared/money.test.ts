import { describe, expect, it } from 'vitest';
import { addCents, cents, euros, formatEuro, formatEuroShort, multiplyCents } from './money';

describe('money', () => {
  it.each([
    [3500, '€35.00'],
    [495, '€4.95'],
    [0, '€0.00'],
    [123456, '€1,234.56'],
    [5, '€0.05'],
  ])('formats %i cents as %s (en-IE, two decimals)', (value, text) => {
    expect(formatEuro(cents(value))).toBe(text);
  });

  it('formats exactly as Intl.NumberFormat en-IE EUR does', () => {
    const intl = new Intl.NumberFormat('en-IE', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
    });
    const samples = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, 900719925474099];
    for (const v of [
      ...samples,
      ...samples.filter((s) => s > 0).map((s) => -s),
      ...Array.from({ length: 500 }, (_, i) => i * 7919),
    ]) {
      expect(formatEuro(cents(v))).toBe(intl.format(v / 100));
    }
  });

  it('formats whole euros short for marketing copy, falling back to two decimals', () => {
    expect(formatEuroShort(cents(4000))).toBe('€40');
    expect(formatEuroShort(cents(350))).toBe('€3.50');
  });

  it('keeps arithmetic exact in integer cents', () => {
    expect(addCents(cents(1999), cents(1999), cents(1999))).toBe(5997);
    expect(multiplyCents(cents(3499), 3)).toBe(10497);
    expect(euros(0.1 + 0.2)).toBe(30);
  });

  it('refuses fractional cents', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
  });
});
