/**
 * Labels through the real app and a fake ShipEngine (tests/support/fake-shipengine.ts), on both databases
 * (the one-label-per-order claim is the database's partial unique index) (docs/product/shipping.md §22):
 * labels for Ireland, Germany, Great Britain and the US with the right ship_to, weight and customs items;
 * the PDF; again 409; a batch of 20 as one PDF (A6 pages, four to an A4); a void and a label bought again;
 * the tracking webhook to delivered; 10 "Buy label" at once -> one label and one e-mail; a provider's
 * failure changes nothing; and the built-in TEST provider without a key.
 */
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../domain/orders/admin-api';
import { SHIPPING_MESSAGES, WEBHOOK_SECRET_HEADER } from '../../domain/shipping/shipping';
import { type FakeShipEngine, startFakeShipEngine, trackEvent } from '../../tests/support/fake-shipengine';
import { shopSuite } from '../../tests/support/shop-suite';
import { type CardFormAddress, outboxRows, paidOrderWithPageKey } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';

const TOKEN = 'labels-desk-token-0123456789';
const SECRET = 'labels-webhook-secret-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

const BERLIN: CardFormAddress = {
  line1: 'Unter den Linden 5',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};
const LONDON: CardFormAddress = {
  line1: '10 Downing Street',
  city: 'London',
  postalCode: 'SW1A 2AA',
  country: 'GB',
};
const NEW_YORK: CardFormAddress = {
  line1: '350 Fifth Avenue',
  city: 'New York',
  postalCode: '10118',
  country: 'US',
};

const CUSTOMS = {
  '2': {
    hsCode: '711719',
    originCountry: 'IE',
    materials: 'Glass and sterling silver',
    weightGrams: { S: 18, M: 20, L: 22 },
  },
  '5': {
    hsCode: '711311',
    originCountry: 'IE',
    materials: 'sterling silver',
    weightGrams: { S: 10, M: 12, L: 14 },
  },
} as const;

async function pageCount(pdf: Buffer): Promise<{ count: number; sizes: [number, number][] }> {
  const doc = await PDFDocument.load(pdf);
  return {
    count: doc.getPageCount(),
    sizes: doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]),
  };
}

