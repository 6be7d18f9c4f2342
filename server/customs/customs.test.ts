/**
 * Customs declarations end to end on the real app, on SQLite and PostgreSQL (docs/product/customs.md §21):
 * the products' customs data through the API and its CSV, the seller's EORI number, the CN23 read back
 * from the PDF for 20 orders to 5 countries outside the EU (every field, none missing), the 409s for an
 * order inside the EU and for a product without customs data, the dispatch refused without it, and the
 * day's customs CSV.
 */
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../domain/catalogue/product-admin';
import { orderReference } from '../../domain/checkout/checkout';
import {
  CUSTOMS_CSV_COLUMNS,
  RETURNED_UNPAID_MESSAGES,
  RETURNED_UNPAID_REASON,
} from '../../domain/customs/customs-api';
import { GB_NOTHING_DUE_NOTICE, usDutyNotice } from '../../domain/customs/duty-notice';
import { CUSTOMS_MESSAGES } from '../../domain/customs/product-customs';
import { SHOP_SETTINGS_MESSAGES } from '../../domain/settings/shop-settings';
import { irishDate } from '../../domain/shared/calendar-date';
import { COUNTRY_NAMES } from '../../domain/shared/countries';
import { type CardFormAddress, outboxRows, PARIS, payAndConfirm } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';
import { ORDERS_MAIL_KINDS } from '../orders';

const TOKEN = 'customs-owner-token-0123';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const EORI = 'IE1234567T';

let shop: TestShop;
let app: FastifyInstance;

function owner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return app.inject({ method, url, headers: AUTH, ...(payload ? { payload } : {}) });
}

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const ADDRESSES: Record<string, CardFormAddress & { name: string }> = {
  GB: {
    name: 'Olivia Hughes',
    line1: '12 Baker Street',
    city: 'London',
    postalCode: 'NW1 6XE',
    country: 'GB',
  },
  US: {
    name: 'Emma Miller',
    line1: '350 Fifth Avenue',
    city: 'New York',
    postalCode: '10118',
    country: 'US',
  },
  CH: { name: 'Lea Meier', line1: 'Bahnhofstrasse 1', city: 'Zurich', postalCode: '8001', country: 'CH' },
  NO: { name: 'Ingrid Hansen', line1: 'Karl Johans gate 2', city: 'Oslo', postalCode: '0154', country: 'NO' },
  AU: { name: 'Chloe Smith', line1: '1 George Street', city: 'Sydney', postalCode: '2000', country: 'AU' },
};

const CUSTOMS = [
  { hsCode: '711719', materials: 'glass and sterling silver', weightGrams: { S: 10, M: 12, L: 14 } },
  { hsCode: '7113.11', materials: 'Sterling silver and pearls', weightGrams: { S: 15, M: 17, L: 19 } },
  { hsCode: '71171900', originCountry: 'IE', materials: 'lava stone', weightGrams: { S: 20, M: 22, L: 24 } },
];

async function giveCustoms(): Promise<void> {
  // Great Britain is sold to once the shop charges UK VAT there (docs/product/vat.md §20).
  const gb = await owner('PATCH', '/api/admin/settings', {
    vat: { mode: 'none', gb: 'uk_vat', ukVatNumber: 'GB123456789' },
  });
  expect(gb.json()).toMatchObject({ ok: true });
  for (const [i, customs] of CUSTOMS.entries()) {
    const res = await owner('PATCH', `/api/admin/products/${i + 1}`, { customs });
    expect(res.statusCode).toBe(200);
  }
}

async function order(
  items: { id: string; quantity: number; size?: string }[],
  to: CardFormAddress & { name: string },
  email = 'buyer@example.com',
): Promise<string> {
  const zone = to.country === 'IE' ? 'IE' : ['FR', 'DE'].includes(to.country) ? 'EU' : 'WORLD';
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email, items, zone, country: to.country },
  });
  if (checkout.statusCode !== 200) throw new Error(checkout.body);
  const { sessionId } = checkout.json() as { sessionId: string };
  const { name, ...address } = to;
  await payAndConfirm(app, sessionId, email, name, address);
  return orderReference(sessionId);
}

