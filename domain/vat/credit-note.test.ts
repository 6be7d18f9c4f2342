import { describe, expect, it } from 'vitest';
import { creditNoteLines, PART_OF_PRICE } from './credit-note';

const BRACELET = {
  description: 'Beaded bracelet: First Light, size M',
  quantity: 2,
  rate: 2300,
  net: 5691,
  vat: 1309,
};
const SHIPPING = { description: 'Shipping', quantity: 1, rate: 2300, net: 402, vat: 93 };
const INVOICE = [BRACELET, SHIPPING];
const sum = (lines: readonly { net: number; vat: number }[]) => lines.reduce((s, l) => s + l.net + l.vat, 0);

describe('what a credit note credits', () => {
  it('a refund of everything: every line of the invoice, its goods, quantity, net and VAT', () => {
    expect(creditNoteLines(INVOICE, [], 7495)).toEqual([
      { invoiceLine: 0, ...BRACELET },
      { invoiceLine: 1, ...SHIPPING },
    ]);
  });

  it('a refund in part: each line reduced in proportion, to the cent, its VAT at its rate', () => {
    const lines = creditNoteLines(INVOICE, [], 1000);
    expect(sum(lines)).toBe(1000);
    expect(lines.map((l) => l.description)).toEqual([
      `${BRACELET.description} ${PART_OF_PRICE}`,
      `Shipping ${PART_OF_PRICE}`,
    ]);
    expect(lines.map((l) => l.net + l.vat)).toEqual([934, 66]);
    expect(lines[0]?.vat).toBe(175); // 23% inside €9.34
  });

  it('the rest after a refund in part: what is left of each line, adding up to the invoice exactly', () => {
    const first = creditNoteLines(INVOICE, [], 1000);
    const rest = creditNoteLines(INVOICE, first, 6495);
    expect(sum(rest)).toBe(6495);
    const all = [...first, ...rest];
    expect(all.filter((l) => l.invoiceLine === 0).reduce((s, l) => s + l.vat, 0)).toBe(BRACELET.vat);
    expect(all.filter((l) => l.invoiceLine === 1).reduce((s, l) => s + l.net, 0)).toBe(SHIPPING.net);
  });

  it('after a note that credited no lines (issued before), what is left in proportion', () => {
    const legacy = [
      { description: 'Refund of invoice 2026-000001', quantity: 1, rate: 2300, net: 813, vat: 187 },
    ];
    const rest = creditNoteLines(INVOICE, legacy, 6495);
    expect(sum(rest)).toBe(6495);
  });
});