describe.each(TEST_DIALECTS)('labels through ShipEngine on %s', (dialect) => {
  let carrier: FakeShipEngine;
  beforeAll(async () => {
    carrier = await startFakeShipEngine();
  });
  afterAll(async () => {
    await carrier.close();
  });

  const shop = shopSuite(() =>
    startTestApp(dialect, {
      ADMIN_TOKEN: TOKEN,
      RATE_LIMITS: 'off',
      SHIPENGINE_API_KEY: carrier.apiKey,
      SHIPENGINE_URL: carrier.url,
      SHIPENGINE_CARRIER_ID: 'se-an-post-1',
      SHIPENGINE_WEBHOOK_SECRET: SECRET,
    }),
  );

  function paidOrder(zone: string, address?: CardFormAddress, quantity = 1) {
    return paidOrderWithPageKey(shop.app, {
      email: 'ciara@example.ie',
      name: 'Ciara Walsh',
      items: [
        { id: '2', quantity, size: 'M' },
        { id: '5', quantity: 1, size: 'S' },
      ],
      zone,
      country: address?.country ?? 'IE',
      ...(address ? { address } : {}),
    });
  }

  const owner = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  /** Products 2 and 5 with their customs data (domain/customs/product-customs.ts); the others have none. */
  async function giveCustomsData(): Promise<void> {
    for (const [id, customs] of Object.entries(CUSTOMS)) {
      const res = await owner('PATCH', `/api/admin/products/${id}`, { customs });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** Great Britain is sold to once the owner charges UK VAT (docs/product/vat.md §20). */
  async function sellToGreatBritain(): Promise<void> {
    const res = await owner('PATCH', '/api/admin/settings', {
      vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'uk_vat', ukVatNumber: 'GB123456789' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const buy = (reference: string) => owner('POST', `/api/admin/orders/${reference}/label`);
  const detail = async (reference: string) =>
    (await owner('GET', `/api/admin/orders/${reference}`)).json() as OrderDetail;
  const labelOf = (reference: string) =>
    carrier.labels.find((l) => l.request.shipment.external_shipment_id === reference);
  const dispatchMails = async (reference: string) =>
    (await outboxRows(shop.app)).filter(
      (r) => r.reference === reference && r.kind.startsWith('order-dispatched'),
    );
  const webhook = (body: object, secret = SECRET) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/shipping/webhook',
      headers: { [WEBHOOK_SECRET_HEADER]: secret },
      payload: body,
    });

  it('buys labels for IE, DE, GB and US orders: the address, the weight in grams, customs outside the EU', async () => {
    const cases = [
      { zone: 'IE', address: undefined, country: 'IE', customs: false },
      { zone: 'EU', address: BERLIN, country: 'DE', customs: false },
      { zone: 'WORLD', address: LONDON, country: 'GB', customs: true },
      { zone: 'WORLD', address: NEW_YORK, country: 'US', customs: true },
    ];
    await sellToGreatBritain();
    await giveCustomsData();
    for (const c of cases) {
      const { reference } = await paidOrder(c.zone, c.address, 2);
      const before = await detail(reference);
      const res = await buy(reference);
      expect(res.statusCode, c.country).toBe(201);
      const { label } = res.json() as { label: { carrier: string; trackingNumber: string; url: string } };
      expect(label).toEqual({
        carrier: 'an_post',
        trackingNumber: expect.stringMatching(/^CE\d{9}IE$/),
        url: `/api/admin/orders/${reference}/label`,
      });
      const sent = labelOf(reference);
      if (!sent) throw new Error(`no label request for ${c.country}`);
      expect(sent.request.shipment.carrier_id).toBe('se-an-post-1');
      expect(sent.request.shipment.ship_to).toMatchObject({ name: 'Ciara Walsh', country_code: c.country });
      // Two pieces of product 2 in M (20 g), one of product 5 in S (10 g), and the packaging's 60 g.
      expect(sent.request.shipment.packages).toEqual([{ weight: { value: 110, unit: 'gram' } }]);
      if (!c.customs) {
        expect(sent.request.shipment.customs, c.country).toBeUndefined();
      } else {
        const items = sent.request.shipment.customs?.customs_items ?? [];
        const [two, five] = before.lines;
        if (!two || !five) throw new Error('two lines expected');
        expect(items).toEqual([
          {
            description: 'Beaded bracelet, glass and sterling silver',
            quantity: 2,
            value: { amount: two.lineTotal / 2 / 100, currency: before.currency.toLowerCase() },
            harmonized_tariff_code: '711719',
            country_of_origin: 'IE',
            weight: { value: 20, unit: 'gram' },
          },
          {
            description: 'Beaded bracelet, sterling silver',
            quantity: 1,
            value: { amount: five.lineTotal / 100, currency: before.currency.toLowerCase() },
            harmonized_tariff_code: '711311',
            country_of_origin: 'IE',
            weight: { value: 10, unit: 'gram' },
          },
        ]);
        expect(sent.request.shipment.customs?.contents).toBe('merchandise');
      }
      // Dispatched through fulfilment, with the tracking number and the one e-mail with its link.
      const after = await detail(reference);
      expect(after.status).toBe('dispatched');
      expect(after.dispatch).toMatchObject({ carrier: 'an_post', trackingNumber: label.trackingNumber });
      const mails = await dispatchMails(reference);
      expect(mails).toHaveLength(1);
      // The e-mail carries the tracking link (written in the row until it is sent; read back after).
      const text = mails[0]?.text_body ?? '';
      expect(text).toContain(
        `https://www.anpost.com/Post-Parcels/Track/History?item=${label.trackingNumber}`,
      );
      // A US buyer is reminded of the duty the carrier will collect (docs/product/customs.md §21.4).
      if (c.country === 'US') expect(text).toContain('Import duty for the United States');
      else expect(text).not.toContain('Import duty');
      // The PDF, the owner's alone.
      const pdf = await owner('GET', label.url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await shop.app.inject({ method: 'GET', url: label.url })).statusCode).toBe(401);
      // Again: refused, nothing bought.
      const again = await buy(reference);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ ok: false, error: SHIPPING_MESSAGES.alreadyLabelled });
      expect(
        carrier.labels.filter((l) => l.request.shipment.external_shipment_id === reference),
      ).toHaveLength(1);
    }
  });

  it('prints a batch of 20 labels as one PDF: 20 A6 pages, or 5 A4 sheets of four', async () => {
    await giveCustomsData();
    const references: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const { reference } = await paidOrder(i % 2 === 0 ? 'IE' : 'WORLD', i % 2 === 0 ? undefined : NEW_YORK);
      expect((await buy(reference)).statusCode).toBe(201);
      references.push(reference);
    }
    const a6 = await owner('POST', '/api/admin/labels', { references });
    expect(a6.statusCode).toBe(200);
    expect(a6.headers['content-type']).toBe('application/pdf');
    const six = await pageCount(a6.rawPayload);
    expect(six.count).toBe(20);
    expect(new Set(six.sizes.map((s) => s.join('x')))).toEqual(new Set(['298x420']));
    const a4 = await owner('POST', '/api/admin/labels?layout=a4', { references });
    const four = await pageCount(a4.rawPayload);
    expect(four.count).toBe(5);
    expect(four.sizes[0]).toEqual([595, 842]);
    // Every label's own text is in the batch.
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(a6.rawPayload)), { mergePages: true })
    ).text;
    for (const r of references) expect(text).toContain(labelOf(r)?.trackingNumber);
    // Today's labels, for the desk's "Print today's labels".
    const today = (await owner('GET', '/api/admin/labels/today')).json() as { references: string[] };
    expect(today.references).toEqual(expect.arrayContaining(references));
    const todays = await owner('GET', '/api/admin/labels/today.pdf?layout=a4');
    expect(todays.statusCode).toBe(200);
    expect((await pageCount(todays.rawPayload)).count).toBe(Math.ceil(today.references.length / 4));
    // Bad batches: 400 naming the field; an order without a label 409 naming it.
    const empty = await owner('POST', '/api/admin/labels', { references: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ ok: false, error: expect.stringContaining('references') });
    const unknown = await owner('POST', '/api/admin/labels', { references: ['SOL-NOLABEL1'] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ error: expect.stringContaining('SOL-NOLABEL1') });
    expect((await owner('POST', '/api/admin/labels?layout=a3', { references })).statusCode).toBe(400);
    // Twenty orders placed, paid and labelled one after another, and three batches drawn: a few seconds on
    // a quiet machine, past the suite's 20 s on a busy one. The bound is for a hang, not a budget.
  }, 90_000);

  it('voids a label before the carrier has the parcel: back in production, and a new label sends its own e-mail', async () => {
    await giveCustomsData();
    const { reference } = await paidOrder('WORLD', NEW_YORK);
    const first = (await buy(reference)).json() as { label: { trackingNumber: string } };
    const voided = await owner('DELETE', `/api/admin/orders/${reference}/label`);
    expect(voided.statusCode).toBe(200);
    expect(labelOf(reference)?.voided).toBe(true);
    const back = await detail(reference);
    expect(back.status).toBe('in_production');
    expect(back.dispatch).toBeNull();
    expect(back.timeline.some((e) => e.text.includes(`Label ${first.label.trackingNumber} voided`))).toBe(
      true,
    );
    expect((await owner('GET', `/api/admin/orders/${reference}/label`)).statusCode).toBe(404);
    expect((await owner('DELETE', `/api/admin/orders/${reference}/label`)).statusCode).toBe(404);

    const second = await buy(reference);
    expect(second.statusCode).toBe(201);
    const { label } = second.json() as { label: { trackingNumber: string } };
    expect(label.trackingNumber).not.toBe(first.label.trackingNumber);
    const mails = await dispatchMails(reference);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text_body).toContain(label.trackingNumber);

    // Once the carrier has scanned it, the label stays.
    expect((await webhook(trackEvent(label.trackingNumber, 'IT'))).statusCode).toBe(200);
    const late = await owner('DELETE', `/api/admin/orders/${reference}/label`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ ok: false, error: SHIPPING_MESSAGES.notVoidable });
  });

  it('moves the order to delivered on the carrier’s delivered event, once; a wrong secret changes nothing', async () => {
    const { reference } = await paidOrder('IE');
    const { label } = (await buy(reference)).json() as { label: { trackingNumber: string } };
    const forged = await webhook(trackEvent(label.trackingNumber, 'DE'), 'not-the-secret-0123456789');
    expect(forged.statusCode).toBe(403);
    expect((await detail(reference)).status).toBe('dispatched');
    expect((await webhook(trackEvent(label.trackingNumber, 'IT'))).json()).toEqual({
      ok: true,
      delivered: false,
    });
    expect((await webhook(trackEvent(label.trackingNumber, 'DE'))).json()).toEqual({
      ok: true,
      delivered: true,
    });
    const after = await detail(reference);
    expect(after.status).toBe('delivered');
    expect(after.timeline.some((e) => e.text === 'Marked delivered' && e.by === 'Carrier tracking')).toBe(
      true,
    );
    // ShipEngine sends it again: answered, nothing more.
    expect((await webhook(trackEvent(label.trackingNumber, 'DE'))).json()).toEqual({
      ok: true,
      delivered: false,
    });
    // Another shipper's number on the same account: answered and ignored.
    expect((await webhook(trackEvent('CE000000000IE', 'DE'))).json()).toEqual({ ok: true, delivered: false });
    expect((await webhook({ data: 'x' })).statusCode).toBe(400);
  });

  it('10 "Buy label" at once on one order: one label at the carrier, one e-mail', async () => {
    await sellToGreatBritain();
    await giveCustomsData();
    const { reference } = await paidOrder('WORLD', LONDON);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(reference)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(carrier.labels.filter((l) => l.request.shipment.external_shipment_id === reference)).toHaveLength(
      1,
    );
    expect(await dispatchMails(reference)).toHaveLength(1);
    expect((await detail(reference)).status).toBe('dispatched');
  });

  it('refuses a label outside the EU for a product without customs data, naming it; inside the EU its weight is the usual', async () => {
    const order = (zone: string, address?: CardFormAddress) =>
      paidOrderWithPageKey(shop.app, {
        email: 'ciara@example.ie',
        items: [{ id: '3', quantity: 1, size: 'M' }],
        zone,
        country: address?.country ?? 'IE',
        ...(address ? { address } : {}),
      });
    const abroad = await order('WORLD', NEW_YORK);
    const name = (await detail(abroad.reference)).lines[0]?.name ?? '';
    const refused = await buy(abroad.reference);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      ok: false,
      error: expect.stringContaining(`${name} has no customs data`),
    });
    expect(labelOf(abroad.reference)).toBeUndefined();
    expect((await detail(abroad.reference)).status).toBe('paid');
    const home = await order('IE');
    expect((await buy(home.reference)).statusCode).toBe(201);
    expect(labelOf(home.reference)?.request.shipment.packages).toEqual([
      { weight: { value: 80, unit: 'gram' } },
    ]);
  });

  it('a label the carrier refuses buys nothing: 502, the order as it was, and a retry works', async () => {
    const { reference } = await paidOrder('IE');
    carrier.failNextPurchase();
    const failed = await buy(reference);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ ok: false, error: SHIPPING_MESSAGES.providerFailed });
    expect((await detail(reference)).status).toBe('paid');
    expect(await dispatchMails(reference)).toHaveLength(0);
    expect((await buy(reference)).statusCode).toBe(201);
    expect((await buy('SOL-UNKNOWN1')).statusCode).toBe(404);
  });
});

