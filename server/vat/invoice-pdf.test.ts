import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_WORDING } from '../../domain/vat/invoice-text';
import { invoicePdf } from './invoice-pdf';
import type { StoredInvoice } from './vat-store';

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const SELLER = {
  name: 'Aoife Byrne Jewellery',
  address: '1 Quay St, Galway, H91 X2Y3',
  vatNumber: 'IE1234567T',
};

const CONSUMER: StoredInvoice = {
  number: '2026-000042',
  orderReference: 'SOL-A1B2C3D4',
  issuedAt: '2026-11-27T10:00:00.000Z',
  country: 'DE',
  scheme: 'oss',
  totalNet: 8907,
  totalVat: 1693,
  lines: [
    { description: 'First Light ring, size M', quantity: 1, rate: 1900, net: 7479, vat: 1421 },
    { description: 'Shipping', quantity: 1, rate: 1900, net: 1008, vat: 192 },
    { description: 'Gift wrap', quantity: 1, rate: 1900, net: 420, vat: 80 },
  ],
  seller: SELLER,
  buyer: { name: 'Greta Vogel', address: 'Hauptstr. 1, 10115 Berlin, Germany', vatNumber: null },
  viesConsultation: null,
};

describe('the invoice PDF', () => {
  it("holds Article 226's fields as extractable text, € signs included", async () => {
    const pdf = await invoicePdf({ invoice: CONSUMER });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const field of [
      'Invoice number: 2026-000042',
      'Date of issue: 27 November 2026',
      'Aoife Byrne Jewellery',
      '1 Quay St, Galway, H91 X2Y3',
      'VAT number: IE1234567T',
      'Greta Vogel',
      'Hauptstr. 1, 10115 Berlin, Germany',
      'First Light ring, size M',
      'Unit price (net)',
      '€74.79',
      '19%',
      '€14.21',
      '19%: net €89.07, VAT €16.93',
      'Total paid: €106.00',
      'Union One-Stop Shop',
    ]) {
      expect(text).toContain(field);
    }
  });

  it("a business's invoice: its VAT number, the consultation and the reverse-charge wording", async () => {
    const invoice: StoredInvoice = {
      ...CONSUMER,
      scheme: 'intra_community',
      totalNet: 8619,
      totalVat: 0,
      lines: [{ description: 'First Light ring, size M', quantity: 2, rate: 0, net: 14472, vat: 0 }],
      buyer: { name: 'Vogel GmbH', address: 'Hauptstr. 1, 10115 Berlin', vatNumber: 'DE123456789' },
      viesConsultation: 'WAPI0000000001',
    };
    const text = await textOf(await invoicePdf({ invoice }));
    expect(text).toContain('VAT number: DE123456789');
    expect(text).toContain('VIES consultation number: WAPI0000000001');
    expect(text).toContain('€72.36'); // unit price net of two
    expect(text).toContain(REVERSE_CHARGE_WORDING);
  });

  it('a credit note names the invoice it corrects', async () => {
    const text = await textOf(
      await invoicePdf({
        invoice: CONSUMER,
        creditNote: {
          number: 'CN-2026-000001',
          invoiceNumber: CONSUMER.number,
          orderReference: CONSUMER.orderReference,
          refundId: 're_1',
          issuedAt: '2026-12-01T10:00:00.000Z',
          totalNet: 1008,
          totalVat: 192,
          lines: [
            { description: 'Refund of invoice 2026-000042', quantity: 1, rate: 1900, net: 1008, vat: 192 },
          ],
        },
      }),
    );
    expect(text).toContain('Credit note number: CN-2026-000001');
    expect(text).toContain('Corrects invoice 2026-000042');
    expect(text).toContain('Total refunded: €12.00');
  });
});
