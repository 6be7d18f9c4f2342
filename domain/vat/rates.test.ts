import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VAT_COUNTRIES } from './countries';
import { EU_STANDARD_RATES, irishRate, NoRateError, standardRate } from './rates';

const SOURCE = new URL('./sources/ec-vat-rates-2026-01-01.csv', import.meta.url);

/** The published table, as kept in the repository: country, percent, first day. */
function sourceRows(): { country: string; rate: number; from: string }[] {
  const lines = readFileSync(SOURCE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const [header, ...rows] = lines;
  expect(header).toBe('country,standard_rate_percent,effective_from');
  return rows.map((line) => {
    const [country, percent, from] = line.split(',');
    return { country: country ?? '', rate: Math.round(Number(percent) * 100), from: from ?? '' };
  });
}

describe('the EU standard rates', () => {
  it('hold exactly the published source file', () => {
    const table = Object.entries(EU_STANDARD_RATES).flatMap(([country, rates]) =>
      rates.map((r) => ({ country, rate: r.rate, from: r.from })),
    );
    const byKey = (a: { country: string; from: string }, b: { country: string; from: string }) =>
      `${a.country}${a.from}`.localeCompare(`${b.country}${b.from}`);
    expect(table.sort(byKey)).toEqual(sourceRows().sort(byKey));
  });

  it('cover the 27 member states and XI, each oldest first', () => {
    expect(Object.keys(EU_STANDARD_RATES).sort()).toEqual([...VAT_COUNTRIES].sort());
    expect(VAT_COUNTRIES).toHaveLength(28);
    for (const rates of Object.values(EU_STANDARD_RATES)) {
      const days = rates.map((r) => r.from);
      expect(days).toEqual([...days].sort());
    }
  });

  it('give the rate in force on the date of supply', () => {
    expect(standardRate('IE', '2026-11-27')).toBe(2300);
    expect(standardRate('DE', '2026-11-27')).toBe(1900);
    expect(standardRate('HU', '2026-11-27')).toBe(2700);
    expect(standardRate('FI', '2024-08-31')).toBe(2400);
    expect(standardRate('FI', '2024-09-01')).toBe(2550);
    expect(standardRate('EE', '2025-06-30')).toBe(2200);
    expect(standardRate('EE', '2025-07-01')).toBe(2400);
    expect(standardRate('SK', '2024-12-31')).toBe(2000);
    expect(standardRate('SK', '2025-01-01')).toBe(2300);
    expect(standardRate('RO', '2025-07-31')).toBe(1900);
    expect(standardRate('RO', '2025-08-01')).toBe(2100);
    expect(irishRate('2026-01-01')).toBe(2300);
  });

  it('refuse a day before the table starts', () => {
    expect(() => standardRate('DE', '2023-12-31')).toThrow(NoRateError);
  });
});
