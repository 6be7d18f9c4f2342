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

/** What pdfinfo reports as "Tagged: yes", the language and the title, read from the catalog and info. */
async function accessibilityOf(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  const tree = (await (await doc.getPage(1)).getStructTree()) as { children: { role: string }[] } | null;
  const raw = pdf.toString('latin1');
  return {
    marked: (await doc.getMarkInfo())?.Marked === true,
    language: info.Language,
    title: info.Title,
    displayTitle: raw.includes('/DisplayDocTitle true'),
    pdfUa: raw.includes('<pdfuaid:part>1</pdfuaid:part>'),
    root: tree?.children.map((c) => c.role),
  };
}

function roles(node: { role?: string; children?: unknown[] }): string[] {
  const own = node.role ? [node.role] : [];
  return [
    ...own,
    ...(node.children ?? []).flatMap((c) => roles(c as { role?: string; children?: unknown[] })),
  ];
}

describe('the invoice PDF', () => {
  it('is tagged PDF/UA in Irish English with its title: headings, paragraphs and a table with its header row', async () => {
    const pdf = await invoicePdf({ invoice: CONSUMER });
    expect(await accessibilityOf(pdf)).toEqual({
      marked: true,
      language: 'en-IE',
      title: 'Invoice 2026-000042',
      displayTitle: true,
      pdfUa: true,
      root: ['Document'],
    });
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const all = roles((await (await doc.getPage(1)).getStructTree()) as { children: unknown[] });
    expect(all.filter((r) => r === 'TH')).toHaveLength(6);
    expect(all.filter((r) => r === 'TR')).toHaveLength(1 + CONSUMER.lines.length);
    expect(all).toContain('H1');
  });

  it('prints a unit price to the hundredth of a cent, and the line as stored: 2 x €28.455 is €56.91', async () => {
    const invoice: StoredInvoice = {
      ...CONSUMER,
      country: 'IE',
      scheme: 'domestic',
      totalNet: 5691,
      totalVat: 1309,
      lines: [
        {
          description: 'Beaded bracelet: First Light, size M',
          quantity: 2,
          rate: 2300,
          net: 5691,
          vat: 1309,
        },
      ],
    };
    const text = await textOf(await invoicePdf({ invoice }));
    expect(text).toContain('Beaded bracelet: First Light, size M');
    expect(text).toContain('€28.455');
    expect(text).not.toContain('€28.46');
    expect(text).toContain('€56.91');
    expect(text).toContain('Total paid: €70.00');
  });

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
