/**
 * The built-in TEST label provider (docs/product/shipping.md §22): without SHIPENGINE_API_KEY "Buy label"
 * makes a local A6 PDF marked TEST with a test tracking number, as the TEST checkout takes test cards, so
 * the whole flow (label, dispatch, the e-mail with its tracking link, the batch) can be tried. Nothing is
 * bought and nothing leaves the shop.
 */
import { randomInt } from 'node:crypto';
import { loadPdfKit } from '../lib/lazy-module';
import type { BoughtLabel, LabelAddress, LabelProvider, LabelRequest } from './label-provider';

/** A6 in PDF points (105 x 148 mm): a label's page. */
export const A6: readonly [number, number] = [297.64, 419.53];

/** A TEST tracking number: An Post's shape (two letters, nine digits, IE) starting with TE. */
export function testTrackingNumber(): string {
  return `TE${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}IE`;
}

/** pdfkit's standard Helvetica writes Latin-1 only: anything else prints as '?', never as garbage. */
function latin1(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function addressLines(a: LabelAddress): string[] {
  return [
    a.name,
    a.line1,
    a.line2,
    [a.postalCode, a.city].filter(Boolean).join(' '),
    a.state,
    a.country,
  ].filter((l): l is string => typeof l === 'string' && l.trim().length > 0);
}

export function testLabelPdf(request: LabelRequest, trackingNumber: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const PDFDocument = loadPdfKit();
    const doc = new PDFDocument({
      size: [...A6],
      margin: 18,
      info: { Title: `TEST label ${trackingNumber}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const width = A6[0] - 36;
      doc.font('Helvetica-Bold').fontSize(28).text('TEST', { align: 'center', width });
      doc
        .font('Helvetica')
        .fontSize(8)
        .text('Not a real label: nothing was bought.', { align: 'center', width });
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(8).text('FROM');
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(latin1(addressLines(request.shipFrom).join('\n')));
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(9).text('TO');
      doc
        .font('Helvetica')
        .fontSize(12)
        .text(latin1(addressLines(request.shipTo).join('\n')));
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text(`Tracking ${trackingNumber}`);
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(`Order ${latin1(request.reference)}  ·  ${request.weightGrams} g`);
      if (request.customs) {
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(7).text('CUSTOMS: sale of goods');
        for (const item of request.customs) {
          doc
            .font('Helvetica')
            .fontSize(7)
            .text(
              latin1(
                `${item.quantity} x ${item.description}, HS ${item.hsCode}, origin ${item.originCountry}, ` +
                  `${(item.valueCents / 100).toFixed(2)} ${item.currency}, ${item.weightGrams} g`,
              ),
            );
        }
      }
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

export class TestLabelProvider implements LabelProvider {
  readonly name = 'test';

  async buy(request: LabelRequest): Promise<BoughtLabel> {
    const trackingNumber = testTrackingNumber();
    return {
      providerLabelId: `test-${trackingNumber}`,
      carrier: 'an_post',
      trackingNumber,
      trackingUrl: null,
      pdf: await testLabelPdf(request, trackingNumber),
    };
  }

  async void(): Promise<{ approved: boolean; message: string }> {
    return { approved: true, message: 'TEST label voided' };
  }
}
