import { describe, expect, it } from 'vitest';
import {
  amountCharged,
  isEuDistanceSale,
  isIntraCommunitySupply,
  NoSaleToGbError,
  refusesDestination,
  type VatInput,
  type VatMode,
  vatBreakdown,
  vatInside,
} from './vat-breakdown';

/** A piece at €89, the shipping at €12 and the gift wrap at €5, VAT included. */
const LINES = [{ gross: 8900 }, { gross: 1200 }, { gross: 500 }];
const GROSS = 8900 + 1200 + 500;
const DAY = '2026-11-27';

function order(mode: VatMode, country: string, extra: Partial<VatInput> = {}): VatInput {
  return { mode, gb: 'no_sale', country, business: null, day: DAY, lines: LINES, ...extra };
}

/** Every breakdown: per line net + VAT is the price, totals are the lines' sums. */
function expectConsistent(input: VatInput): void {
  const vat = vatBreakdown(input);
  expect(vat.lines).toHaveLength(input.lines.length);
  expect(vat.totalNet).toBe(vat.lines.reduce((s, l) => s + l.net, 0));
  expect(vat.totalVat).toBe(vat.lines.reduce((s, l) => s + l.vat, 0));
  for (const line of vat.lines) {
    expect(Number.isInteger(line.net) && Number.isInteger(line.vat)).toBe(true);
    expect(line.net).toBeGreaterThanOrEqual(0);
  }
  if (vat.scheme !== 'intra_community') expect(amountCharged(vat)).toBe(GROSS);
}

const IRISH = [
  { rate: 2300, net: 7236, vat: 1664 },
  { rate: 2300, net: 976, vat: 224 },
  { rate: 2300, net: 407, vat: 93 },
];
const ZERO = [
  { rate: 0, net: 8900, vat: 0 },
  { rate: 0, net: 1200, vat: 0 },
  { rate: 0, net: 500, vat: 0 },
];

