/**
 * The product feeds on the real app (one database, ROUTE_DIALECTS), read as the channels read them:
 * Google's RSS through an XML parser, every attribute Google's product data specification requires
 * checked on every item, the sizes as variants of one group, the shipping per country of each zone; Meta's
 * CSV through csv-parse with its columns; a size the materials cannot make is that size's item out of
 * stock while the product page's JSON-LD, one offer for the product, stays in stock. On both databases
 * (NOTIFY on PostgreSQL): an edit, a pause and a retirement reach both feeds on another instance within
 * 5 seconds, and an unchanged feed answers 304.
 */
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../domain/catalogue/catalogue-index';
import { PRODUCTS } from '../../domain/catalogue/products';
import { SHIPPING_ZONES } from '../../domain/config';
import { pageMeta } from '../../domain/pages/seo';
import { resolvePath } from '../../domain/routes';
import type { AllSettings } from '../../domain/settings/shop-settings';
import { buildTestApp, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { ROUTE_DIALECTS, TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp, type TestApp } from '../../tests/support/test-shop';
import type { SqlDialect } from '../db/dialect';
import { META_FEED_COLUMNS } from './feed-routes';

const TOKEN = 'feeds-owner-token-0123456';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const G = 'http://base.google.com/ns/1.0';
const { DOMParser } = new JSDOM('').window;

interface GoogleItem {
  readonly one: (name: string) => string | undefined;
  readonly all: (name: string) => Element[];
}

/** Each <item>, its g: attributes read by name (namespace-aware, as Merchant Center reads them). */
function googleItems(xml: string): GoogleItem[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const rss = doc.documentElement;
  expect(rss.nodeName).toBe('rss');
  expect(rss.getAttribute('version')).toBe('2.0');
  return [...doc.getElementsByTagName('item')].map((item) => {
    const all = (name: string) =>
      [...item.childNodes].filter(
        (n): n is Element =>
          n.nodeType === 1 && (n as Element).namespaceURI === G && (n as Element).localName === name,
      );
    return { all, one: (name: string) => all(name)[0]?.textContent ?? undefined };
  });
}

function metaRows(csv: string): Record<string, string>[] {
  return parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

let shop: TestApp;
let app: FastifyInstance;

/** A shop of its own for each test, on `dialect`. */
function shopPerTest(dialect: SqlDialect): void {
  beforeEach(async () => {
    shop = await startTestApp(dialect, { ADMIN_TOKEN: TOKEN, RATE_LIMITS: 'off' });
    app = shop.app;
  });
  afterEach(() => shop.stop());
}

const get = (url: string, headers: Record<string, string> = {}, on = app) =>
  on.inject({ method: 'GET', url, headers });
const owner = (method: 'PATCH' | 'POST', url: string, payload: object) =>
  app.inject({ method, url, headers: AUTH, payload });

describe.each(ROUTE_DIALECTS)('the product feeds on %s', (dialect) => {
  shopPerTest(dialect);

  it('gives Google every required attribute for each product and size, from the catalogue and her settings', {
    timeout: 60_000,
  }, async () => {
    const res = await get('/feeds/google.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const items = googleItems(res.body);
    // 27 products, each in S, M and L.
    expect(items).toHaveLength(PRODUCTS.length * 3);
    const settings = (
      (await app.inject({ method: 'GET', url: '/api/admin/settings', headers: AUTH })).json() as {
        settings: AllSettings;
      }
    ).settings;
    // Every country of her zones where the checkout sells: not Great Britain (`vat.gb` 'no_sale', the first
    // start's), which her world zone lists.
    expect(settings.vat.gb).toBe('no_sale');
    expect(settings.shipping.zones.flatMap((z) => z.countries)).toContain('GB');
    const countries = settings.shipping.zones.flatMap((z) => z.countries).filter((c) => c !== 'GB');
    for (const item of items) {
      for (const required of [
        'id',
        'title',
        'description',
        'link',
        'image_link',
        'availability',
        'price',
        'brand',
        'condition',
        'identifier_exists',
        'google_product_category',
        'product_type',
        'material',
        'age_group',
        'gender',
        'size',
        'size_system',
        'color',
        'item_group_id',
        'min_handling_time',
        'max_handling_time',
      ]) {
        expect(item.one(required), `${item.one('id')} ${required}`).toBeTruthy();
      }
      expect(item.one('link')).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/product/\\d+$`));
      expect(item.one('image_link')).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/`));
      expect(item.one('description')).not.toMatch(/[<>]/);
      expect(item.one('availability')).toBe('in_stock');
      expect(item.one('price')).toMatch(/^\d+\.\d{2} EUR$/);
      expect(item.one('condition')).toBe('new');
      expect(item.one('identifier_exists')).toBe('no');
      expect(item.one('brand')).toBe('Solas');
      expect(item.one('google_product_category')).toBe('Apparel & Accessories > Jewelry > Bracelets');
      expect(item.one('size_system')).toBe('EU');
      expect(item.one('age_group')).toBe('adult');
      // One g:shipping per country of every zone, each with its price and the zone's transit days.
      const shipping = item.all('shipping');
      expect(shipping.map((s) => s.getElementsByTagNameNS(G, 'country')[0]?.textContent).sort()).toEqual(
        [...countries].sort(),
      );
    }
    // The sizes are variants of one group.
    const first = items.filter((i) => i.one('item_group_id') === 'SOLAS-1');
    expect(first.map((i) => i.one('size'))).toEqual(['Small', 'Medium', 'Large']);
    expect(first.map((i) => i.one('id'))).toEqual(['SOLAS-1-S', 'SOLAS-1-M', 'SOLAS-1-L']);
    expect(first[0]?.one('price')).toBe(`${(PRODUCTS[0]?.price ?? 0) / 100}.00 EUR`);
    expect(first[0]?.one('title')).toBe(`${PRODUCTS[0]?.name} (Small)`);
    // Her prices, and free where the piece alone reaches the zone's threshold.
    const ie = settings.shipping.zones.find((z) => z.id === 'IE');
    const shipTo = (item: GoogleItem | undefined, country: string) =>
      item?.all('shipping').find((s) => s.getElementsByTagNameNS(G, 'country')[0]?.textContent === country);
    const ieShipping = shipTo(first[0], 'IE');
    const price = PRODUCTS[0]?.price ?? 0;
    const expected = ie?.freeFrom !== null && price >= (ie?.freeFrom ?? 0) ? 0 : (ie?.price ?? 0);
    expect(ieShipping?.getElementsByTagNameNS(G, 'price')[0]?.textContent).toBe(
      `${(expected / 100).toFixed(2)} EUR`,
    );
    expect(ieShipping?.getElementsByTagNameNS(G, 'min_transit_time')[0]?.textContent).toBe(
      String(SHIPPING_ZONES.IE.deliveryDays[0]),
    );
    expect(shipTo(first[0], 'FR')?.getElementsByTagNameNS(G, 'max_transit_time')[0]?.textContent).toBe(
      String(SHIPPING_ZONES.EU.deliveryDays[1]),
    );
    // Her shipping price changed: the feed says it.
    await owner('PATCH', '/api/admin/settings', {
      shipping: {
        zones: settings.shipping.zones.map((z) => (z.id === 'IE' ? { ...z, price: 725, freeFrom: null } : z)),
      },
    });
    const after = googleItems((await get('/feeds/google.xml')).body)[0];
    expect(shipTo(after, 'IE')?.getElementsByTagNameNS(G, 'price')[0]?.textContent).toBe('7.25 EUR');
  });

  it('gives Meta (and Pinterest) the same products and sizes in its CSV columns', async () => {
    const res = await get('/feeds/meta.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n')[0]).toBe(META_FEED_COLUMNS.join(','));
    const rows = metaRows(res.body);
    expect(rows).toHaveLength(PRODUCTS.length * 3);
    const google = googleItems((await get('/feeds/google.xml')).body);
    expect(rows.map((r) => r.id)).toEqual(google.map((i) => i.one('id')));
    const [row] = rows;
    expect(row).toMatchObject({
      id: 'SOLAS-1-S',
      availability: 'in stock',
      condition: 'new',
      brand: 'Solas',
      item_group_id: 'SOLAS-1',
      size: 'Small',
      google_product_category: 'Apparel & Accessories > Jewelry > Bracelets',
      link: `${TEST_PUBLIC_URL}/product/1`,
    });
    expect(row?.price).toMatch(/^\d+\.00 EUR$/);
    expect(row?.shipping).toMatch(/^IE::Standard:\d+\.\d{2} EUR,/);
    // Compressed for a channel that takes it, the same bytes once unpacked.
    const gz = await app.inject({
      method: 'GET',
      url: '/feeds/google.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe((await get('/feeds/google.xml')).body);
  });

  it('carries her GTIN and colour where she gave them, and leaves out a product she excluded', async () => {
    const bad = await owner('PATCH', '/api/admin/products/1', { gtin: '1234567890123' });
    expect(bad.statusCode).toBe(400);
    const saved = await owner('PATCH', '/api/admin/products/1', {
      gtin: '5901234123457',
      colour: 'Pink/Gold',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      product: { gtin: '5901234123457', colour: 'Pink/Gold', excludeFromFeeds: false },
    });
    await owner('PATCH', '/api/admin/products/2', { excludeFromFeeds: true });
    const items = googleItems((await get('/feeds/google.xml')).body);
    const first = items.find((i) => i.one('id') === 'SOLAS-1-M');
    expect(first?.one('gtin')).toBe('5901234123457');
    expect(first?.one('identifier_exists')).toBeUndefined();
    expect(first?.one('color')).toBe('Pink/Gold');
    // The seeded bracelets came with theirs (Google refuses jewellery without one).
    expect(items.find((i) => i.one('id') === 'SOLAS-3-M')?.one('color')).toBe('Brown/Beige/Gold');
    expect(items.some((i) => i.one('item_group_id') === 'SOLAS-2')).toBe(false);
    expect(metaRows((await get('/feeds/meta.csv')).body).some((r) => r.item_group_id === 'SOLAS-2')).toBe(
      false,
    );
    // Back in the feeds when she says so; her page was never affected.
    await owner('PATCH', '/api/admin/products/2', { excludeFromFeeds: false });
    expect(metaRows((await get('/feeds/meta.csv')).body).some((r) => r.item_group_id === 'SOLAS-2')).toBe(
      true,
    );
  }, 60_000);

  it('offers Great Britain only once she sells there', async () => {
    const shipsTo = async (country: string) =>
      googleItems((await get('/feeds/google.xml')).body).every((item) =>
        item.all('shipping').some((s) => s.getElementsByTagNameNS(G, 'country')[0]?.textContent === country),
      );
    const metaShipsTo = async (country: string) =>
      metaRows((await get('/feeds/meta.csv')).body).every((r) => r.shipping?.includes(`${country}::`));
    expect(await shipsTo('US')).toBe(true);
    expect(await shipsTo('GB')).toBe(false);
    expect(await metaShipsTo('GB')).toBe(false);
    const saved = await owner('PATCH', '/api/admin/settings', {
      vat: { mode: 'none', gb: 'uk_vat', ukVatNumber: 'GB123456789' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await shipsTo('GB')).toBe(true);
    expect(await metaShipsTo('GB')).toBe(true);
  });

  it('stays well-formed XML when a description holds characters XML 1.0 cannot hold', async () => {
    const saved = await owner('PATCH', '/api/admin/products/1', {
      fullDescription: 'Rose quartz \ufffeand\uffff gold, \ud83d\udc96 & co',
    });
    expect(saved.statusCode).toBe(200);
    const items = googleItems((await get('/feeds/google.xml')).body);
    expect(items).toHaveLength(PRODUCTS.length * 3);
    expect(items.find((i) => i.one('id') === 'SOLAS-1-M')?.one('description')).toBe(
      'Rose quartz and gold, \ud83d\udc96 & co',
    );
  });

  it('marks a size the materials cannot make out of stock, its other sizes in stock; the JSON-LD keeps the product in stock', async () => {
    // A Large of product 2 takes 22 cm of cord and 20 are left; Small and Medium have no bill of
    // materials, so they are sold as before (docs/product/materials.md §23.2).
    const cord = await owner('POST', '/api/admin/materials', {
      name: 'Elastic cord',
      unit: 'cm',
      onHand: 20,
      lowStock: 0,
    });
    expect(cord.statusCode, cord.body).toBe(201);
    const materialId = (cord.json() as { material: { id: string } }).material.id;
    const bill = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/2/materials',
      headers: AUTH,
      payload: { sizes: { L: [{ materialId, quantity: 22 }] } },
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const availabilityOf = async () =>
      Object.fromEntries(
        googleItems((await get('/feeds/google.xml')).body)
          .filter((i) => i.one('item_group_id') === 'SOLAS-2')
          .map((i) => [i.one('id'), i.one('availability')]),
      );
    await expect.poll(availabilityOf, { timeout: 5_000 }).toEqual({
      'SOLAS-2-S': 'in_stock',
      'SOLAS-2-M': 'in_stock',
      'SOLAS-2-L': 'out_of_stock',
    });
    const meta = metaRows((await get('/feeds/meta.csv')).body).filter((r) => r.item_group_id === 'SOLAS-2');
    expect(meta.map((r) => [r.id, r.availability])).toEqual([
      ['SOLAS-2-S', 'in stock'],
      ['SOLAS-2-M', 'in stock'],
      ['SOLAS-2-L', 'out of stock'],
    ]);
    // The product page's structured data is one Offer for the product, which can still be ordered in
    // the other sizes: in stock (docs/product/feeds.md §18.3). It says out of stock once no size can be made.
    const snapshot = app.catalogue.source.current();
    const route = resolvePath('/product/2');
    if (route.kind !== 'route') throw new Error('expected a route');
    const offerOf = () =>
      pageMeta(
        route.match,
        TEST_PUBLIC_URL,
        indexCatalogue(app.catalogue.source.current()).getProduct,
        snapshot.shop,
      ).jsonLd?.offers as { availability?: string } | undefined;
    expect(snapshot.products.find((p) => p.id === '2')?.unmakeableSizes).toEqual(['L']);
    expect(offerOf()?.availability).toBe('https://schema.org/InStock');

    const none = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/2/materials',
      headers: AUTH,
      payload: {
        sizes: {
          S: [{ materialId, quantity: 21 }],
          M: [{ materialId, quantity: 21 }],
          L: [{ materialId, quantity: 22 }],
        },
      },
    });
    expect(none.statusCode, none.body).toBe(200);
    await expect
      .poll(async () => new Set(Object.values(await availabilityOf())), { timeout: 5_000 })
      .toEqual(new Set(['out_of_stock']));
    expect(offerOf()?.availability).toBe('https://schema.org/OutOfStock');
  });

  it('marks everything out of stock while her sales are paused', async () => {
    const settings = (
      (await app.inject({ method: 'GET', url: '/api/admin/settings', headers: AUTH })).json() as {
        settings: AllSettings;
      }
    ).settings;
    const saved = await owner('PATCH', '/api/admin/settings', {
      away: { mode: 'pause-sales', until: '2099-01-10', message: '' },
      updatedAt: settings.updatedAt,
    });
    expect(saved.statusCode).toBe(200);
    const items = googleItems((await get('/feeds/google.xml')).body);
    expect(new Set(items.map((i) => i.one('availability')))).toEqual(new Set(['out_of_stock']));
    expect(new Set(metaRows((await get('/feeds/meta.csv')).body).map((r) => r.availability))).toEqual(
      new Set(['out of stock']),
    );
  });
});

// Another instance hears of an edit through the database (NOTIFY on PostgreSQL): on both.
describe.each(TEST_DIALECTS)('the product feeds between instances on %s', (dialect) => {
  shopPerTest(dialect);

  it('follows an edit, a pause and a retirement on another instance within 5 s, with 304 while unchanged', {
    timeout: 60_000,
  }, async () => {
    const other = await buildTestApp(shop.env);
    try {
      const before = await get('/feeds/google.xml', {}, other);
      const etag = String(before.headers.etag);
      expect(before.headers['last-modified']).toBeTruthy();
      expect((await get('/feeds/google.xml', { 'if-none-match': etag }, other)).statusCode).toBe(304);
      const metaEtag = String((await get('/feeds/meta.csv', {}, other)).headers.etag);
      expect((await get('/feeds/meta.csv', { 'if-none-match': metaEtag }, other)).statusCode).toBe(304);

      const itemsOnOther = async () => googleItems((await get('/feeds/google.xml', {}, other)).body);
      const rowsOnOther = async () => metaRows((await get('/feeds/meta.csv', {}, other)).body);
      const poll = { timeout: 5_000, interval: 100 };

      // Polled on the CSV (quick to parse); the RSS, built from the same version, is checked once there.
      const edited = Date.now();
      await owner('PATCH', '/api/admin/products/1', { name: 'First Light Renewed', price: 4200 });
      await expect
        .poll(async () => (await rowsOnOther())[0]?.title, poll)
        .toBe('First Light Renewed (Small)');
      expect(Date.now() - edited).toBeLessThan(5_000);
      expect((await rowsOnOther())[0]?.price).toBe('42.00 EUR');
      const renamed = (await itemsOnOther())[0];
      expect(renamed?.one('title')).toBe('First Light Renewed (Small)');
      expect(renamed?.one('price')).toBe('42.00 EUR');
      expect((await get('/feeds/google.xml', { 'if-none-match': etag }, other)).statusCode).toBe(200);

      const paused = Date.now();
      await owner('PATCH', '/api/admin/products/2', { status: 'paused', note: 'Back soon' });
      await expect
        .poll(async () => (await rowsOnOther()).find((r) => r.id === 'SOLAS-2-M')?.availability, poll)
        .toBe('out of stock');
      expect(Date.now() - paused).toBeLessThan(5_000);
      const pausedItem = (await itemsOnOther()).find((i) => i.one('id') === 'SOLAS-2-M');
      expect(pausedItem?.one('availability')).toBe('out_of_stock');

      const retired = Date.now();
      await owner('PATCH', '/api/admin/products/3', { status: 'retired' });
      await expect
        .poll(async () => (await rowsOnOther()).some((r) => r.item_group_id === 'SOLAS-3'), poll)
        .toBe(false);
      expect(Date.now() - retired).toBeLessThan(5_000);
      const left = await itemsOnOther();
      expect(left.some((i) => i.one('item_group_id') === 'SOLAS-3')).toBe(false);
      expect(left).toHaveLength((PRODUCTS.length - 1) * 3);
    } finally {
      await other.close();
    }
  });
});
