/**
 * The catalogue in the database, end to end on the real app, on SQLite and PostgreSQL: the migration's
 * seed is today's 27 products; the owner's products API (CRUD, 404, 409, history and audit rows, the CSV
 * import all or nothing with line numbers); checkout priced from the current catalogue and refusing
 * paused and retired products; a past order unchanged by repricing, renaming and retiring (its e-mails,
 * its order page, the desk, the packing slips and the CSV).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fullDescription } from '../../domain/catalogue/full-descriptions';
import { type AdminProduct, PRODUCT_MESSAGES } from '../../domain/catalogue/product-admin';
import { PRODUCTS } from '../../domain/catalogue/products';
import { seedSnapshot } from '../../domain/catalogue/seed';
import { orderReference, unavailableProductError } from '../../domain/checkout/checkout';
import type { OrderDetail } from '../../domain/orders/admin-api';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import type { SmtpSink } from '../../tests/support/smtp-sink';
import { outboxSettled, payAndConfirm } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';

const TOKEN = 'catalogue-owner-token-0123';
const SHOPPER = 'niamh@example.ie';
const AUTH = { authorization: `Bearer ${TOKEN}` };

let shop: TestShop;
let smtp: SmtpSink;
let app: FastifyInstance;

function owner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: object = {}) {
  return app.inject({ method, url, headers: { ...AUTH, ...headers }, ...(payload ? { payload } : {}) });
}

function csvImport(text: string) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/products.csv',
    headers: { ...AUTH, 'content-type': 'text/csv' },
    payload: text,
  });
}

async function product(id: string): Promise<AdminProduct> {
  const res = await owner('GET', `/api/admin/products/${id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { product: AdminProduct }).product;
}

async function paidOrder(items: object[]): Promise<{ reference: string; sessionId: string }> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: SHOPPER, items, zone: 'IE' },
  });
  expect(checkout.statusCode).toBe(200);
  const { sessionId } = checkout.json() as { sessionId: string };
  await payAndConfirm(app, sessionId, SHOPPER);
  return { reference: orderReference(sessionId), sessionId };
}

describe.each(TEST_DIALECTS)('the catalogue on %s', (dialect) => {
  beforeEach(async () => {
    shop = await startTestShop(dialect, {
      ADMIN_TOKEN: TOKEN,
      OWNER_EMAIL: 'owner@solas.test',
    });
    ({ app, smtp } = shop);
  });

  afterEach(() => shop.stop());

  it('seeds exactly the 27 products of before: ids, handles, prices, texts, order and drawn images', async () => {
    const res = await owner('GET', '/api/admin/products');
    expect(res.statusCode).toBe(200);
    const products = (res.json() as { products: AdminProduct[] }).products;
    expect(products.map((p) => p.id)).toEqual(Array.from({ length: 27 }, (_, i) => String(i + 1)));
    products.forEach((p, i) => {
      const before = PRODUCTS[i];
      if (!before) throw new Error(`no product ${i}`);
      expect(p).toMatchObject({
        handle: before.handle,
        name: before.name,
        price: before.price,
        category: before.category,
        materials: [...before.materials],
        description: before.description,
        fullDescription: fullDescription(before),
        sizes: ['S', 'M', 'L'],
        status: 'active',
        note: '',
        position: i,
      });
      expect(p.images.map((img) => img.id)).toEqual([...before.images]);
      for (const img of p.images) {
        expect(img.url).toBe(`/img/${img.id}-1080.webp`);
        expect(img.alt).not.toBe('');
        expect([img.width, img.height]).toEqual([1080, 1080]);
      }
    });
    // The source serves the same: every field of the seed snapshot.
    const served = app.catalogue.source.current();
    expect(served.products).toEqual(seedSnapshot().products);
    expect(served.version).toBe('1');
  });

  it('files a category that differs from an existing one only in case, accents or spaces under that one', async () => {
    const sameAsFestive = await owner('POST', '/api/admin/products', {
      name: 'Christmas Bell',
      category: ' burgundy ',
      materials: ['Czech Glass'],
      price: 4000,
      description: 'Gold glass bells.',
    });
    expect((sameAsFestive.json() as { product: AdminProduct }).product.category).toBe('Burgundy');
    const warm = await owner(
      'PATCH',
      `/api/admin/products/${(sameAsFestive.json() as { product: AdminProduct }).product.id}`,
      {
        category: 'WARM   tones',
      },
    );
    expect((warm.json() as { product: AdminProduct }).product.category).toBe('Warm Tones');
  });

  it('creates, edits, reorders and refuses: 201 with the next id, 404, 400 naming the field, 409 when stale', async () => {
    const created = await owner('POST', '/api/admin/products', {
      name: 'Christmas Star',
      category: 'Festive',
      materials: ['Czech Glass', 'Silver Thread'],
      price: 4500,
      description: 'Red and gold glass for the Christmas table.',
      colour: 'Red/Gold',
    });
    expect(created.statusCode).toBe(201);
    const star = (created.json() as { product: AdminProduct }).product;
    // The colour the desk's form asks for is kept with the new product (the feeds need it).
    expect(star).toMatchObject({
      id: '28',
      handle: 'christmas-star',
      price: 4500,
      status: 'active',
      position: 27,
      colour: 'Red/Gold',
    });
    // Live at once on this instance: the checkout sells it at its price.
    expect(app.catalogue.source.current().products.at(-1)?.name).toBe('Christmas Star');

    for (const [url, method] of [
      ['/api/admin/products/99', 'GET'],
      ['/api/admin/products/99', 'PATCH'],
      ['/api/admin/products/abc', 'GET'],
      ['/api/admin/products/99/history', 'GET'],
    ] as const) {
      const res = await owner(method, url, method === 'PATCH' ? { price: 3000 } : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    const badPrice = await owner('PATCH', '/api/admin/products/28', { price: 45.5 });
    expect(badPrice.statusCode).toBe(400);
    expect((badPrice.json() as { error: string }).error).toBe(PRODUCT_MESSAGES.price);
    const longName = await owner('POST', '/api/admin/products', { ...star, name: 'x'.repeat(81) });
    expect(longName.statusCode).toBe(400);
    const taken = await owner('PATCH', '/api/admin/products/28', { handle: 'first-light' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ field: 'handle', error: PRODUCT_MESSAGES.handleTaken });

    // Optimistic concurrency: the first save with the desk's updatedAt wins, the second is refused.
    const first = await owner('PATCH', '/api/admin/products/28', { price: 4800, updatedAt: star.updatedAt });
    expect(first.statusCode).toBe(200);
    const second = await owner('PATCH', '/api/admin/products/28', { price: 5000, updatedAt: star.updatedAt });
    expect(second.statusCode).toBe(409);
    expect((second.json() as { error: string }).error).toBe(PRODUCT_MESSAGES.stale);
    const byHeader = await owner(
      'PATCH',
      '/api/admin/products/28',
      { price: 5000 },
      { 'if-match': `"${star.updatedAt}"` },
    );
    expect(byHeader.statusCode).toBe(409);
    const blind = await owner('PATCH', '/api/admin/products/28', { price: 5200 });
    expect(blind.statusCode).toBe(200);
    expect((await product('28')).price).toBe(5200);

    // A new handle keeps the old one pointing at the product; reordering moves the neighbours.
    const renamed = await owner('PATCH', '/api/admin/products/28', {
      handle: 'star-of-bethlehem',
      position: 0,
    });
    expect(renamed.statusCode).toBe(200);
    const snapshot = app.catalogue.source.current();
    expect(snapshot.formerHandles['christmas-star']).toBe('28');
    expect(snapshot.products.slice(0, 3).map((p) => p.id)).toEqual(['28', '1', '2']);
    expect(snapshot.products.map((p) => p.position)).toEqual(snapshot.products.map((_, i) => i));

    // Retired, never reused: the next product is 29.
    expect((await owner('PATCH', '/api/admin/products/28', { status: 'retired' })).statusCode).toBe(200);
    const next = await owner('POST', '/api/admin/products/5/duplicate');
    expect(next.statusCode).toBe(201);
    expect((next.json() as { product: AdminProduct }).product).toMatchObject({
      id: '29',
      status: 'paused',
      name: 'Fuchsia Hedgerow (copy)',
    });
  });

  it('answers an edit once this instance serves it and its listeners (the pages) are done', async () => {
    let seen: string | null = null;
    let done: () => void = () => {};
    const pagesRendered = new Promise<void>((resolve) => {
      done = resolve;
    });
    app.platform.events.on('catalogueEdited', async () => {
      seen = app.catalogue.source.current().version;
      await pagesRendered;
    });
    let answered = false;
    const editing = owner('PATCH', '/api/admin/products/1', { price: 4100 }).then((res) => {
      answered = true;
      return res;
    });
    await expect.poll(() => seen).not.toBeNull();
    // The catalogue this instance serves is the edit's own by then.
    expect(seen).toBe(await app.catalogue.store.version());
    expect(answered).toBe(false);
    done();
    expect((await editing).statusCode).toBe(200);
  });

  it('keeps each change in the product history and the desk audit log, fields before and after', async () => {
    const before = await product('3');
    expect(
      (await owner('PATCH', '/api/admin/products/3', { price: 3900, name: 'Tawny Strand II' })).statusCode,
    ).toBe(200);
    expect(
      (await owner('PATCH', '/api/admin/products/3', { status: 'paused', note: 'Back in January' }))
        .statusCode,
    ).toBe(200);
    const history = await owner('GET', '/api/admin/products/3/history');
    expect(history.statusCode).toBe(200);
    const entries = (history.json() as { history: { action: string; actor: string; changes: object }[] })
      .history;
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      action: 'product-update',
      actor: 'token',
      changes: [
        { field: 'name', before: 'Tawny Strand', after: 'Tawny Strand II' },
        { field: 'price', before: before.price, after: 3900 },
      ],
    });
    expect(entries[0]?.changes).toEqual([
      { field: 'status', before: 'active', after: 'paused' },
      { field: 'note', before: '', after: 'Back in January' },
    ]);
    const audit = await app.platform.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('target', '=', 'product 3')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['product-update', 'product-update']);
    expect(audit[0]?.detail).toContain('price: 3500 -> 3900');
    expect(audit[0]?.session).toBe('token');
  });

  it('adds, re-describes, reorders and removes pictures; an active product needs alt text on each', async () => {
    const catalogue = app.catalogue.service;
    const actor = { session: 'token', address: '127.0.0.1' };
    const photo = {
      id: 'a'.repeat(32),
      base: `/media/${'a'.repeat(32)}`,
      widths: [320, 480, 720, 1080],
      width: 1080,
      height: 1080,
      alt: '',
      placeholder: 'data:image/webp;base64,AAAA',
    };
    await expect(catalogue.addProductImage('99', { ...photo, alt: 'x' }, actor)).rejects.toMatchObject({
      reason: 'not-found',
      statusCode: 404,
    });
    await expect(catalogue.addProductImage('6', photo, actor)).rejects.toMatchObject({
      statusCode: 400,
      message: PRODUCT_MESSAGES.altRequired,
      extra: { field: 'alt' },
    });
    const added = await catalogue.addProductImage('6', { ...photo, alt: 'Sea Thrift on a wrist' }, actor);
    expect(added).toMatchObject({
      image: { id: photo.id, url: `/media/${photo.id}-1080.webp`, alt: 'Sea Thrift on a wrist', position: 2 },
    });
    const moved = await catalogue.updateProductImage('6', photo.id, { position: 0 }, actor);
    expect(moved.image.position).toBe(0);
    expect((await product('6')).images.map((i) => i.id)).toEqual([photo.id, 'product-6-1', 'product-6-2']);
    expect(app.catalogue.source.current().products[5]?.images[0]?.placeholder).toBe(photo.placeholder);
    await expect(catalogue.updateProductImage('6', photo.id, { alt: ' ' }, actor)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(catalogue.updateProductImage('6', 'nope', { alt: 'x' }, actor)).rejects.toMatchObject({
      statusCode: 404,
    });
    const removed = await catalogue.removeProductImage('6', photo.id, actor);
    expect(removed.images.map((i) => i.id)).toEqual(['product-6-1', 'product-6-2']);
    expect((await product('6')).images.map((i) => i.id)).toEqual(['product-6-1', 'product-6-2']);
    const history = await owner('GET', '/api/admin/products/6/history');
    const actions = (history.json() as { history: { action: string }[] }).history.map((h) => h.action);
    expect(actions).toEqual(['product-image-remove', 'product-image-update', 'product-image-add']);
  });

  it("sells a photo as the line's picture, and lists every photo in use for the media retention", async () => {
    const id = 'b'.repeat(32);
    const photo = { id, base: `/media/${id}`, widths: [320, 480, 720, 1080], width: 1080, height: 1080 };
    const actor = { session: 'token', address: '127.0.0.1' };
    const port = app.catalogue.productImages;
    expect(await port.addProductImage('99', { ...photo, alt: 'x' }, actor)).toBeNull();
    await expect(port.addProductImage('9', { ...photo, alt: '' }, actor)).rejects.toMatchObject({
      statusCode: 400,
      message: PRODUCT_MESSAGES.altRequired,
    });
    const added = await port.addProductImage('9', { ...photo, alt: 'On a wrist' }, actor);
    expect(added?.image.url).toBe(`/media/${id}-1080.webp`);
    await port.updateProductImage('9', id, { position: 0 }, actor);
    const { reference } = await paidOrder([{ id: '9', quantity: 1 }]);
    const line = await owner('GET', `/api/admin/orders/${reference}`);
    expect((line.json() as OrderDetail).lines[0]?.image).toBe(`/media/${id}`);
    // Removed from the product, the photo is still shown by the order: still in use.
    expect(await port.removeProductImage('9', id, actor)).toMatchObject({ id: '9' });
    expect(await port.removeProductImage('9', id, actor)).toBeNull();
    expect([...(await app.media.referencedMediaIds())]).toEqual([id]);
  });

  it('imports a CSV all or nothing, naming each bad row by its line and field', async () => {
    const exported = await owner('GET', '/api/admin/products.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,handle,name,category,materials,price,description,fullDescription,sizes,status,note,position,customsHsCode,customsOriginCountry,customsMaterials,customsWeightS,customsWeightM,customsWeightL,updatedAt',
    );

    const bad = [
      'id,name,price',
      '1,First Light,4200',
      '2,,4000',
      '',
      '99,Nobody,3000',
      '"4","Harvest ""Moon""",12',
      '5,Fuchsia Hedgerow,35.00',
    ].join('\n');
    const refused = await csvImport(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      ok: false,
      error: PRODUCT_MESSAGES.csvInvalid,
      rows: [
        { line: 3, field: 'name', message: PRODUCT_MESSAGES.name },
        { line: 6, field: 'price', message: PRODUCT_MESSAGES.price },
      ],
    });
    // Nothing applied, not even the good rows.
    expect((await product('1')).price).toBe(4000);
    const unknown = await csvImport(['id,name,price', '1,First Light,4200', '99,Nobody,3000'].join('\r\n'));
    expect(unknown.json()).toMatchObject({
      rows: [{ line: 3, field: 'id', message: PRODUCT_MESSAGES.csvUnknownId }],
    });
    expect((await product('1')).price).toBe(4000);
    expect((await csvImport('name,price\nA,3000')).json()).toMatchObject({
      rows: [{ line: 1, field: 'header' }],
    });
    // Handles are checked against the catalogue and against the file's earlier rows.
    const handles = await csvImport(
      [
        'id,name,price,handle',
        '1,First Light,4000,claret-harbour',
        '6,Sea Thrift,3000,spring-tide',
        '7,X,3000,spring-tide',
      ].join('\n'),
    );
    expect(handles.json()).toMatchObject({
      rows: [
        { line: 2, field: 'handle', message: PRODUCT_MESSAGES.handleTaken },
        { line: 4, field: 'handle', message: PRODUCT_MESSAGES.handleTaken },
      ],
    });
    expect((await product('6')).handle).toBe('sea-thrift');

    const good = [
      'id,name,price,description',
      '1,First Light,4200,"Two lines,\nwith a comma"',
      '5,Fuchsia Hedgerow,35.00,Magenta glass.',
    ].join('\r\n');
    const applied = await csvImport(good);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ ok: true, applied: 2 });
    expect(await product('1')).toMatchObject({ price: 4200, description: 'Two lines,\nwith a comma' });
    expect((await product('5')).price).toBe(3500);
    expect(app.catalogue.source.current().products[0]?.price).toBe(4200);

    // The export imports back unchanged.
    const again = await owner('GET', '/api/admin/products.csv');
    const roundTrip = await csvImport(again.body);
    expect(roundTrip.statusCode).toBe(200);
    expect((await product('1')).description).toBe('Two lines,\nwith a comma');
  });

  it('guards the routes as the desk: 401 without the token, 403 cross-site, 415 for a CSV of another type', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/products' });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/1',
      headers: { ...AUTH, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { price: 100 },
    });
    expect(crossSite.statusCode).toBe(403);
    const json = await app.inject({
      method: 'POST',
      url: '/api/admin/products.csv',
      headers: AUTH,
      payload: { id: '1' },
    });
    expect(json.statusCode).toBe(415);
    expect((await product('1')).price).toBe(4000);
  });

  it('lists active and paused products in sitemap.xml, from the current catalogue', async () => {
    await owner('PATCH', '/api/admin/products/3', { status: 'paused', note: 'Back soon' });
    await owner('PATCH', '/api/admin/products/4', { status: 'retired' });
    await owner('POST', '/api/admin/products', {
      name: 'Holly Berry',
      category: 'Festive',
      materials: ['Czech Glass'],
      price: 3800,
      description: 'Red berries and green leaves.',
    });
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('/product/3</loc>');
    expect(sitemap.body).not.toContain('/product/4</loc>');
    expect(sitemap.body).toContain('/product/28</loc>');
  });

  it('refuses a checkout holding a paused or retired product by its name, and creates nothing', async () => {
    await owner('PATCH', '/api/admin/products/3', { status: 'paused', note: 'Back soon' });
    await owner('PATCH', '/api/admin/products/4', { status: 'retired' });
    for (const [id, status] of [
      ['3', 'paused'],
      ['4', 'retired'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: {
          email: SHOPPER,
          items: [
            { id: '1', quantity: 1 },
            { id, quantity: 1 },
          ],
          zone: 'IE',
        },
      });
      expect(res.statusCode).toBe(400);
      const name = id === '3' ? 'Tawny Strand' : 'Harvest Moon';
      expect((res.json() as { error: string }).error).toBe(unavailableProductError(name, status));
    }
    expect(await app.platform.db.selectFrom('orders').selectAll().execute()).toHaveLength(0);
    // A price change is charged at once.
    await owner('PATCH', '/api/admin/products/1', { price: 4500 });
    const priced = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: SHOPPER, items: [{ id: '1', quantity: 2 }], zone: 'IE' },
    });
    expect(priced.statusCode).toBe(200);
    const [order] = await app.platform.db.selectFrom('orders').selectAll().execute();
    expect(order?.subtotal).toBe(9000);
  });

  it('never changes a past order when its product is repriced, renamed or retired', async () => {
    const { reference } = await paidOrder([{ id: '2', quantity: 1, size: 'S' }]);
    const mails = await smtp.waitFor(2);
    // The mail server has both before the outbox marks them sent: the history's e-mail states are read
    // once the outbox is settled, or a row may turn from queued to sent between two looks.
    await outboxSettled(app);
    // The key is only in the shopper's e-mail (the database keeps its hash).
    const key =
      mails
        .map((m) => new RegExp(`#/order/${reference}\\?key=([A-Za-z0-9_-]+)`).exec(m.parsed.text ?? '')?.[1])
        .find((k) => k !== undefined) ?? '';
    const views = async () => {
      const page = await app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } });
      const desk = await owner('GET', `/api/admin/orders/${reference}`);
      const slips = await owner('GET', '/api/admin/packing-slips');
      // Through tomorrow in Ireland: the same orders at every read, whichever side of midnight it runs.
      const csv = await owner(
        'GET',
        `/api/admin/orders.csv?from=2020-01-01&to=${addDays(irishDate(new Date()), 1)}`,
      );
      const outbox = await app.platform.db
        .selectFrom('outbox')
        .select(['text_body', 'html_body'])
        .orderBy('id')
        .execute();
      return { page: page.json(), desk: desk.json(), slips: slips.json(), csv: csv.body, outbox };
    };
    const before = await views();
    expect((before.desk as OrderDetail).lines[0]).toMatchObject({
      name: 'Claret Harbour',
      unitPrice: 4000,
      size: 'S',
      image: '/img/product-2-1',
    });
    expect(JSON.stringify(before.page)).toContain('Claret Harbour');
    expect(before.csv).toContain('Claret Harbour');
    expect(mails.map((m) => m.parsed.text ?? '').join('\n')).toContain('Claret Harbour');

    await owner('PATCH', '/api/admin/products/2', {
      price: 9900,
      name: 'Claret Harbour Deluxe',
      sizes: ['M'],
    });
    expect(await views()).toEqual(before);
    await owner('PATCH', '/api/admin/products/2', { status: 'retired' });
    expect(await views()).toEqual(before);
  });
});
