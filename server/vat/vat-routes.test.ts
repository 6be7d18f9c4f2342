/**
 * The VAT routes through the real app: the face the checkout calls issues invoices and credit notes in
 * its transaction; the owner downloads the PDFs and the shopper hers with the order's key (another key:
 * 404); the OSS, VAT3 and VIES figures are the sums of the orders, as JSON and CSV; bad periods are a
 * 400 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_NOT_FOUND } from '../../domain/orders/order-page';
import { ORDER_INVOICES_API } from '../../domain/vat/order-invoices';
import { type VatInput, vatBreakdown } from '../../domain/vat/vat-breakdown';
import { VAT_REPORT_MESSAGES } from '../../domain/vat/vat-reports';
import { buildTestApp, paidOrderWithPageKey, tempDataDir } from '../../tests/support/test-app';

const ADMIN_TOKEN = 'vat-routes-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const DAY = new Date('2026-11-20T12:00:00Z');

let app: FastifyInstance;
let remove: () => void;

beforeEach(async () => {
  const data = tempDataDir();
  remove = data.remove;
  app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN, SELLER_VAT_NUMBER: 'IE1234567T' });
});
afterEach(async () => {
  await app.close();
  remove();
});

const LINES = [{ gross: 8900 }, { gross: 1200 }, { gross: 500 }];
const DESCRIPTIONS = [
  { description: 'First Light ring', quantity: 1 },
  { description: 'Shipping', quantity: 1 },
  { description: 'Gift wrap', quantity: 1 },
];

async function sell(reference: string, over: Partial<VatInput>, buyerVat: string | null = null) {
  const vat = vatBreakdown({
    mode: 'oss',
    gb: 'no_sale',
    country: 'DE',
    business: null,
    day: '2026-11-20',
    lines: LINES,
    ...over,
  });
  const number = await app.platform.db.transaction().execute((trx) =>
    app.vat.recordSale(trx, {
      orderReference: reference,
      issuedAt: DAY,
      vat,
      lines: DESCRIPTIONS,
      buyer: {
        name: buyerVat ? 'Vogel GmbH' : 'Greta Vogel',
        address: 'Hauptstr. 1, Berlin',
        vatNumber: buyerVat,
      },
    }),
  );
  return { vat, number };
}

const get = (url: string, headers: Record<string, string> = auth) =>
  app.inject({ method: 'GET', url, headers });

describe('the VAT routes', () => {
  it('issue through the face, and add up the orders in the OSS, VAT3 and VIES papers', async () => {
    const de = await sell('SOL-AAAA0001', { country: 'DE' });
    const hu = await sell('SOL-AAAA0002', { country: 'HU' });
    const fr = await sell('SOL-AAAA0003', { country: 'FR' });
    const ie = await sell('SOL-AAAA0004', { country: 'IE' });
    const b2b = await sell('SOL-AAAA0005', { country: 'DE', business: { country: 'DE' } }, 'DE123456789');
    const none = await sell('SOL-AAAA0006', { mode: 'none' });
    expect([de, hu, fr, ie, b2b].map((s) => s.number)).toEqual([
      '2026-000001',
      '2026-000002',
      '2026-000003',
      '2026-000004',
      '2026-000005',
    ]);
    expect(none.number).toBeNull();
    const credit = await app.platform.db.transaction().execute((trx) =>
      app.vat.recordRefund(trx, {
        orderReference: 'SOL-AAAA0001',
        refundId: 're_1',
        amount: 1200,
        issuedAt: DAY,
      }),
    );
    expect(credit).toBe('CN-2026-000001');

    const oss = (await get('/api/admin/vat/oss?quarter=2026-Q4')).json() as {
      rows: { country: string; rate: number; taxable: number; vat: number }[];
      totals: { taxable: number; vat: number; nil: boolean };
    };
    const refundVat = 192; // the VAT inside €12 at 19%
    expect(oss.rows).toEqual([
      {
        country: 'DE',
        rate: 1900,
        taxable: de.vat.totalNet - (1200 - refundVat),
        vat: de.vat.totalVat - refundVat,
      },
      { country: 'FR', rate: 2000, taxable: fr.vat.totalNet, vat: fr.vat.totalVat },
      { country: 'HU', rate: 2700, taxable: hu.vat.totalNet, vat: hu.vat.totalVat },
    ]);
    expect(oss.totals).toEqual({
      taxable: oss.rows.reduce((s, r) => s + r.taxable, 0),
      vat: oss.rows.reduce((s, r) => s + r.vat, 0),
      nil: false,
    });
    expect((await get('/api/admin/vat/oss?quarter=2026-Q3')).json()).toEqual({
      ok: true,
      rows: [],
      totals: { taxable: 0, vat: 0, nil: true },
    });

    const vat3 = (await get('/api/admin/vat/vat3?period=2026-11')).json() as {
      rows: { box: string; amount: number }[];
      totals: { t1: number; e1: number };
    };
    expect(vat3.totals).toEqual({ t1: ie.vat.totalVat, e1: b2b.vat.totalNet });
    expect(vat3.rows.find((r) => r.box === 'E1')?.amount).toBe(8619);

    expect((await get('/api/admin/vat/vies?quarter=2026-Q4')).json()).toEqual({
      ok: true,
      rows: [{ vatNumber: 'DE123456789', country: 'DE', value: 8619 }],
      totals: { value: 8619 },
    });

    const csv = await get('/api/admin/vat/oss.csv?quarter=2026-Q4');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('Member state of consumption,VAT rate,Taxable amount (EUR),VAT (EUR)');
    expect(csv.body).toContain(
      `HU,27%,${(hu.vat.totalNet / 100).toFixed(2)},${(hu.vat.totalVat / 100).toFixed(2)}`,
    );
    expect((await get('/api/admin/vat/vies.csv?quarter=2026-Q4')).body).toContain('DE123456789,DE,86.19');
    expect((await get('/api/admin/vat/vat3.csv?period=2026-11')).body).toContain(
      'E1,Intra-EU supplies of goods,86.19',
    );

    const distance = await app.vat.distanceSales(DAY);
    expect(distance).toEqual({
      thisYear: de.vat.totalNet - (1200 - refundVat) + hu.vat.totalNet + fr.vat.totalNet,
      lastYear: 0,
    });
    const stats = await get('/api/admin/stats?from=2026-11-01&to=2026-11-30');
    expect(stats.statusCode).toBe(200);
    expect((stats.json() as { euDistanceSales: unknown }).euDistanceSales).toEqual({
      ...distance,
      threshold: 1_000_000,
    });
  });

  it('refuse a bad quarter or period with a 400 naming the field', async () => {
    for (const url of [
      '/api/admin/vat/oss?quarter=2026-Q5',
      '/api/admin/vat/vies',
      '/api/admin/vat/oss.csv?quarter=Q4',
      // Years no calendar holds were a 500: a 400 like any other bad quarter.
      '/api/admin/vat/oss?quarter=0000-Q1',
      '/api/admin/vat/vies?quarter=9999-Q4',
      '/api/admin/vat/oss.csv?quarter=1999-Q4',
      '/api/admin/vat/vies.csv?quarter=2101-Q1',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(VAT_REPORT_MESSAGES.quarter);
    }
    for (const url of [
      '/api/admin/vat/vat3?period=2026-12',
      '/api/admin/vat/vat3?period=0000-01',
      '/api/admin/vat/vat3.csv?period=9999-11',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(VAT_REPORT_MESSAGES.period);
    }
    expect((await get('/api/admin/vat/oss?quarter=2000-Q1')).statusCode).toBe(200);
    expect((await get('/api/admin/vat/vat3?period=2100-11')).statusCode).toBe(200);
  });

  it("give the owner the PDFs, the shopper hers with the order's key only", async () => {
    const { reference, key } = await paidOrderWithPageKey(app, {
      email: 'greta@example.de',
      items: [{ id: '1', quantity: 1 }],
      zone: 'IE',
    });
    await sell(reference, { country: 'DE' });
    await app.platform.db.transaction().execute((trx) =>
      app.vat.recordRefund(trx, {
        orderReference: reference,
        refundId: 're_9',
        amount: 500,
        issuedAt: DAY,
      }),
    );
    const owner = await get(`/api/admin/orders/${reference}/invoice.pdf`);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('application/pdf');
    const doc = await getDocumentProxy(new Uint8Array(owner.rawPayload));
    expect((await extractText(doc, { mergePages: true })).text).toContain('2026-000001');

    const shopper = await get(`/api/orders/${reference}/invoice.pdf?key=${key}`, {});
    expect(shopper.statusCode).toBe(200);
    const shopperDoc = await getDocumentProxy(new Uint8Array(shopper.rawPayload));
    expect((await extractText(shopperDoc, { mergePages: true })).text).toContain(
      'Invoice number: 2026-000001',
    );
    expect(
      (await get(`/api/orders/${reference}/credit-notes/CN-2026-000001.pdf?key=${key}`, {})).statusCode,
    ).toBe(200);
    expect((await get(`/api/admin/orders/${reference}/credit-notes/CN-2026-000001.pdf`)).statusCode).toBe(
      200,
    );

    expect(
      (await get(`/api/orders/${reference}/invoice.pdf?key=${'x'.repeat(key.length)}`, {})).statusCode,
    ).toBe(404);
    expect((await get(`/api/orders/${reference}/invoice.pdf`, {})).statusCode).toBe(404);
    expect((await get(`/api/admin/orders/${reference}/invoice.pdf`, {})).statusCode).toBe(401);
    expect((await get('/api/admin/orders/SOL-ZZZZ9999/invoice.pdf')).statusCode).toBe(404);
    expect((await get(`/api/admin/orders/${reference}/credit-notes/CN-2026-000002.pdf`)).statusCode).toBe(
      404,
    );
  });

  const invoices = (body: Record<string, unknown>, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: ORDER_INVOICES_API,
      payload: body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it("tell the shopper's order page her invoice and credit notes, with the order's key only", async () => {
    // Not registered when it is paid: no invoice.
    const unregistered = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { vat: { mode: 'none', gb: 'no_sale' } },
    });
    expect(unregistered.statusCode).toBe(200);
    const { reference, key } = await paidOrderWithPageKey(app, {
      email: 'greta@example.de',
      items: [{ id: '1', quantity: 1 }],
      zone: 'IE',
    });
    // Paid without an invoice: nothing to link.
    expect((await invoices({ reference, key })).json()).toEqual({ ok: true, invoice: null, creditNotes: [] });

    await sell(reference, { country: 'DE' });
    for (const refundId of ['re_1', 're_2'])
      await app.platform.db
        .transaction()
        .execute((trx) =>
          app.vat.recordRefund(trx, { orderReference: reference, refundId, amount: 200, issuedAt: DAY }),
        );
    // A reference as typed from an e-mail, lower case, still opens it.
    const res = await invoices({ reference: reference.toLowerCase(), key });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const keyed = `?key=${key}`;
    expect(res.json()).toEqual({
      ok: true,
      invoice: { number: '2026-000001', url: `/api/orders/${reference}/invoice.pdf${keyed}` },
      creditNotes: [
        { number: 'CN-2026-000001', url: `/api/orders/${reference}/credit-notes/CN-2026-000001.pdf${keyed}` },
        { number: 'CN-2026-000002', url: `/api/orders/${reference}/credit-notes/CN-2026-000002.pdf${keyed}` },
      ],
    });
    // Each link opens its PDF.
    const answer = res.json() as { invoice: { url: string }; creditNotes: { url: string }[] };
    for (const url of [answer.invoice.url, ...answer.creditNotes.map((n) => n.url)]) {
      const pdf = await get(url, {});
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }

    // A wrong key and an unknown order: the same 404, nothing of the invoice.
    const wrong = await invoices({ reference, key: 'x'.repeat(key.length) });
    const unknown = await invoices({ reference: 'SOL-ZZZZ9999', key });
    for (const refused of [wrong, unknown]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ ok: false, error: ORDER_NOT_FOUND });
    }
    // A malformed body is a 400 naming what is wrong, never a 5xx.
    const bad = await invoices({ reference });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('key');
    expect((await invoices({ reference, key, extra: 1 })).statusCode).toBe(400);
  });

  it("answers the order page's invoices within the order page's rate limit", async () => {
    const body = { reference: 'SOL-ZZZZ9999', key: 'A'.repeat(32) };
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await invoices(body, '203.0.113.9')).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
    // Another client is not held back by the first.
    expect((await invoices(body, '203.0.113.10')).statusCode).toBe(404);
  });
});