describe.each(TEST_DIALECTS)('the built-in TEST labels on %s', (dialect) => {
  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN: TOKEN, RATE_LIMITS: 'off' }));

  it('makes a local PDF marked TEST with a test tracking number, and dispatches the order', async () => {
    const given = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/2',
      headers: auth,
      payload: { customs: CUSTOMS['2'] },
    });
    expect(given.statusCode, given.body).toBe(200);
    const { reference } = await paidOrderWithPageKey(shop.app, {
      email: 'ciara@example.ie',
      name: 'Ciara Walsh',
      items: [{ id: '2', quantity: 1, size: 'M' }],
      zone: 'WORLD',
      address: NEW_YORK,
    });
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${reference}/label`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { label } = res.json() as { label: { trackingNumber: string; url: string } };
    expect(label.trackingNumber).toMatch(/^TE\d{9}IE$/);
    const pdf = await shop.app.inject({ method: 'GET', url: label.url, headers: auth });
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
    ).text;
    expect(text).toContain('TEST');
    expect(text).toContain(label.trackingNumber);
    expect(text).toContain('New York');
    expect(text).toContain('HS 711719');
    const info = await shop.app.inject({ method: 'GET', url: `${label.url}/info`, headers: auth });
    expect(info.json()).toMatchObject({
      label: { test: true, voidable: true, trackingNumber: label.trackingNumber },
    });
    // Voiding a TEST label needs no carrier.
    const voided = await shop.app.inject({ method: 'DELETE', url: label.url, headers: auth });
    expect(voided.statusCode).toBe(200);
  });
});
