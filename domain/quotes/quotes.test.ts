import { describe, expect, it } from 'vitest';
import { lineNameWithSize } from '../catalogue/sizes';
import { parseIsoDate } from '../shared/calendar-date';
import { isCustomLineId } from '../shared/custom-line';
import { cents } from '../shared/money';
import {
  customLineId,
  orderDiscountLabel,
  priceQuote,
  type QuoteLine,
  quoteClosedMessage,
  quoteExpiresAt,
  quoteLineKind,
  quoteStatus,
} from './quotes';

function line(unitPrice: number, quantity: number, productId: string | null = '3'): QuoteLine {
  return {
    productId,
    name: 'Tawny Strand',
    size: productId ? 'M' : null,
    unitPrice: cents(unitPrice),
    quantity,
  };
}

function date(text: string) {
  const d = parseIsoDate(text);
  if (!d) throw new Error(text);
  return d;
}

describe('priceQuote', () => {
  it('takes the percent off the lines, rounded up to the cent in the client’s favour', () => {
    // 3 x €19.99 = €59.97; 33% = €19.7901 -> €19.80 off.
    const totals = priceQuote([line(1999, 3, null)], 'IE', 33);
    expect(totals).toMatchObject({ subtotal: 5997, discount: 1980, discountPercent: 33 });
    expect(totals.total).toBe(5997 - 1980);
  });

  it('compares the free-shipping threshold with the lines after the discount', () => {
    // €45 of lines: free before the discount; 15% off leaves €38.25, under €40, so Ireland's fee applies.
    const below = priceQuote([line(4500, 1)], 'IE', 15);
    expect(below).toMatchObject({ discount: 675, shipping: 495, freeShipping: false, total: 3825 + 495 });
    const above = priceQuote([line(4500, 1)], 'IE', 10);
    expect(above).toMatchObject({ discount: 450, shipping: 0, freeShipping: true, total: 4050 });
  });

  it('charges the zone’s fee where there is no free shipping, and no gift wrap', () => {
    const eu = priceQuote([line(3500, 30)], 'EU', 15);
    expect(eu).toMatchObject({ subtotal: 105000, discount: 15750, shipping: 995, giftWrap: 0 });
    expect(eu.total).toBe(105000 - 15750 + 995);
  });

  it('has no discount at 0%', () => {
    expect(priceQuote([line(3500, 2)], 'WORLD', 0)).toMatchObject({
      discount: 0,
      shipping: 1495,
      total: 8495,
    });
  });
});

describe('quote status and validity', () => {
  it('is valid through the end of its Irish calendar day (winter and summer time)', () => {
    expect(quoteExpiresAt(date('2026-12-01')).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(quoteExpiresAt(date('2026-07-01')).toISOString()).toBe('2026-07-01T23:00:00.000Z');
  });

  it('says paid over withdrawn over expired, then sent or draft', () => {
    const q = { paid: false, withdrawn: false, sent: false, validUntil: date('2026-12-01') };
    const before = new Date('2026-12-01T23:59:59Z');
    const after = new Date('2026-12-02T00:00:00Z');
    expect(quoteStatus(q, before)).toBe('draft');
    expect(quoteStatus({ ...q, sent: true }, before)).toBe('sent');
    expect(quoteStatus({ ...q, sent: true }, after)).toBe('expired');
    expect(quoteStatus({ ...q, withdrawn: true }, after)).toBe('withdrawn');
    expect(quoteStatus({ ...q, withdrawn: true, paid: true }, after)).toBe('paid');
    expect(quoteClosedMessage('sent')).toBeNull();
    expect(quoteClosedMessage('expired')).toMatch(/expired/);
  });
});

describe('quote lines', () => {
  it('tells a catalogue line from a custom one, and refuses a mix', () => {
    expect(quoteLineKind({ productId: '3', size: 'M', quantity: 1 })).toBe('catalogue');
    expect(quoteLineKind({ name: 'Bespoke', unitPrice: 100, quantity: 1 })).toBe('custom');
    expect(quoteLineKind({ productId: '3', unitPrice: 100, quantity: 1 })).toBeNull();
    expect(quoteLineKind({ name: 'Bespoke', quantity: 1 })).toBeNull();
    expect(quoteLineKind({ name: 'Bespoke', unitPrice: 1, size: 'S', quantity: 1 })).toBeNull();
  });

  it('gives custom lines an id no product has, shown without a size', () => {
    const id = customLineId('Q-ABCDEFGH', 0);
    expect(id).toBe('custom:Q-ABCDEFGH:1');
    expect(isCustomLineId(id)).toBe(true);
    expect(isCustomLineId('3')).toBe(false);
    expect(lineNameWithSize({ id, name: 'Bespoke set', size: 'M' })).toBe('Bespoke set');
    expect(lineNameWithSize({ id: '3', name: 'Tawny Strand', size: 'M' })).toBe('Tawny Strand (Medium)');
  });
});

describe("an order's discount line (docs/product/vat.md §20)", () => {
  it("names a quote's, a code's and the tier's, and the VAT a business was not charged", () => {
    expect(orderDiscountLabel({ quoteReference: 'Q-1' })).toBe('Quote discount');
    expect(orderDiscountLabel({ discountCode: 'XMAS15' })).toBe('Discount (XMAS15)');
    expect(orderDiscountLabel({ discount: 748, vatNotCharged: 748 })).toBe('VAT (reverse charge)');
    expect(orderDiscountLabel({ discount: 1200, discountCode: 'XMAS15', vatNotCharged: 748 })).toBe(
      'Discount (XMAS15) and VAT (reverse charge)',
    );
    expect(orderDiscountLabel({ discount: 500, vatNotCharged: 0 })).toBe('Early bird');
  });
});
