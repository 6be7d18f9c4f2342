/**
 * Reviews end to end on the real app, on one database (ROUTE_DIALECTS): every refusal of the buyer's
 * request (404 alike for a wrong key, an unknown order and a product not in it; 400 naming the field; 409
 * before delivery), a review sent again (200, same id, pending again), markup kept as text, the desk's
 * list, publishing and hiding, the one review request e-mail (through a real SMTP server) and its stop
 * link, the periodic pass, the privacy export and erasure; and on both databases, another instance
 * hearing of a change (NOTIFY on PostgreSQL).
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import { ORDER_NOT_FOUND } from '../../domain/orders/order-page';
import type { AdminReview } from '../../domain/reviews/review-schemas';
import { REVIEW_MESSAGES } from '../../domain/reviews/review-texts';
import { writeFakeWebBuild } from '../../tests/support/fake-web-build';
import { productJsonLdOf } from '../../tests/support/product-json-ld';
import type { SmtpSink } from '../../tests/support/smtp-sink';
import { buildTestApp, outboxRows, payAndConfirm } from '../../tests/support/test-app';
import { ROUTE_DIALECTS, TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';
import * as entryServer from '../../web/src/entry-server';
import type { SqlDialect } from '../db/dialect';
import { zodValidatorCompiler } from '../lib/validation';
import { ORDERS_MAIL_KINDS } from '../orders';
import { ssrPageRenderer } from '../pages/page-renderer';
import { webRoutes } from '../pages/web-routes';
import { REVIEW_REQUEST_KIND } from './review-mail';

const TOKEN = 'reviews-owner-token-0123';
const LINK = /#\/order\/(SOL-[A-Z0-9_-]+)\?key=([A-Za-z0-9_-]+)/;
const DAY_MS = 86_400_000;

let shop: TestShop;
let smtp: SmtpSink;
let app: FastifyInstance;
let now: Date;

interface Order {
  readonly reference: string;
  readonly key: string;
  readonly email: string;
}

async function paidOrder(email: string, name = 'Gráinne Whitlock', items = [{ id: '2', quantity: 1 }]) {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email, items, zone: 'IE' },
  });
  const { sessionId } = checkout.json() as { sessionId: string };
  await payAndConfirm(app, sessionId, email, name);
  const reference = orderReference(sessionId);
  const confirmation = (await outboxRows(app)).find(
    (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === reference,
  );
  const match = confirmation ? LINK.exec(confirmation.text_body) : null;
  if (!match?.[2]) throw new Error('no order page link in the confirmation');
  return { reference, key: match[2], email } satisfies Order;
}

function owner(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${TOKEN}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function dispatch(reference: string) {
  const res = await owner('POST', `/api/admin/orders/${reference}/dispatch`, {
    carrier: 'an_post',
    trackingNumber: 'CE123456789IE',
  });
  expect(res.statusCode).toBe(200);
}

async function deliver(reference: string) {
  const res = await owner('POST', `/api/admin/orders/${reference}/status`, { status: 'delivered' });
  expect(res.statusCode).toBe(200);
  return res;
}

function review(order: Order, reviews: object[], key = order.key) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${order.reference}/reviews`,
    payload: { key, reviews },
  });
}

const GOOD = { productId: '2', rating: 4, text: 'Lovely colours and a good fit.' };

async function list(status?: string): Promise<AdminReview[]> {
  const res = await owner('GET', `/api/admin/reviews${status ? `?status=${status}` : ''}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { reviews: AdminReview[] }).reviews;
}

/** A shop of its own for each test, on `dialect`. */
function shopPerTest(dialect: SqlDialect): void {
  beforeEach(async () => {
    now = new Date();
    shop = await startTestShop(dialect, { ADMIN_TOKEN: TOKEN }, { now: () => now, reviewRequests: false });
    ({ app, smtp } = shop);
  });

  afterEach(() => shop.stop());
}