describe.each(TEST_DIALECTS)('customs declarations on %s', (dialect) => {
  beforeEach(async () => {
    shop = await startTestShop(dialect, { ADMIN_TOKEN: TOKEN, OWNER_EMAIL: 'owner@solas.test' });
    ({ app } = shop);
  });

  afterEach(() => shop.stop());

  it('keeps a product’s customs data, refuses bad values naming the field, and carries it in products.csv', async () => {
    const before = (await owner('GET', '/api/admin/products/1')).json() as { product: AdminProduct };
    expect(before.product.customs).toBeNull();
    for (const [customs, field] of [
      [{ ...CUSTOMS[0], hsCode: '71' }, 'customs.hsCode'],
      [{ ...CUSTOMS[0], originCountry: 'Ireland' }, 'customs.originCountry'],
      [{ ...CUSTOMS[0], materials: '' }, 'customs.materials'],
      [{ ...CUSTOMS[0], weightGrams: { S: 1, M: 0 } }, 'customs.weightGrams'],
    ] as const) {
      const res = await owner('PATCH', '/api/admin/products/1', { customs });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error.startsWith(`${field}:`)).toBe(true);
    }
    const saved = await owner('PATCH', '/api/admin/products/2', { customs: CUSTOMS[1] });
    expect(saved.statusCode).toBe(200);
    const got = (await owner('GET', '/api/admin/products/2')).json() as { product: AdminProduct };
    expect(got.product.customs).toEqual({
      hsCode: '711311',
      originCountry: 'IE',
      materials: 'Sterling silver and pearls',
      weightGrams: { S: 15, M: 17, L: 19 },
    });
    // The storefront's catalogue never carries it.
    const snapshot = await app.catalogue.source.current();
    expect(JSON.stringify(snapshot)).not.toContain('711311');

    const csv = (await owner('GET', '/api/admin/products.csv')).body.replace(/^\uFEFF/, '');
    const [header, , second] = csv.split('\r\n');
    expect(header).toContain(
      'customsHsCode,customsOriginCountry,customsMaterials,customsWeightS,customsWeightM,customsWeightL',
    );
    expect(second).toContain('711311,IE,Sterling silver and pearls,15,17,19');

    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/products.csv',
      headers: { ...AUTH, 'content-type': 'text/csv' },
      payload:
        'id,name,price,customsHsCode,customsMaterials,customsWeightS,customsWeightM,customsWeightL\r\n3,Third,3500,7117.19,glass,9,10,x\r\n',
    });
    expect(imported.statusCode).toBe(400);
    expect(JSON.stringify(imported.json())).toContain('customs.weightGrams');
    expect(JSON.stringify(imported.json())).toContain(CUSTOMS_MESSAGES.weightGrams);
  });

  it('saves the seller’s EORI number alone and refuses one that is not Irish', async () => {
    const bad = await owner('PATCH', '/api/admin/settings', { seller: { eori: 'FR123456789' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toBe(SHOP_SETTINGS_MESSAGES.sellerEori);
    const before = (await owner('GET', '/api/admin/settings')).json() as { settings: { seller: object } };
    const ok = await owner('PATCH', '/api/admin/settings', { seller: { eori: EORI } });
    expect(ok.statusCode).toBe(200);
    const after = (await owner('GET', '/api/admin/settings')).json() as { settings: { seller: object } };
    expect(after.settings.seller).toEqual({ ...before.settings.seller, eori: EORI });
  });

  it('writes a CN23 with every field for 20 orders to 5 countries outside the EU, in A4 and A6', async () => {
    await giveCustoms();
    expect((await owner('PATCH', '/api/admin/settings', { seller: { eori: EORI } })).statusCode).toBe(200);
    const { seller } = (
      (await owner('GET', '/api/admin/settings')).json() as {
        settings: { seller: { name: string; address: string } };
      }
    ).settings;
    const countries = Object.keys(ADDRESSES);
    const placed: { reference: string; country: string; size: 'S' | 'M' | 'L'; quantity: number }[] = [];
    for (let n = 0; n < 20; n += 1) {
      const country = countries[n % countries.length] ?? 'US';
      const size = (['S', 'M', 'L'] as const)[n % 3] ?? 'M';
      const quantity = 1 + (n % 2);
      const items = [
        { id: '1', quantity, size },
        { id: String(2 + (n % 2)), quantity: 1, size: 'M' },
      ];
      const address = ADDRESSES[country];
      if (!address) throw new Error(country);
      placed.push({ reference: await order(items, address), country, size, quantity });
    }
    let missing = 0;
    for (const p of placed) {
      const address = ADDRESSES[p.country];
      if (!address) throw new Error(p.country);
      const weight1 = { S: 10, M: 12, L: 14 }[p.size] * p.quantity;
      const expected = [
        'CN23 Customs declaration',
        `From: ${seller.name}`,
        seller.address,
        `EORI: ${EORI}`,
        `To: ${address.name}`,
        address.line1,
        address.city,
        address.postalCode,
        COUNTRY_NAMES[p.country] ?? p.country,
        '1. Beaded bracelet, glass and sterling silver',
        `Quantity: ${p.quantity}`,
        `Net weight: ${weight1} g`,
        'Origin: IE',
        'HS code: 711719',
        '2. Beaded bracelet,',
        'Category of item: Sale of goods',
        'Total net weight:',
        'Total value:',
        'Currency: EUR',
        `Order: ${p.reference}`,
      ];
      for (const size of ['', '?size=a6']) {
        const res = await owner('GET', `/api/admin/orders/${p.reference}/customs.pdf${size}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        const text = await textOf(res.rawPayload);
        for (const field of expected) if (!text.includes(field)) missing += 1;
        expect(text).toMatch(/Value: \d+\.\d\d EUR/);
      }
    }
    expect(missing).toBe(0);
  }, 120_000);

  it('answers 409 naming why for an order inside the EU and for a product without customs data, and refuses its dispatch', async () => {
    await giveCustoms();
    const paris = await order([{ id: '1', quantity: 1 }], { ...PARIS, name: 'Camille Martin' });
    const eu = await owner('GET', `/api/admin/orders/${paris}/customs.pdf`);
    expect(eu.statusCode).toBe(409);
    expect((eu.json() as { error: string }).error).toContain('France, inside the EU');

    const us = ADDRESSES.US;
    if (!us) throw new Error('US');
    const lacking = await order(
      [
        { id: '1', quantity: 1 },
        { id: '7', quantity: 1 },
      ],
      us,
    );
    const res = await owner('GET', `/api/admin/orders/${lacking}/customs.pdf`);
    expect(res.statusCode).toBe(409);
    const name7 = ((await owner('GET', '/api/admin/products/7')).json() as { product: AdminProduct }).product
      .name;
    expect((res.json() as { error: string }).error).toContain(`${name7} has no customs data`);
    const state = await owner('GET', `/api/admin/orders/${lacking}/customs`);
    expect(state.json()).toMatchObject({
      ok: true,
      customs: { needed: true, country: 'US', pdf: null, missing: [{ productId: '7', name: name7 }] },
    });

    const dispatch = await owner('POST', `/api/admin/orders/${lacking}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'RR123456789IE',
    });
    expect(dispatch.statusCode).toBe(409);
    expect((dispatch.json() as { error: string }).error).toContain('leaves the EU');
    expect((dispatch.json() as { error: string }).error).toContain(name7);
    // Inside the EU nothing is asked.
    const euDispatch = await owner('POST', `/api/admin/orders/${paris}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'RR123456780IE',
    });
    expect(euDispatch.statusCode).toBe(200);
  });

  it('gives the day’s customs data as CSV, one row per item of the orders leaving the EU', async () => {
    await giveCustoms();
    const gb = ADDRESSES.GB;
    const us = ADDRESSES.US;
    if (!gb || !us) throw new Error('addresses');
    const a = await order(
      [
        { id: '1', quantity: 2, size: 'L' },
        { id: '3', quantity: 1, size: 'S' },
      ],
      gb,
    );
    const b = await order([{ id: '2', quantity: 1 }], us);
    await order([{ id: '1', quantity: 1 }], { ...PARIS, name: 'Camille Martin' });
    const dispatched = await owner('POST', `/api/admin/orders/${b}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'RR123456789IE',
    });
    expect(dispatched.statusCode).toBe(200);
    const bad = await owner('GET', '/api/admin/customs.csv?date=29-11-2026');
    expect(bad.statusCode).toBe(400);
    // Every order just paid is due in a few days: the CSV of the latest dispatch day holds them all.
    const late = irishDate(new Date(Date.now() + 14 * 86_400_000));
    const res = await owner('GET', `/api/admin/customs.csv?date=${late}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(CUSTOMS_CSV_COLUMNS.join(','));
    expect(rows.filter((r) => r.startsWith(a))).toHaveLength(2);
    expect(rows.find((r) => r.startsWith(a))).toContain(
      'GB,Sale of goods,"Beaded bracelet, glass and sterling silver",2,28,',
    );
    // The order dispatched today is in today's file.
    const today = await owner('GET', `/api/admin/customs.csv?date=${irishDate(new Date())}`);
    const todayRows = today.body.trimEnd().split('\r\n');
    expect(todayRows.filter((r) => r.startsWith(b))).toHaveLength(1);
    expect(todayRows.find((r) => r.startsWith(b))).toContain(',711311,IE');
    // The late day holds the order still to go, not the one already dispatched, nor the one to France.
    expect(rows).toHaveLength(3);
  });

  it('tells a US shopper of the duty before paying, a GB shopper under £135 that nothing more is due, and no one else', async () => {
    const checkout = (country: string, zone: string, quantity = 1) =>
      app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: { email: 'buyer@example.com', items: [{ id: '1', quantity }], zone, country },
      });
    const us = (await checkout('US', 'WORLD')).json() as { dutyNotice?: string };
    expect(us.dutyNotice).toBe(usDutyNotice(15));
    expect(us.dutyNotice).toContain('about 15%');
    expect(us.dutyNotice).toContain('5 days');
    expect(us.dutyNotice).toContain('comes back');
    expect((await owner('PATCH', '/api/admin/settings', { seller: { usDutyPercent: 12 } })).statusCode).toBe(
      200,
    );
    expect(((await checkout('US', 'WORLD')).json() as { dutyNotice?: string }).dutyNotice).toContain(
      'about 12%',
    );
    // The confirmation e-mail repeats it.
    const usAddress = ADDRESSES.US;
    if (!usAddress) throw new Error('US');
    const reference = await order([{ id: '1', quantity: 1 }], usAddress);
    const confirmation = (await outboxRows(app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === reference,
    );
    expect(confirmation?.text_body.replace(/\s+/g, ' ')).toContain(usDutyNotice(12));
    expect(((await checkout('FR', 'EU')).json() as { dutyNotice?: string }).dutyNotice).toBeUndefined();
    expect(((await checkout('CH', 'WORLD')).json() as { dutyNotice?: string }).dutyNotice).toBeUndefined();
    await owner('PATCH', '/api/admin/settings', {
      vat: { mode: 'none', gb: 'uk_vat', ukVatNumber: 'GB123456789' },
    });
    expect(((await checkout('GB', 'WORLD')).json() as { dutyNotice?: string }).dutyNotice).toBe(
      GB_NOTHING_DUE_NOTICE,
    );
    expect(((await checkout('GB', 'WORLD', 9)).json() as { dutyNotice?: string }).dutyNotice).toBeUndefined();
  });

  it('marks an order that came back unpaid: the pieces refunded at what they cost, not the shipping', async () => {
    await giveCustoms();
    const usAddress = ADDRESSES.US;
    if (!usAddress) throw new Error('US');
    const reference = await order([{ id: '1', quantity: 2 }], usAddress);
    const early = await owner('POST', `/api/admin/orders/${reference}/returned-unpaid`, {});
    expect(early.statusCode).toBe(409);
    expect((early.json() as { error: string }).error).toBe(RETURNED_UNPAID_MESSAGES.notDispatched);
    expect(
      (
        await owner('POST', `/api/admin/orders/${reference}/dispatch`, {
          carrier: 'an_post',
          trackingNumber: 'RR123456789IE',
        })
      ).statusCode,
    ).toBe(200);
    const res = await owner('POST', `/api/admin/orders/${reference}/returned-unpaid`, {});
    expect(res.statusCode).toBe(200);
    const { order: detail } = res.json() as {
      order: { refunded: number; total: number; shipping: number; status: string };
    };
    expect(detail.refunded).toBe(detail.total - detail.shipping);
    expect(detail.shipping).toBeGreaterThan(0);
    const history = JSON.stringify((await owner('GET', `/api/admin/orders/${reference}`)).json());
    expect(history).toContain(RETURNED_UNPAID_REASON);

    const paris = await order([{ id: '1', quantity: 1 }], { ...PARIS, name: 'Camille Martin' });
    await owner('POST', `/api/admin/orders/${paris}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'RR1IE',
    });
    const eu = await owner('POST', `/api/admin/orders/${paris}/returned-unpaid`, {});
    expect(eu.statusCode).toBe(409);
  });
});
