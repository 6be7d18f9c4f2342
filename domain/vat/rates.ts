/**
 * The EU's standard VAT rates by member state, dated (docs/product/vat.md §20): the rate of a supply is the
 * one in force on its date (VAT Directive 2006/112/EC art. 63: the chargeable event is the supply).
 * Transcribed from the Commission's table kept beside it (sources/ec-vat-rates-2026-01-01.csv), which
 * rates.test.ts holds this table against. Jewellery is standard-rated everywhere, so one rate per state.
 * Rates in basis points (23% = 2300; Finland's 25.5% = 2550). XI is Northern Ireland, which follows the
 * EU's rules for goods at the UK's rate.
 */
import { type CalendarDay, IE, type VatCountry } from './countries';

export interface DatedRate {
  /** First day the rate applies, YYYY-MM-DD. */
  readonly from: CalendarDay;
  /** Basis points. */
  readonly rate: number;
}

/** Each state's rates, oldest first. The table starts on 2024-01-01: no supply of the shop is older. */
export const EU_STANDARD_RATES: Readonly<Record<VatCountry, readonly DatedRate[]>> = {
  AT: [{ from: '2024-01-01', rate: 2000 }],
  BE: [{ from: '2024-01-01', rate: 2100 }],
  BG: [{ from: '2024-01-01', rate: 2000 }],
  CY: [{ from: '2024-01-01', rate: 1900 }],
  CZ: [{ from: '2024-01-01', rate: 2100 }],
  DE: [{ from: '2024-01-01', rate: 1900 }],
  DK: [{ from: '2024-01-01', rate: 2500 }],
  EE: [
    { from: '2024-01-01', rate: 2200 },
    { from: '2025-07-01', rate: 2400 },
  ],
  ES: [{ from: '2024-01-01', rate: 2100 }],
  FI: [
    { from: '2024-01-01', rate: 2400 },
    { from: '2024-09-01', rate: 2550 },
  ],
  FR: [{ from: '2024-01-01', rate: 2000 }],
  GR: [{ from: '2024-01-01', rate: 2400 }],
  HR: [{ from: '2024-01-01', rate: 2500 }],
  HU: [{ from: '2024-01-01', rate: 2700 }],
  IE: [{ from: '2024-01-01', rate: 2300 }],
  IT: [{ from: '2024-01-01', rate: 2200 }],
  LT: [{ from: '2024-01-01', rate: 2100 }],
  LU: [{ from: '2024-01-01', rate: 1700 }],
  LV: [{ from: '2024-01-01', rate: 2100 }],
  MT: [{ from: '2024-01-01', rate: 1800 }],
  NL: [{ from: '2024-01-01', rate: 2100 }],
  PL: [{ from: '2024-01-01', rate: 2300 }],
  PT: [{ from: '2024-01-01', rate: 2300 }],
  RO: [
    { from: '2024-01-01', rate: 1900 },
    { from: '2025-08-01', rate: 2100 },
  ],
  SE: [{ from: '2024-01-01', rate: 2500 }],
  SI: [{ from: '2024-01-01', rate: 2200 }],
  SK: [
    { from: '2024-01-01', rate: 2000 },
    { from: '2025-01-01', rate: 2300 },
  ],
  XI: [{ from: '2024-01-01', rate: 2000 }],
};

/** The UK's standard rate (Great Britain, with the owner's UK VAT number). */
export const UK_STANDARD_RATE = 2000;

export class NoRateError extends Error {
  constructor(country: string, day: string) {
    super(`No VAT rate of ${country} on ${day}: the table starts on 2024-01-01`);
    this.name = 'NoRateError';
  }
}

/** The standard rate of `country` on `day` (the date of supply), in basis points. */
export function standardRate(country: VatCountry, day: CalendarDay): number {
  let found: number | null = null;
  for (const dated of EU_STANDARD_RATES[country]) {
    if (dated.from <= day) found = dated.rate;
  }
  if (found === null) throw new NoRateError(country, day);
  return found;
}

/** Ireland's rate on `day`: the shop's domestic rate. */
export function irishRate(day: CalendarDay): number {
  return standardRate(IE, day);
}
