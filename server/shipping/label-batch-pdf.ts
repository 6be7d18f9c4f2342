/**
 * Many labels as one PDF to print (docs/product/shipping.md §22): each label's first page on an A6 page of
 * its own, or four to an A4 sheet (`a4`), scaled to fit and centred. The carriers' PDFs are embedded as
 * they are (pdf-lib: pdfkit lays out, it cannot take in another PDF's page).
 */
import type PdfLib from 'pdf-lib';
import type { LabelLayout } from '../../domain/shipping/shipping';
import { lazyModule } from '../lib/lazy-module';

/** pdf-lib, loaded at the first batch printed, not at every start (server/lib/lazy-module.ts). */
const loadPdfLib = lazyModule<typeof PdfLib>('pdf-lib');

const A6: readonly [number, number] = [297.64, 419.53];
const A4: readonly [number, number] = [595.28, 841.89];

export async function labelsBatchPdf(labels: readonly Buffer[], layout: LabelLayout): Promise<Buffer> {
  const { PDFDocument } = loadPdfLib();
  const out = await PDFDocument.create();
  out.setTitle(`Labels (${labels.length})`);
  const pages = [];
  for (const bytes of labels) {
    const source = await PDFDocument.load(bytes);
    const [embedded] = await out.embedPdf(source, [0]);
    if (embedded) pages.push(embedded);
  }
  const perSheet = layout === 'a4' ? 4 : 1;
  const [cellW, cellH] = A6;
  for (let i = 0; i < pages.length; i += perSheet) {
    const sheet = out.addPage(layout === 'a4' ? [...A4] : [...A6]);
    pages.slice(i, i + perSheet).forEach((label, j) => {
      // On A4 the four A6 cells are left-top, right-top, left-bottom, right-bottom.
      const x0 = layout === 'a4' ? (j % 2) * cellW : 0;
      const y0 = layout === 'a4' ? (j < 2 ? cellH : 0) : 0;
      const scale = Math.min(cellW / label.width, cellH / label.height);
      const w = label.width * scale;
      const h = label.height * scale;
      sheet.drawPage(label, { x: x0 + (cellW - w) / 2, y: y0 + (cellH - h) / 2, width: w, height: h });
    });
  }
  return Buffer.from(await out.save());
}
