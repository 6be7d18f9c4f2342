import { describe, expect, it } from 'vitest';
import type { DiscountedTotals } from '../offers/discounts';
import { cents } from '../shared/money';
import { formatUnitPrice } from '../vat/invoice-text';
import { orderVatLines, pieceDescription } from './vat-lines';

const line = (id: string, unitPrice: number, quantity: number) => ({
  id,
  name: `Piece ${id}`,
  size: 'M' as const,
  unitPrice: cents(unitPrice),
  quantity,
  image: null,
  lineTotal: cents(unitPrice * quantity),
});

const totals = (
  lines: DiscountedTotals['lines'],
  discount: number,
  shipping = 995,
  giftWrap = 350,
): Pick<DiscountedTotals, 'lines' | 'shipping' | 'giftWrap' | 'discount'> => ({
  lines,
  shipping: cents(shipping),
  giftWrap: cents(giftWrap),
  discount: cents(discount),
});

describe('the lines an order VAT is computed on', () => {
  it('are the pieces, the shipping and the gift wrap, each at what it costs', () => {
    expect(orderVatLines(totals([line('1', 4000, 1), line('3', 3500, 2)], 0))).toEqual([
      { kind: 'piece', line: 0, description: 'Beaded bracelet: Piece 1, size M', quantity: 1, gross: 4000 },
      { kind: 'piece', line: 1, description: 'Beaded bracelet: Piece 3, size M', quantity: 2, gross: 7000 },
      { kind: 'shipping', line: null, description: 'Shipping', quantity: 1, gross: 995 },
      { kind: 'gift_wrap', line: null, description: 'Gift wrap', quantity: 1, gross: 350 },
    ]);
  });

  it('spread a discount over the pieces by price, to the cent', () => {
    const lines = orderVatLines(
      totals([line('1', 3333, 1), line('2', 3333, 1), line('3', 3334, 1)], 1001, 0, 0),
    );
    expect(lines.map((l) => l.gross)).toEqual([2999, 3000, 3000]);
    expect(lines.reduce((s, l) => s + l.gross, 0)).toBe(10_000 - 1001);
  });

  it('leave out what is not goods (a gift card)', () => {
    const lines = orderVatLines(
      totals([line('1', 4000, 1), line('GC', 5000, 1)], 0, 0, 0),
      (l) => l.id !== 'GC',
    );
    expect(lines).toEqual([
      { kind: 'piece', line: 0, description: 'Beaded bracelet: Piece 1, size M', quantity: 1, gross: 4000 },
    ]);
  });
});

describe('an invoice line of a piece', () => {
  it('names the goods (art. 226(6)), then the piece and its size', () => {
    expect(pieceDescription('First Light', 'M')).toBe('Beaded bracelet: First Light, size M');
    expect(pieceDescription('First Light', null)).toBe('Beaded bracelet: First Light');
  });
});

describe('a unit price net of VAT (art. 226(8))', () => {
  it('is the line net shared by its pieces, to the hundredth of a cent, never rounded away from the line', () => {
    expect(formatUnitPrice(5691, 2)).toBe('€28.455');
    expect(formatUnitPrice(7479, 1)).toBe('€74.79');
    expect(formatUnitPrice(100, 3)).toBe('€0.3333');
    expect(formatUnitPrice(14472, 2)).toBe('€72.36');
    expect(formatUnitPrice(-5691, 2)).toBe('-€28.455');
  });
});