describe.each(ROUTE_DIALECTS)('reviews on %s', (dialect) => {
  shopPerTest(dialect);

  it('refuses a wrong key, an unknown order and a product not in the order with the same 404', async () => {
    const order = await paidOrder('grainne@example.ie');
    const other = await paidOrder('other@example.ie', 'Other Person', [{ id: '5', quantity: 1 }]);
    await dispatch(order.reference);
    await deliver(order.reference);
    const notFound = { ok: false, error: ORDER_NOT_FOUND };
    const wrongKey = await review(order, [GOOD], other.key);
    const unknown = await review({ ...order, reference: 'SOL-ZZZZZZZZ' }, [GOOD]);
    const notInOrder = await review(order, [{ ...GOOD, productId: '5' }]);
    const unknownProduct = await review(order, [{ ...GOOD, productId: '999' }]);
    for (const res of [wrongKey, unknown, notInOrder, unknownProduct]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(await list()).toEqual([]);
  });

  it('refuses a rating outside 1-5 and a text too short or too long with a 400 naming the field', async () => {
    const order = await paidOrder('grainne@example.ie');
    await dispatch(order.reference);
    await deliver(order.reference);
    const cases: [object, string][] = [
      [{ ...GOOD, rating: 0 }, REVIEW_MESSAGES.rating],
      [{ ...GOOD, rating: 6 }, REVIEW_MESSAGES.rating],
      [{ ...GOOD, rating: 3.5 }, REVIEW_MESSAGES.rating],
      [{ ...GOOD, text: 'Too short' }, REVIEW_MESSAGES.text],
      [{ ...GOOD, text: 'x'.repeat(2001) }, REVIEW_MESSAGES.text],
      [{ ...GOOD, title: 't'.repeat(81) }, REVIEW_MESSAGES.title],
    ];
    for (const [body, message] of cases) {
      const res = await review(order, [body]);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toBe(message);
    }
    expect(REVIEW_MESSAGES.rating).toMatch(/^rating /);
    expect(REVIEW_MESSAGES.text).toMatch(/^text /);
    // The limits themselves are allowed.
    expect((await review(order, [{ ...GOOD, text: 'x'.repeat(2000), rating: 1 }])).statusCode).toBe(201);
  });

  it('refuses an order not yet delivered with 409, then takes the review once it is', async () => {
    const order = await paidOrder('grainne@example.ie');
    const paid = await review(order, [GOOD]);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ ok: false, error: REVIEW_MESSAGES.notDelivered });
    await dispatch(order.reference);
    expect((await review(order, [GOOD])).statusCode).toBe(409);
    // REVIEW_REQUEST_DELAY_DAYS (3) after dispatch, an order nobody marked delivered counts as delivered.
    now = new Date(now.getTime() + 3 * DAY_MS + 60_000);
    expect((await review(order, [GOOD])).statusCode).toBe(201);
  });

  it('stores a review pending, answers a second sending with the same id, pending again even after hiding', async () => {
    const order = await paidOrder('grainne@example.ie');
    await dispatch(order.reference);
    await deliver(order.reference);
    const first = await review(order, [GOOD]);
    expect(first.statusCode).toBe(201);
    const body = first.json() as { ok: true; reviews: { id: string; productId: string; status: string }[] };
    expect(body).toEqual({
      ok: true,
      reviews: [{ id: expect.any(String), productId: '2', status: 'pending' }],
    });
    const id = body.reviews[0]?.id ?? '';

    // The default display name: first name and initial of the delivery name.
    const [listed] = await list('pending');
    expect(listed).toMatchObject({
      id,
      reference: order.reference,
      productId: '2',
      productName: 'Claret Harbour',
      rating: 4,
      displayName: 'Gráinne W.',
      status: 'pending',
      reply: null,
    });

    const hidden = await owner('POST', `/api/admin/reviews/${id}`, { status: 'hidden', reason: 'off-topic' });
    expect(hidden.statusCode).toBe(200);
    expect((hidden.json() as { review: AdminReview }).review).toMatchObject({
      status: 'hidden',
      reason: 'off-topic',
    });

    const again = await review(order, [
      { ...GOOD, rating: 2, text: 'Changed my mind, the clasp broke.', displayName: 'G.' },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, reviews: [{ id, productId: '2', status: 'pending' }] });
    expect((await list('pending'))[0]).toMatchObject({ id, rating: 2, displayName: 'G.' });

    // After 30 days it can no longer be changed.
    now = new Date(now.getTime() + 31 * DAY_MS);
    const late = await review(order, [GOOD]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ ok: false, error: REVIEW_MESSAGES.editClosed });
  });

  it('keeps markup as text: stored and served exactly as typed, never as HTML', async () => {
    const order = await paidOrder('grainne@example.ie');
    await dispatch(order.reference);
    await deliver(order.reference);
    const text = '<script>alert(1)</script> <b>bold</b> https://example.com';
    const res = await review(order, [{ ...GOOD, text, title: '<img src=x onerror=alert(1)>' }]);
    expect(res.statusCode).toBe(201);
    const [r] = await list();
    await owner('POST', `/api/admin/reviews/${r?.id}`, { status: 'published' });
    await app.reviews.source.refresh();
    const pub = await app.inject({ method: 'GET', url: '/api/products/2/reviews' });
    expect(pub.headers['content-type']).toContain('application/json');
    const served = pub.json() as { reviews: { text: string; title: string }[] };
    expect(served.reviews[0]?.text).toBe(text);
    expect(served.reviews[0]?.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('lets the owner publish and hide; the public read shows published reviews only, with the average', async () => {
    const a = await paidOrder('a@example.ie', 'Aoife Byrne');
    const b = await paidOrder('b@example.ie', 'Brid Kelly');
    for (const o of [a, b]) {
      await dispatch(o.reference);
      await deliver(o.reference);
    }
    await review(a, [{ ...GOOD, rating: 4 }]);
    now = new Date(now.getTime() + 60_000);
    await review(b, [{ ...GOOD, rating: 2, text: 'Smaller than I hoped for.' }]);
    const pending = await list('pending');
    expect(pending.map((r) => r.rating)).toEqual([2, 4]); // newest first
    const empty = await app.inject({ method: 'GET', url: '/api/products/2/reviews' });
    expect(empty.json()).toMatchObject({ summary: null, reviews: [] });

    for (const r of pending) {
      const res = await owner(
        'POST',
        `/api/admin/reviews/${r.id}`,
        { status: 'published', reply: 'Thank you!' },
        {
          'idempotency-key': `k-${r.id}`,
        },
      );
      expect(res.statusCode).toBe(200);
    }
    await app.reviews.source.refresh();
    const both = (await app.inject({ method: 'GET', url: '/api/products/2/reviews' })).json() as {
      summary: { average: number; count: number };
      reviews: Record<string, unknown>[];
    };
    expect(both.summary).toEqual({ average: 3, count: 2 });
    expect(both.reviews.map((r) => r.displayName).sort()).toEqual(['Aoife B.', 'Brid K.']);
    // Nothing personal beyond the display name and the month.
    expect(Object.keys(both.reviews[0] ?? {}).sort()).toEqual(
      [
        'displayName',
        'id',
        'productId',
        'publishedAt',
        'purchasedMonth',
        'rating',
        'reply',
        'text',
        'title',
      ].sort(),
    );
    expect(JSON.stringify(both)).not.toContain('@example.ie');
    expect(JSON.stringify(both)).not.toContain('SOL-');

    const toHide = pending[0]?.id ?? '';
    await owner('POST', `/api/admin/reviews/${toHide}`, { status: 'hidden', reason: 'abusive' });
    await app.reviews.source.refresh();
    const one = (await app.inject({ method: 'GET', url: '/api/products/2/reviews' })).json() as {
      summary: { average: number; count: number };
    };
    expect(one.summary).toEqual({ average: 4, count: 1 });
    expect((await list('hidden')).map((r) => r.id)).toEqual([toHide]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['review-published', 'review-hidden']));

    const unknown = await owner('POST', '/api/admin/reviews/rev_nope', { status: 'published' });
    expect(unknown.statusCode).toBe(404);
    const badStatus = await owner('POST', `/api/admin/reviews/${toHide}`, { status: 'pending' });
    expect(badStatus.statusCode).toBe(400);
    const noToken = await app.inject({ method: 'GET', url: '/api/admin/reviews' });
    expect(noToken.statusCode).toBe(401);
  });

  it('queues one review request e-mail when the order is marked delivered, never twice, and its stop link works', async () => {
    const order = await paidOrder('grainne@example.ie');
    await dispatch(order.reference);
    const delivered = await deliver(order.reference);
    // In the same step: the desk's answer already lists it.
    expect(JSON.stringify(delivered.json())).toContain('Review request e-mail to the shopper');
    await deliver(order.reference);
    await app.reviews.service.requestDue();
    const requests = (await outboxRows(app)).filter((r) => r.kind === REVIEW_REQUEST_KIND);
    expect(requests).toHaveLength(1);
    const mail = requests[0];
    expect(mail?.subject).toMatch(/review/i);
    expect(mail?.recipient).toBe(order.email);
    // A key of its own to the order's page, which opens it as the confirmation's does.
    const key = new RegExp(`/#/order/${order.reference}\\?key=([A-Za-z0-9_-]+)`).exec(
      mail?.text_body ?? '',
    )?.[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/order-page',
      payload: { reference: order.reference, key },
    });
    expect(opened.statusCode).toBe(200);
    const stop = /\/review-requests\/stop\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
    expect(stop?.[1]).toBeTruthy();

    // Through the real SMTP server: confirmation, owner notification, dispatch, review request.
    const received = await smtp.waitFor(4);
    expect(received.some((m) => /review/i.test(m.parsed.subject ?? ''))).toBe(true);

    const page = await app.inject({ method: 'GET', url: `/review-requests/stop?token=${stop?.[1]}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop review requests');
    const stopped = await app.inject({
      method: 'POST',
      url: '/review-requests/stop',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
      payload: `token=${stop?.[1]}`,
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('Review requests stopped');

    // The next order of the same address is not asked.
    const second = await paidOrder('Grainne@Example.ie');
    await dispatch(second.reference);
    await deliver(second.reference);
    expect((await outboxRows(app)).filter((r) => r.kind === REVIEW_REQUEST_KIND)).toHaveLength(1);
    // The opt-out holds a hash, never the address.
    const optOuts = await app.platform.db.selectFrom('review_opt_outs').selectAll().execute();
    expect(optOuts).toHaveLength(1);
    expect(JSON.stringify(optOuts)).not.toContain('example');
  });

  it('asks an order nobody marked delivered once the delay after dispatch is over, never a cancelled one', async () => {
    const order = await paidOrder('grainne@example.ie');
    const cancelled = await paidOrder('c@example.ie', 'Cara Doyle');
    await dispatch(order.reference);
    expect(await app.reviews.service.requestDue()).toBe(0);
    now = new Date(now.getTime() + 3 * DAY_MS + 60_000);
    expect(await app.reviews.service.requestDue()).toBe(1);
    expect(await app.reviews.service.requestDue()).toBe(0);
    expect((await owner('POST', `/api/admin/orders/${cancelled.reference}/cancel`, {})).statusCode).toBe(200);
    expect(await app.reviews.service.requestDue()).toBe(0);
    const kinds = (await outboxRows(app))
      .filter((r) => r.kind === REVIEW_REQUEST_KIND)
      .map((r) => r.reference);
    expect(kinds).toEqual([order.reference]);
  });

  it('exports the reviews with the person data, and erasure removes them and the name from the pages', async () => {
    const order = await paidOrder('grainne@example.ie');
    await dispatch(order.reference);
    await deliver(order.reference);
    await review(order, [GOOD]);
    const [r] = await list();
    await owner('POST', `/api/admin/reviews/${r?.id}`, { status: 'published', featured: true });
    await app.reviews.source.refresh();
    expect(JSON.stringify(app.reviews.source.current())).toContain('Gráinne W.');

    const exported = await owner('GET', '/api/admin/privacy/export?email=grainne@example.ie');
    expect((exported.json() as { reviews: object[] }).reviews).toEqual([
      expect.objectContaining({
        productId: '2',
        rating: 4,
        displayName: 'Gráinne W.',
        reference: order.reference,
      }),
    ]);

    const erased = await owner('POST', '/api/admin/privacy/erase', { email: 'grainne@example.ie' });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ reviewsErased: 1 });
    await app.reviews.source.refresh();
    expect(JSON.stringify(app.reviews.source.current())).not.toContain('Gráinne');
    expect(await list()).toEqual([]);
    const pub = (await app.inject({ method: 'GET', url: '/api/products/2/reviews' })).json();
    expect(JSON.stringify(pub)).not.toContain('Gráinne');
  });

  /**
   * How long a change may take to reach the rendered pages: every page is rendered again from source here,
   * which takes a moment on a quiet machine and many seconds on a busy 2-core one (the full suite beside it).
   */
  const RERENDER_MS = 30_000;
  it(
    'renders published reviews into the product page and its JSON-LD; hiding and erasure take them out',
    async () => {
      // The pages as the server renders them at run time: the real App (from source) into a small build.
      const dist = writeFakeWebBuild(path.join(shop.dataDir, 'web'));
      // Rendering every page may take longer than Fastify's 10 s plugin limit on a busy 2-core host.
      const web = Fastify({ pluginTimeout: 120_000 });
      web.setValidatorCompiler(zodValidatorCompiler);
      await web.register(webRoutes, {
        webDistDir: dist,
        publicUrl: 'http://shop.test',
        catalogue: app.catalogue.source,
        reviews: app.reviews.source,
        renderer: ssrPageRenderer(dist, entryServer),
      });
      await web.ready();
      try {
        const page = async () => (await web.inject({ method: 'GET', url: '/product/2' })).body;
        const ratingOf = async () => productJsonLdOf(await page()).aggregateRating ?? null;
        // None without any: no rating, no review in the structured data.
        const before = productJsonLdOf(await page());
        expect(before['@type']).toBe('Product');
        expect(before).not.toHaveProperty('aggregateRating');
        expect(before).not.toHaveProperty('review');

        const a = await paidOrder('a@example.ie', 'Aoife Byrne');
        const b = await paidOrder('b@example.ie', 'Brid Kelly');
        for (const o of [a, b]) {
          await dispatch(o.reference);
          await deliver(o.reference);
        }
        await review(a, [{ ...GOOD, rating: 4, text: 'Lovely colours and a good fit.' }]);
        await review(b, [{ ...GOOD, rating: 2, text: 'Smaller than I hoped for.' }]);
        // Pending reviews are not shown.
        await app.reviews.source.refresh();
        expect(await page()).not.toContain('Lovely colours');
        const pending = await list('pending');
        for (const r of pending) await owner('POST', `/api/admin/reviews/${r.id}`, { status: 'published' });

        await expect.poll(ratingOf, { timeout: RERENDER_MS, interval: 100 }).toMatchObject({
          ratingValue: 3,
          reviewCount: 2,
        });
        const html = await page();
        for (const text of [
          'Lovely colours and a good fit.',
          'Smaller than I hoped for.',
          'Aoife B.',
          'Brid K.',
        ]) {
          expect(html).toContain(text);
        }
        const names = (productJsonLdOf(html).review ?? []).map((r) => r.author.name).sort();
        expect(names).toEqual(['Aoife B.', 'Brid K.']);
        // The resource the page hydrates from carries the same reviews.
        const resource = /data-catalogue="([^"]+)"/.exec(html)?.[1] ?? '';
        const body = (await web.inject({ method: 'GET', url: resource })).json() as {
          reviews: { byProduct: Record<string, { summary: unknown }> };
        };
        expect(body.reviews.byProduct['2']?.summary).toEqual({ average: 3, count: 2 });

        const brid = pending.find((r) => r.displayName === 'Brid K.');
        await owner('POST', `/api/admin/reviews/${brid?.id}`, { status: 'hidden', reason: 'off-topic' });
        await expect.poll(ratingOf, { timeout: RERENDER_MS, interval: 100 }).toMatchObject({
          ratingValue: 4,
          reviewCount: 1,
        });
        expect(await page()).not.toContain('Smaller than I hoped for.');
        // The resource naming the hidden review's author is no longer served either.
        expect((await web.inject({ method: 'GET', url: resource })).statusCode).toBe(404);

        await owner('POST', '/api/admin/privacy/erase', { email: 'a@example.ie' });
        await expect.poll(page, { timeout: RERENDER_MS, interval: 100 }).not.toContain('Aoife');
      } finally {
        await web.close();
      }
    },
    4 * RERENDER_MS,
  );
});

async function auditActions(): Promise<string[]> {
  const rows = await app.platform.db.selectFrom('admin_audit').select('action').orderBy('id').execute();
  return rows.map((r) => r.action);
}

// Another instance hears of a change through the database (NOTIFY on PostgreSQL): on both.
describe.each(TEST_DIALECTS)('reviews between instances on %s', (dialect) => {
  shopPerTest(dialect);

  it("reaches another instance's public read within 5 seconds when published, and when erased", async () => {
    const other = await buildTestApp(shop.env, { now: () => now, reviewRequests: false });
    try {
      const order = await paidOrder('grainne@example.ie');
      await dispatch(order.reference);
      await deliver(order.reference);
      await review(order, [GOOD]);
      const [r] = await list();
      const publishedAt = Date.now();
      await owner('POST', `/api/admin/reviews/${r?.id}`, { status: 'published' });
      const readOther = async () =>
        (await other.inject({ method: 'GET', url: '/api/products/2/reviews' })).json() as {
          reviews: { displayName: string }[];
        };
      await expect
        .poll(async () => (await readOther()).reviews.length, { timeout: 5_000, interval: 100 })
        .toBe(1);
      expect(Date.now() - publishedAt).toBeLessThan(5_000);
      expect((await readOther()).reviews[0]?.displayName).toBe('Gráinne W.');
      await owner('POST', '/api/admin/privacy/erase', { email: 'grainne@example.ie' });
      await expect
        .poll(async () => JSON.stringify(await readOther()), { timeout: 5_000, interval: 100 })
        .not.toContain('Gráinne');
    } finally {
      await other.close();
    }
  });
});
