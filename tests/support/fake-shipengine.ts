/**
 * A small stateful fake of the ShipEngine endpoints the shop uses (buy a label, fetch its PDF, void it), on a
 * real HTTP server at 127.0.0.1:0, so the provider is exercised end to end through SHIPENGINE_URL. It keeps
 * every label request for assertions, refuses a wrong API-Key as ShipEngine does (401), can be told to
 * fail the next purchase, and builds the `track` webhook events a test posts to the shop.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const FAKE_SHIPENGINE_KEY = 'TEST_fake_shipengine_key_0123456789';

export interface FakeLabel {
  readonly labelId: string;
  readonly trackingNumber: string;
  /** The body of POST /v1/labels as the shop sent it. */
  readonly request: LabelRequestBody;
  voided: boolean;
}

export interface LabelRequestBody {
  shipment: {
    carrier_id?: string;
    external_shipment_id?: string;
    ship_to: Record<string, string>;
    ship_from: Record<string, string>;
    packages: { weight: { value: number; unit: string } }[];
    customs?: {
      contents: string;
      customs_items: {
        description: string;
        quantity: number;
        value: { amount: number; currency: string };
        harmonized_tariff_code: string;
        country_of_origin: string;
      }[];
    };
  };
}

export interface FakeShipEngine {
  readonly url: string;
  readonly apiKey: string;
  readonly labels: FakeLabel[];
  /** Requests the fake answered, by method and path (the PDF downloads included). */
  readonly calls: string[];
  /** The next purchase answers 400 with ShipEngine's error shape. */
  failNextPurchase(): void;
  close(): Promise<void>;
}

async function labelPdf(trackingNumber: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([288, 432]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`FAKE CARRIER ${trackingNumber}`, { x: 20, y: 400, size: 12, font });
  return Buffer.from(await doc.save());
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeShipEngine(): Promise<FakeShipEngine> {
  const labels: FakeLabel[] = [];
  const calls: string[] = [];
  let failNext = false;
  let counter = 0;
  let base = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      calls.push(`${req.method} ${url.pathname}`);
      if (req.headers['api-key'] !== FAKE_SHIPENGINE_KEY) {
        json(res, 401, { errors: [{ message: 'The API key is invalid.' }] });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/labels') {
        const body = JSON.parse(await readBody(req)) as LabelRequestBody;
        if (failNext) {
          failNext = false;
          json(res, 400, { errors: [{ message: 'Invalid address.' }] });
          return;
        }
        counter += 1;
        const labelId = `se-${1000 + counter}`;
        const trackingNumber = `CE${String(100000000 + counter)}IE`;
        labels.push({ labelId, trackingNumber, request: body, voided: false });
        json(res, 200, {
          label_id: labelId,
          status: 'completed',
          tracking_number: trackingNumber,
          carrier_code: 'an_post',
          label_download: {
            pdf: `${base}/v1/downloads/${labelId}.pdf`,
            href: `${base}/v1/downloads/${labelId}.pdf`,
          },
        });
        return;
      }
      const download = /^\/v1\/downloads\/(se-\d+)\.pdf$/.exec(url.pathname);
      if (req.method === 'GET' && download) {
        const label = labels.find((l) => l.labelId === download[1]);
        if (!label) return json(res, 404, { errors: [{ message: 'Not found' }] });
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(await labelPdf(label.trackingNumber));
        return;
      }
      const voiding = /^\/v1\/labels\/(se-\d+)\/void$/.exec(url.pathname);
      if (req.method === 'PUT' && voiding) {
        const label = labels.find((l) => l.labelId === voiding[1]);
        if (!label) return json(res, 404, { errors: [{ message: 'Not found' }] });
        if (label.voided) return json(res, 200, { approved: false, message: 'Label already voided.' });
        label.voided = true;
        return json(res, 200, { approved: true, message: 'Request for refund submitted.' });
      }
      json(res, 404, { errors: [{ message: 'Not found' }] });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    apiKey: FAKE_SHIPENGINE_KEY,
    labels,
    calls,
    failNextPurchase: () => {
      failNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** ShipEngine's `track` webhook event (its API_TRACK resource) for a tracking number and status code. */
export function trackEvent(trackingNumber: string, statusCode: string) {
  return {
    resource_url: `https://api.shipengine.com/v1/tracking?carrier_code=an_post&tracking_number=${trackingNumber}`,
    resource_type: 'API_TRACK',
    data: {
      tracking_number: trackingNumber,
      status_code: statusCode,
      status_description: statusCode === 'DE' ? 'Delivered' : 'In Transit',
      carrier_status_code: statusCode,
      events: [],
    },
  };
}
