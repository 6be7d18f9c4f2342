import { describe, expect, it } from 'vitest';
import { vatInside } from '../../domain/vat/vat-breakdown';
import { CSV_BOM, csvDocument } from '../lib/csv';
import type { OrderLineRow, OrderRow } from '../orders';
import { ordersCsv, ordersCsvHeader } from './csv';

/** One cell as the document writes it: a one-column file's only row, without the header and the CRLF. */
function csvCell(value: string | number | null): string {
  const prefix = `${CSV_BOM}h\r\n`;
  const document = csvDocument(['h'], [[value]]);
  expect(document.startsWith(prefix) && document.endsWith('\r\n')).toBe(true);
  return document.slice(prefix.length, -2);
}

describe('CSV cells (RFC 4180, CSV injection)', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(35)).toBe('35');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}HYPERLINK("x")`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell('Síle Ó Briain €')).toBe('Síle Ó Briain €');
  });

  it('writes a BOM, CRLF rows and a final CRLF', () => {
    expect(csvDocument(['A', 'B'], [['1', 'x,y']])).toBe(`${CSV_BOM}A,B\r\n1,"x,y"\r\n`);
  });

  it('computes the VAT a gross amount includes at the configured rate, by the one rounding rule', () => {
    expect(vatInside(12300, 2300)).toBe(2300);
    expect(vatInside(3500, 2300)).toBe(654);
    expect(vatInside(0, 2300)).toBe(0);
    expect(vatInside(13500, 1350)).toBe(1606);
  });

  it('writes one row per order with lines, sizes and a neutralised shopper name', () => {
    const row = {
      reference: 'SOL-AB12CD34',
      paid_at: '2026-11-20T10:00:00.000Z',
      email: 'aoife@example.ie',
      shipping_name: '=cmd|calc',
      shipping_address: JSON.stringify({ country: 'IE' }),
      subtotal: 7000,
      discount: 0,
      discount_code: null,
      shipping: 0,
      gift_wrap: 350,
      total: 7350,
      refunded: 350,
      desk_status: 'partially_refunded',
      channel: 'web',
      provider: 'stripe',
      payment_method: null,
    } as unknown as OrderRow;
    const lines = [
      { product_id: '1', name: 'First Light', quantity: 1, size: 'M' },
      { product_id: '5', name: 'Sea Glass', quantity: 1, size: 'L' },
    ] as unknown as OrderLineRow[];
    const summer = { ...row, paid_at: '2026-07-20T10:00:00.000Z' } as OrderRow;
    // Rows stored before their VAT was kept read as the first start's rate and number.
    const seller = { before: { vatNumber: 'IE1234567T', vatRate: 23 }, rateNow: 23, registeredNow: true };
    const [header, first, second, end] = ordersCsv(
      [
        { row, lines },
        { row: summer, lines },
      ],
      seller,
    ).split('\r\n');
    expect(header).toBe(`${CSV_BOM}${ordersCsvHeader(23).join(',')}`);
    expect(header).toContain('VAT included at 23% (EUR)');
    // Times are Irish local time with their offset (winter +00:00, summer +01:00).
    expect(first).toBe(
      "SOL-AB12CD34,2026-11-20T10:00:00+00:00,aoife@example.ie,'=cmd|calc,IE,1 x First Light; 1 x Sea Glass,First Light: M; Sea Glass: L,70.00,0.00,,0.00,3.50,73.50,3.50,13.09,partially_refunded,,,web,Card (Stripe)",
    );
    // How it was paid is the last column, after every column the export had before it.
    expect(ordersCsvHeader(23).at(-1)).toBe('Paid by');
    expect(ordersCsvHeader(23).at(-2)).toBe('Channel');
    const manual = ordersCsv(
      [{ row: { ...row, channel: 'manual', payment_method: 'bank_transfer' } as OrderRow, lines }],
      seller,
    );
    expect(manual.split('\r\n')[1]?.endsWith(',manual,Bank transfer')).toBe(true);
    expect(second?.split(',')[1]).toBe('2026-07-20T11:00:00+01:00');
    expect(end).toBe('');
    // Registered now, an order sold before without a VAT number: the column stays, empty.
    const [, unregistered] = ordersCsv([{ row, lines }], {
      before: { vatNumber: null, vatRate: 23 },
      rateNow: 23,
      registeredNow: true,
    }).split('\r\n');
    expect(unregistered?.split(',').at(-6)).toBe('');
    // Not registered, no order charged VAT: no VAT column at all.
    const [noVatHeader, noVat] = ordersCsv([{ row, lines }], {
      before: { vatNumber: null, vatRate: 23 },
      rateNow: 23,
      registeredNow: false,
    }).split('\r\n');
    expect(noVatHeader).not.toMatch(/VAT/);
    expect(noVatHeader).toBe(`${CSV_BOM}${ordersCsvHeader('none').join(',')}`);
    expect(noVat).toBe(
      "SOL-AB12CD34,2026-11-20T10:00:00+00:00,aoife@example.ie,'=cmd|calc,IE,1 x First Light; 1 x Sea Glass,First Light: M; Sea Glass: L,70.00,0.00,,0.00,3.50,73.50,3.50,partially_refunded,,,web,Card (Stripe)",
    );
    // A quote's custom line has no bracelet size.
    const custom = [
      { product_id: 'custom:Q-ABCDEFGH:1', name: 'Bespoke set', quantity: 2, size: 'M' },
    ] as unknown as OrderLineRow[];
    const fromQuote = {
      ...row,
      quote_reference: 'Q-ABCDEFGH',
      enquiry_id: 'enq_abc',
      channel: 'quote',
    } as OrderRow;
    const [, quoted] = ordersCsv([{ row: fromQuote, lines: custom }], seller).split('\r\n');
    // A custom line has no size: its order's Sizes cell is empty.
    expect(quoted).toContain(',2 x Bespoke set,,');
    // The quote and the enquiry it answered, then the channel.
    expect(quoted?.endsWith(',partially_refunded,Q-ABCDEFGH,enq_abc,quote,Card (Stripe)')).toBe(true);
  });
});

describe('the orders CSV with the VAT each order was charged', () => {
  const base = {
    reference: 'SOL-AB12CD34',
    paid_at: '2026-11-20T10:00:00.000Z',
    email: 'aoife@example.ie',
    shipping_name: 'Aoife',
    shipping_address: JSON.stringify({ country: 'IE' }),
    subtotal: 12300,
    discount: 0,
    discount_code: null,
    shipping: 0,
    gift_wrap: 0,
    total: 12300,
    refunded: 0,
    desk_status: 'paid',
    channel: 'web',
    provider: 'test-checkout',
    payment_method: null,
    vat_rate_bp: null,
    vat_number: null,
  } as unknown as OrderRow;
  const lines = [
    { product_id: '1', name: 'First Light', quantity: 1, size: 'M' },
  ] as unknown as OrderLineRow[];
  const before = { vatNumber: 'IE1234567T', vatRate: 23 };
  const vatCell = (line: string | undefined, header: readonly string[], name: string) =>
    line?.split(',')[header.indexOf(name)];

  it('names the one rate in the header when every order was charged it', () => {
    const at21 = { ...base, vat_rate_bp: 2100, vat_number: 'IE1234567T' } as OrderRow;
    const [header, first] = ordersCsv([{ row: at21, lines }], {
      before,
      rateNow: 23,
      registeredNow: true,
    }).split('\r\n');
    const names = ordersCsvHeader(21);
    expect(header).toBe(`${CSV_BOM}${names.join(',')}`);
    expect(vatCell(first, names, 'VAT included at 21% (EUR)')).toBe('21.35');
    // No order charged VAT: the header names the rate set now.
    const [unregistered] = ordersCsv([{ row: { ...at21, vat_number: null } as OrderRow, lines }], {
      before,
      rateNow: 13.5,
      registeredNow: true,
    }).split('\r\n');
    expect(unregistered).toContain('VAT included at 13.5% (EUR)');
  });

  it("gives each order's rate in a last column when the rates differ, an older order at the first start's", () => {
    const old = base;
    const at21 = {
      ...base,
      reference: 'SOL-NEW00001',
      vat_rate_bp: 2100,
      vat_number: 'IE1234567T',
    } as OrderRow;
    const unregistered = {
      ...base,
      reference: 'SOL-NEW00002',
      vat_rate_bp: 2100,
      vat_number: null,
    } as OrderRow;
    const [header, first, second, third] = ordersCsv(
      [
        { row: old, lines },
        { row: at21, lines },
        { row: unregistered, lines },
      ],
      { before, rateNow: 21, registeredNow: true },
    ).split('\r\n');
    const names = ordersCsvHeader(null);
    expect(header).toBe(`${CSV_BOM}${names.join(',')}`);
    expect(names.at(-2)).toBe('VAT rate');
    expect(names.at(-3)).toBe('Channel');
    expect(vatCell(first, names, 'VAT included (EUR)')).toBe('23.00');
    expect(first?.endsWith(',web,23%,Test checkout (no money taken)')).toBe(true);
    expect(vatCell(second, names, 'VAT included (EUR)')).toBe('21.35');
    expect(second?.endsWith(',web,21%,Test checkout (no money taken)')).toBe(true);
    // Sold without a VAT number: no VAT, no rate.
    expect(vatCell(third, names, 'VAT included (EUR)')).toBe('');
    expect(third?.endsWith(',web,,Test checkout (no money taken)')).toBe(true);
  });
});
