/**
 * An invoice or credit note as a PDF (docs/product/vat.md §20), with pdfkit: every field Article 226 of
 * Directive 2006/112/EC asks (date, number, seller's name, address and VAT number, buyer's name and
 * address and a business's VAT number, each line's quantity, description, unit price net of VAT, rate
 * and VAT, the totals per rate, the exemption or reverse-charge wording). The text is real text in an
 * embedded DejaVu Sans (it has the € sign), so it can be copied and read by machines.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { formatDayOfMonth, irishDate } from '../../domain/shared/calendar-date';
import { type Cents, formatEuro } from '../../domain/shared/money';
import { formatRate, schemeWording, totalsPerRate } from '../../domain/vat/invoice-text';
import type { InvoiceLine, StoredCreditNote, StoredInvoice } from './vat-store';

// From import.meta.url, which the server bundle rewrites to this source file's place (scripts/build-server.ts):
// the fonts stay beside it, not beside dist/server/main.mjs.
const FONTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
const REGULAR = path.join(FONTS, 'DejaVuSans.ttf');
const BOLD = path.join(FONTS, 'DejaVuSans-Bold.ttf');

const euro = (value: number) => formatEuro(value as Cents);

/** "27 November 2026": an invoice's dates on Irish clocks. */
function formatIrishDate(instant: Date): string {
  const day = irishDate(instant);
  return `${formatDayOfMonth(day)} ${day.slice(0, 4)}`;
}

export interface PdfDocumentInput {
  readonly invoice: StoredInvoice;
  /** A credit note of the invoice: the PDF is the note, naming the invoice it corrects. */
  readonly creditNote?: StoredCreditNote;
}

function render(doc: PDFKit.PDFDocument, input: PdfDocumentInput): void {
  const { invoice, creditNote } = input;
  const number = creditNote?.number ?? invoice.number;
  const issuedAt = new Date(creditNote?.issuedAt ?? invoice.issuedAt);
  const lines: readonly InvoiceLine[] = creditNote?.lines ?? invoice.lines;

  doc
    .font(BOLD)
    .fontSize(18)
    .text(creditNote ? 'Credit note' : 'Invoice');
  doc.moveDown(0.5).font(REGULAR).fontSize(10);
  doc.text(`${creditNote ? 'Credit note number' : 'Invoice number'}: ${number}`);
  doc.text(`Date of issue: ${formatIrishDate(issuedAt)}`);
  doc.text(`Date of supply: ${formatIrishDate(new Date(invoice.issuedAt))}`);
  if (creditNote)
    doc.text(`Corrects invoice ${invoice.number} of ${formatIrishDate(new Date(invoice.issuedAt))}`);
  doc.text(`Order: ${invoice.orderReference}`);

  doc.moveDown().font(BOLD).text('Seller');
  doc.font(REGULAR).text(invoice.seller.name).text(invoice.seller.address);
  if (invoice.seller.vatNumber) doc.text(`VAT number: ${invoice.seller.vatNumber}`);

  doc.moveDown().font(BOLD).text('Customer');
  doc.font(REGULAR).text(invoice.buyer.name);
  if (invoice.buyer.address) doc.text(invoice.buyer.address);
  if (invoice.buyer.vatNumber) doc.text(`VAT number: ${invoice.buyer.vatNumber}`);
  if (invoice.viesConsultation) doc.text(`VIES consultation number: ${invoice.viesConsultation}`);

  doc.moveDown().font(BOLD);
  const columns = [50, 85, 300, 385, 440, 500];
  const row = (cells: readonly string[]) => {
    const y = doc.y;
    cells.forEach((cell, i) => {
      doc.text(cell, columns[i] ?? 50, y, { width: (columns[i + 1] ?? 560) - (columns[i] ?? 50) - 6 });
    });
    doc.moveDown(0.3);
    doc.x = 50;
  };
  row(['Qty', 'Description', 'Unit price (net)', 'VAT rate', 'VAT', 'Net']);
  doc.font(REGULAR);
  for (const line of lines) {
    const unitNet = Math.round(line.net / Math.max(1, line.quantity));
    row([
      String(line.quantity),
      line.description,
      euro(unitNet),
      formatRate(line.rate),
      euro(line.vat),
      euro(line.net),
    ]);
  }

  doc.moveDown().font(BOLD).text('Totals per VAT rate', 50);
  doc.font(REGULAR);
  for (const total of totalsPerRate(lines)) {
    doc.text(`${formatRate(total.rate)}: net ${euro(total.net)}, VAT ${euro(total.vat)}`);
  }
  const totalNet = lines.reduce((s, l) => s + l.net, 0);
  const totalVat = lines.reduce((s, l) => s + l.vat, 0);
  doc.moveDown(0.5).text(`Total net: ${euro(totalNet)}`);
  doc.text(`Total VAT: ${euro(totalVat)}`);
  doc.font(BOLD).text(`${creditNote ? 'Total refunded' : 'Total paid'}: ${euro(totalNet + totalVat)}`);
  const wording = schemeWording(invoice.scheme, invoice.country);
  if (wording) doc.moveDown().font(REGULAR).text(wording);
}

/** The PDF's bytes. */
export function invoicePdf(input: PdfDocumentInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: {
        Title: `${input.creditNote ? 'Credit note' : 'Invoice'} ${input.creditNote?.number ?? input.invoice.number}`,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      render(doc, input);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