describe('the VAT inside an order', () => {
  it('rounds each line to the nearest cent, half a cent up', () => {
    expect(vatInside(8900, 2300)).toBe(1664); // 1664.23
    expect(vatInside(500, 2300)).toBe(93); // 93.50 less a fraction
    expect(vatInside(123, 2300)).toBe(23); // exactly 23
    expect(vatInside(1200, 1900)).toBe(192); // 191.60
    expect(vatInside(2, 10_000)).toBe(1); // exactly 1
    expect(vatInside(1, 10_000)).toBe(1); // 0.5: half up
    expect(vatInside(0, 2300)).toBe(0);
    expect(() => vatInside(-1, 2300)).toThrow(RangeError);
  });

  describe("mode 'none' (not registered)", () => {
    it.each(['IE', 'DE', 'FR', 'HU', 'US'])('%s: no VAT', (country) => {
      const vat = vatBreakdown(order('none', country));
      expect(vat).toEqual({
        country,
        lines: ZERO,
        totalNet: GROSS,
        totalVat: 0,
        scheme: country === 'US' ? 'none' : 'none',
      });
      expectConsistent(order('none', country));
    });
  });

  describe("mode 'ireland'", () => {
    it.each(['IE', 'DE', 'FR', 'HU'])('%s consumer: the Irish rate', (country) => {
      expect(vatBreakdown(order('ireland', country))).toEqual({
        country,
        lines: IRISH,
        totalNet: 8619,
        totalVat: 1981,
        scheme: 'domestic',
      });
      expectConsistent(order('ireland', country));
    });

    it('US: an export at 0%, at the same price', () => {
      expect(vatBreakdown(order('ireland', 'US'))).toEqual({
        country: 'US',
        lines: ZERO,
        totalNet: GROSS,
        totalVat: 0,
        scheme: 'export',
      });
    });
  });

  describe("mode 'oss'", () => {
    it('IE: the Irish rate', () => {
      expect(vatBreakdown(order('oss', 'IE'))).toMatchObject({ lines: IRISH, scheme: 'domestic' });
    });

    it('DE: 19% of Germany', () => {
      expect(vatBreakdown(order('oss', 'DE'))).toEqual({
        country: 'DE',
        lines: [
          { rate: 1900, net: 7479, vat: 1421 },
          { rate: 1900, net: 1008, vat: 192 },
          { rate: 1900, net: 420, vat: 80 },
        ],
        totalNet: 8907,
        totalVat: 1693,
        scheme: 'oss',
      });
    });

    it('FR: 20% of France', () => {
      expect(vatBreakdown(order('oss', 'FR'))).toMatchObject({
        lines: [
          { rate: 2000, net: 7417, vat: 1483 },
          { rate: 2000, net: 1000, vat: 200 },
          { rate: 2000, net: 417, vat: 83 },
        ],
        totalVat: 1766,
        scheme: 'oss',
      });
    });

    it('HU: 27% of Hungary', () => {
      expect(vatBreakdown(order('oss', 'HU'))).toMatchObject({
        lines: [
          { rate: 2700, net: 7008, vat: 1892 },
          { rate: 2700, net: 945, vat: 255 },
          { rate: 2700, net: 394, vat: 106 },
        ],
        totalVat: 2253,
        scheme: 'oss',
      });
    });

    it('US: an export at 0%', () => {
      expect(vatBreakdown(order('oss', 'US'))).toMatchObject({ lines: ZERO, scheme: 'export' });
    });

    it.each(['IE', 'DE', 'FR', 'HU', 'US'])('%s: lines add up to the price', (country) => {
      expectConsistent(order('oss', country));
    });

    it('uses the rate of the date of supply', () => {
      expect(vatBreakdown(order('oss', 'FI', { day: '2024-08-31' })).lines[0]?.rate).toBe(2400);
      expect(vatBreakdown(order('oss', 'FI', { day: '2024-09-01' })).lines[0]?.rate).toBe(2550);
    });
  });

  describe('business buyers', () => {
    it.each<VatMode>(['ireland', 'oss'])(
      '%s: a valid German number is an intra-Community supply at the price less Irish VAT',
      (mode) => {
        const input = order(mode, 'DE', { business: { country: 'DE' } });
        expect(vatBreakdown(input)).toEqual({
          country: 'DE',
          lines: IRISH.map((l) => ({ rate: 0, net: l.net, vat: 0 })),
          totalNet: 8619,
          totalVat: 0,
          scheme: 'intra_community',
        });
        expectConsistent(input);
      },
    );

    it.each(['FR', 'HU'])('%s business: intra-Community in every registered mode', (country) => {
      expect(vatBreakdown(order('oss', country, { business: { country } })).scheme).toBe('intra_community');
    });

    it('an Irish number pays Irish VAT, wherever the goods go', () => {
      expect(vatBreakdown(order('oss', 'IE', { business: { country: 'IE' } }))).toMatchObject({
        lines: IRISH,
        scheme: 'domestic',
      });
      expect(vatBreakdown(order('oss', 'DE', { business: { country: 'IE' } })).scheme).toBe('domestic');
    });

    it.each(['DE', 'FR', 'XI'])(
      'a valid %s number on goods delivered in Ireland: a domestic supply at the Irish rate, the full price',
      (numberCountry) => {
        for (const mode of ['ireland', 'oss'] as const) {
          const input = order(mode, 'IE', { business: { country: numberCountry } });
          expect(vatBreakdown(input)).toEqual({
            country: 'IE',
            lines: IRISH,
            totalNet: 8619,
            totalVat: 1981,
            scheme: 'domestic',
          });
          expect(amountCharged(vatBreakdown(input))).toBe(GROSS);
        }
        expect(isIntraCommunitySupply('IE', { country: numberCountry })).toBe(false);
        expect(isIntraCommunitySupply('DE', { country: numberCountry })).toBe(true);
      },
    );

    it('goods to Northern Ireland for a German business leave Ireland: intra-Community', () => {
      expect(vatBreakdown(order('ireland', 'XI', { business: { country: 'DE' } })).scheme).toBe(
        'intra_community',
      );
    });

    it('a business outside the EU is an export; an unregistered seller charges none', () => {
      expect(vatBreakdown(order('oss', 'US', { business: { country: 'DE' } })).scheme).toBe('export');
      expect(vatBreakdown(order('none', 'DE', { business: { country: 'DE' } })).scheme).toBe('none');
    });
  });

  describe('Great Britain', () => {
    it("'no_sale': refused before any VAT", () => {
      expect(refusesDestination('no_sale', 'GB')).toBe(true);
      expect(refusesDestination('no_sale', 'DE')).toBe(false);
      expect(() => vatBreakdown(order('ireland', 'GB'))).toThrow(NoSaleToGbError);
    });

    it("'uk_vat': UK VAT at 20%", () => {
      const vat = vatBreakdown(order('ireland', 'GB', { gb: 'uk_vat' }));
      expect(vat.scheme).toBe('uk');
      expect(vat.lines[0]).toEqual({ rate: 2000, net: 7417, vat: 1483 });
      expect(refusesDestination('uk_vat', 'GB')).toBe(false);
    });
  });

  it('counts distance sales: consumers in other member states only', () => {
    expect(isEuDistanceSale({ country: 'DE', business: false })).toBe(true);
    expect(isEuDistanceSale({ country: 'DE', business: true })).toBe(false);
    expect(isEuDistanceSale({ country: 'IE', business: false })).toBe(false);
    expect(isEuDistanceSale({ country: 'US', business: false })).toBe(false);
  });
});
