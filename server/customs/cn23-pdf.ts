/**
 * The CN23 customs declaration as a PDF (docs/product/customs.md §21.2), with pdfkit: the sender with her
 * EORI number, the recipient, each item (description, quantity, net weight, value, origin, HS code), the
 * category "Sale of goods", the totals and the currency. A4 for the desk's printer, A6 to go on the parcel
 * beside the label. Real text in the standard Helvetica (amounts are written "35.00 EUR", so no sign
 * outside its encoding is needed): a machine can read it back.
 */
import { CUSTOMS_REASON, type CustomsItem, customsTotals } from '../../domain/customs/customs-items';
import { countryName } from '../../domain/shared/countries';
import { loadPdfKit } from '../lib/lazy-module';

export interface Cn23Declaration {
  readonly reference: string;
  /** 'YYYY-MM-DD': the day it is printed (Irish calendar). */
  readonly date: string;
  readonly sender: { readonly name: string; readonly address: string; readonly eori: string | null };
  readonly recipient: {
    readonly name: string;
    readonly lines: readonly string[];
    /** ISO alpha-2. */
    readonly country: string;
  };
  readonly items: readonly CustomsItem[];
  readonly currency: string;
}

export type Cn23Size = 'a4' | 'a6';

/** "63.00 EUR". */
export function customsAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The words of the declaration, in reading order: the PDF writes these and a test reads them back. */
export function cn23Lines(d: Cn23Declaration): {
  title: string;
  sender: string[];
  recipient: string[];
  items: string[][];
  footer: string[];
} {
  const totals = customsTotals(d.items);
  return {
    title: 'CN23 Customs declaration',
    sender: [
      `From: ${d.sender.name}`,
      d.sender.address,
      `EORI: ${d.sender.eori ?? 'not given (add it in Settings)'}`,
    ],
    recipient: [`To: ${d.recipient.name}`, ...d.recipient.lines, countryName(d.recipient.country)],
    items: d.items.map((item, i) => [
      `${i + 1}. ${item.description}`,
      `Quantity: ${item.quantity}`,
      `Net weight: ${item.weightGrams} g`,
      `Value: ${customsAmount(item.valueCents, item.currency)}`,
      `Origin: ${item.originCountry}`,
      `HS code: ${item.hsCode}`,
    ]),
    footer: [
      `Category of item: ${CUSTOMS_REASON}`,
      `Total net weight: ${totals.weightGrams} g`,
      `Total value: ${customsAmount(totals.valueCents, d.currency)}`,
      `Currency: ${d.currency}`,
      `Order: ${d.reference}`,
      `Date: ${d.date}`,
      'I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article prohibited by postal or customs regulations.',
      `Signature: ${d.sender.name}`,
    ],
  };
}

function render(doc: PDFKit.PDFDocument, d: Cn23Declaration, size: Cn23Size): void {
  const small = size === 'a6';
  const text = cn23Lines(d);
  const base = small ? 6.5 : 10;
  const write = (line: string, font = REGULAR) => {
    doc.font(font).fontSize(base).text(line);
  };
  doc
    .font(BOLD)
    .fontSize(small ? 10 : 16)
    .text(text.title);
  doc.moveDown(small ? 0.3 : 0.8);
  for (const [i, line] of text.sender.entries()) write(line, i === 0 ? BOLD : REGULAR);
  doc.moveDown(small ? 0.3 : 0.6);
  for (const [i, line] of text.recipient.entries()) write(line, i === 0 ? BOLD : REGULAR);
  doc.moveDown(small ? 0.3 : 0.8);
  doc.font(BOLD).fontSize(base).text('Contents');
  for (const item of text.items) {
    const [title, ...fields] = item;
    write(title ?? '', BOLD);
    // A4 has room for the fields on one line; A6 writes them two by two.
    if (small) {
      for (let i = 0; i < fields.length; i += 2) write(fields.slice(i, i + 2).join('   '));
    } else {
      write(fields.join('   '));
    }
    doc.moveDown(small ? 0.15 : 0.3);
  }
  doc.moveDown(small ? 0.3 : 0.6);
  for (const [i, line] of text.footer.entries()) write(line, i < 3 ? BOLD : REGULAR);
}

/** The PDF's bytes. */
export function cn23Pdf(declaration: Cn23Declaration, size: Cn23Size = 'a4'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const PDFDocument = loadPdfKit();
    const doc = new PDFDocument({
      size: size === 'a6' ? 'A6' : 'A4',
      margin: size === 'a6' ? 14 : 50,
      lang: 'en-IE',
      displayTitle: true,
      info: { Title: `CN23 ${declaration.reference}`, Author: declaration.sender.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      render(doc, declaration, size);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
