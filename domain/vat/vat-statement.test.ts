import { describe, expect, it } from 'vitest';
import { NOTHING_TAXABLE_TEXT, settledVat, vatStatementText } from './vat-statement';

describe('settledVat', () => {
  it('names each rate VAT was charged at once, in the order the lines first use it, and no 0% line', () => {
    expect(
      settledVat({
        scheme: 'oss',
        country: 'FR',
        totalVat: 1000,
        lines: [
          { rate: 2000, vat: 600 },
          { rate: 2300, vat: 0 },
          { rate: 1350, vat: 150 },
          { rate: 2000, vat: 250 },
        ],
      }),
    ).toEqual({ scheme: 'oss', country: 'FR', totalVat: 1000, rates: [2000, 1350] });
  });
});

describe('vatStatementText', () => {
  const seller = { sellerName: 'Solas Jewellery', vatNumber: 'IE1234567T' };

  it('joins two rates and leaves out a number the order was not charged with', () => {
    expect(
      vatStatementText({
        vat: { scheme: 'domestic', country: 'IE', totalVat: 1234, rates: [2300, 1350] },
        sellerName: 'Solas Jewellery',
        vatNumber: null,
      }),
    ).toBe('€12.34 VAT included in the total, at 23% and 13.5%.');
  });

  it('says no VAT is charged for an export, whatever the seller’s number', () => {
    expect(
      vatStatementText({ vat: { scheme: 'export', country: 'US', totalVat: 0, rates: [] }, ...seller }),
    ).toBe('Export outside the EU, exempt under Article 146 of Directive 2006/112/EC: no VAT is charged.');
  });

  it('says nothing taxable, never "at ." with no rate, for gift cards alone in a registered mode', () => {
    for (const scheme of ['domestic', 'oss', 'uk'] as const) {
      expect(vatStatementText({ vat: { scheme, country: 'IE', totalVat: 0, rates: [] }, ...seller })).toBe(
        NOTHING_TAXABLE_TEXT,
      );
    }
  });
});
