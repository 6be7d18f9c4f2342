/**
 * An invoice or credit note as a PDF (docs/product/vat.md §20), with pdfkit: every field Article 226 of
 * Directive 2006/112/EC asks (date, number, seller's name, address and VAT number, buyer's name and
 * address and a business's VAT number, each line's quantity, description, unit price net of VAT, rate
 * and VAT, the totals per rate, the exemption or reverse-charge wording). The text is real text in an
 * embedded DejaVu Sans (it has the € sign), so it can be copied and read by machines.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDayOfMonth, irishDate } from '../../domain/shared/calendar-date';
import { type Cents, formatEuro } from '../../domain/shared/money';
import { formatRate, formatUnitPrice, schemeWording, totalsPerRate } from '../../domain/vat/invoice-text';
import { loadPdfKit } from '../lib/lazy-module';
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

/** The document's language (the catalog's /Lang): the invoices are written in Irish English. */
export const INVOICE_LANGUAGE = 'en-IE';

function titleOf(input: PdfDocumentInput): string {
  return input.creditNote ? `Credit note ${input.creditNote.number}` : `Invoice ${input.invoice.number}`;
}

// pdfkit 0.20 writes a header cell's scope and the PDF/UA subset; @types/pdfkit does not know them yet.
const COLUMN_HEADER = { scope: 'Column' } as PDFKit.Mixins.StructureElementOptions;
const PDF_UA = 'PDF/UA' as PDFKit.Mixins.PDFSubsets;

/**
 * Tagged PDF (PDF/UA): every piece of text is marked content of one element of the structure tree, in
 * reading order, so a screen reader reads the invoice as headings, paragraphs and a table with its
 * header row. Each helper draws its text inside the element it adds.
 */
class Tagged {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly root: PDFKit.PDFStructureElement,
  ) {}

  /** One paragraph (or heading) of text. */
  block(type: 'H1' | 'H2' | 'P', text: string, font: string, x?: number): void {
    this.root.add(
      this.doc.struct(type, {}, () => {
        this.doc.font(font);
        if (x === undefined) this.doc.text(text);
        else this.doc.text(text, x);
      }),
    );
  }

  /** A table: its header row, then one row per line, each cell at its column. */
  table(header: readonly string[], rows: readonly (readonly string[])[], columns: readonly number[]): void {
    const table = this.doc.struct('Table');
    this.root.add(table);
    const row = (cells: readonly string[], cell: 'TH' | 'TD') => {
      const tr = this.doc.struct('TR');
      table.add(tr);
      const y = this.doc.y;
      let bottom = y;
      cells.forEach((text, i) => {
        const x = columns[i] ?? 50;
        const width = (columns[i + 1] ?? 560) - x - 6;
        tr.add(
          this.doc.struct(cell, cell === 'TH' ? COLUMN_HEADER : {}, () => {
            this.doc.text(text, x, y, { width });
          }),
        );
        // The next row starts below the row's tallest cell (a description or header that wraps).
        bottom = Math.max(bottom, this.doc.y);
      });
      tr.end();
      this.doc.y = bottom;
      this.doc.moveDown(0.3);
      this.doc.x = 50;
    };
    this.doc.font(BOLD);
    row(header, 'TH');
    this.doc.font(REGULAR);
    for (const cells of rows) row(cells, 'TD');
    table.end();
  }
}

function render(doc: PDFKit.PDFDocument, input: PdfDocumentInput): void {
  const { invoice, creditNote } = input;
  const number = creditNote?.number ?? invoice.number;
  const issuedAt = new Date(creditNote?.issuedAt ?? invoice.issuedAt);
  const lines: readonly InvoiceLine[] = creditNote?.lines ?? invoice.lines;
  const root = doc.struct('Document');
  doc.addStructure(root);
  const tagged = new Tagged(doc, root);

  doc.fontSize(18);
  tagged.block('H1', creditNote ? 'Credit note' : 'Invoice', BOLD);
  doc.moveDown(0.5).fontSize(10);
  tagged.block('P', `${creditNote ? 'Credit note number' : 'Invoice number'}: ${number}`, REGULAR);
  tagged.block('P', `Date of issue: ${formatIrishDate(issuedAt)}`, REGULAR);
  tagged.block('P', `Date of supply: ${formatIrishDate(new Date(invoice.issuedAt))}`, REGULAR);
  if (creditNote) {
    tagged.block(
      'P',
      `Corrects invoice ${invoice.number} of ${formatIrishDate(new Date(invoice.issuedAt))}`,
      REGULAR,
    );
    // Why it is issued: a credit note says so beside what it credits (docs/product/vat.md §20.6).
    if (creditNote.reason) tagged.block('P', `Reason: ${creditNote.reason}`, REGULAR);
  }
  tagged.block('P', `Order: ${invoice.orderReference}`, REGULAR);

  doc.moveDown();
  tagged.block('H2', 'Seller', BOLD);
  tagged.block('P', invoice.seller.name, REGULAR);
  tagged.block('P', invoice.seller.address, REGULAR);
  if (invoice.seller.vatNumber) tagged.block('P', `VAT number: ${invoice.seller.vatNumber}`, REGULAR);

  doc.moveDown();
  tagged.block('H2', 'Customer', BOLD);
  tagged.block('P', invoice.buyer.name, REGULAR);
  if (invoice.buyer.address) tagged.block('P', invoice.buyer.address, REGULAR);
  if (invoice.buyer.vatNumber) tagged.block('P', `VAT number: ${invoice.buyer.vatNumber}`, REGULAR);
  if (invoice.viesConsultation)
    tagged.block('P', `VIES consultation number: ${invoice.viesConsultation}`, REGULAR);

  doc.moveDown();
  tagged.table(
    ['Qty', 'Description', 'Unit price (net)', 'VAT rate', 'VAT', 'Net'],
    lines.map((line) => [
      String(line.quantity),
      line.description,
      formatUnitPrice(line.net, line.quantity),
      formatRate(line.rate),
      euro(line.vat),
      euro(line.net),
    ]),
    [50, 85, 300, 385, 440, 500],
  );

  doc.moveDown();
  tagged.block('H2', 'Totals per VAT rate', BOLD, 50);
  for (const total of totalsPerRate(lines)) {
    tagged.block('P', `${formatRate(total.rate)}: net ${euro(total.net)}, VAT ${euro(total.vat)}`, REGULAR);
  }
  const totalNet = lines.reduce((s, l) => s + l.net, 0);
  const totalVat = lines.reduce((s, l) => s + l.vat, 0);
  doc.moveDown(0.5);
  tagged.block('P', `Total net: ${euro(totalNet)}`, REGULAR);
  tagged.block('P', `Total VAT: ${euro(totalVat)}`, REGULAR);
  tagged.block('P', `${creditNote ? 'Total refunded' : 'Total paid'}: ${euro(totalNet + totalVat)}`, BOLD);
  const wording = schemeWording(invoice.scheme, invoice.country);
  if (wording) {
    doc.moveDown();
    tagged.block('P', wording, REGULAR);
  }
  root.end();
}

/** The PDF's bytes. */
export function invoicePdf(input: PdfDocumentInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Tagged PDF/UA-1 in the document's language, its title shown in the viewer's title bar.
    const PDFDocument = loadPdfKit();
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      pdfVersion: '1.7',
      subset: PDF_UA,
      tagged: true,
      lang: INVOICE_LANGUAGE,
      displayTitle: true,
      info: { Title: titleOf(input), Author: input.invoice.seller.name },
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
