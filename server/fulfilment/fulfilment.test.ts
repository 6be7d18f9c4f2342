/**
 * The order desk's API end to end on the real app, on one database (ROUTE_DIALECTS; requests sent at
 * once on both): sign-in and its cookie,
 * the guard (401 / 403 / 400 / 404), every transition allowed and refused, idempotency under concurrency
 * (20 parallel dispatches, one e-mail through a real SMTP server), refunds through the test provider,
 * cancellation, notes, the audit trail, the list and the CSV exports.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import { ADMIN_MESSAGES, type OrderDetail, type OrdersListResponse } from '../../domain/orders/admin-api';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import type { SmtpSink } from '../../tests/support/smtp-sink';
import { GALWAY_CARD_FORM, outboxRows, outboxSettled } from '../../tests/support/test-app';
import { ROUTE_DIALECTS, TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';
import type { TestCheckoutProvider } from '../payments/test-checkout';
import { ADMIN_SESSION_COOKIE } from '../security/admin-sessions';
import { DESK_MAIL_KINDS } from './fulfilment-mail';

const TOKEN = 'desk-owner-token-0123';
const SHOPPER = 'ciara@example.ie';
const OWNER = 'owner@solas.test';

const PAY_FORM = { ...GALWAY_CARD_FORM, email: SHOPPER };
const SELLER = { name: 'Órla Byrne, trading as Solas', address: '12 Shop Street, Galway, H91 A1B2, Ireland' };

let shop: TestShop;
let smtp: SmtpSink;
let app: FastifyInstance;

async function paidOrder(): Promise<string> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: SHOPPER, items: [{ id: '2', quantity: 2 }], giftWrap: true, zone: 'IE' },
  });
  const { sessionId } = checkout.json() as { sessionId: string };
  const paid = await app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(PAY_FORM).toString(),
  });
  expect(paid.statusCode).toBeLessThan(400);
  await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return orderReference(sessionId);
}

async function signIn(): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { token: TOKEN } });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return setCookie.split(';')[0] ?? '';
}

function desk(cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function detail(cookie: string, reference: string): Promise<OrderDetail> {
  const res = await desk(cookie, 'GET', `/api/admin/orders/${reference}`);
  expect(res.statusCode).toBe(200);
  return res.json() as OrderDetail;
}

async function auditActions(): Promise<string[]> {
  const rows = await app.platform.db.selectFrom('admin_audit').select('action').orderBy('id').execute();
  return rows.map((r) => r.action);
}

describe.each(TEST_DIALECTS)('the order desk API on %s', (dialect) => {
  beforeEach(async () => {
    shop = await startTestShop(dialect, {
      ADMIN_TOKEN: TOKEN,
      OWNER_EMAIL: OWNER,
      SELLER_NAME: SELLER.name,
      SELLER_ADDRESS: SELLER.address,
    });
    ({ app, smtp } = shop);
  });

  afterEach(() => shop.stop());

  // On one database (ROUTE_DIALECTS): these rules do not depend on it. Requests sent at once (sign-ins
  // counted, dispatches, refunds, cancellations), below, meet in the database: on both.
  if (ROUTE_DIALECTS.includes(dialect)) {
    it('signs in with an HttpOnly, SameSite=Strict session cookie, and signing out ends the session', async () => {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { token: 'nope' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.wrongToken });
      expect(wrong.headers['set-cookie']).toBeUndefined();

      const res = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { token: TOKEN } });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Secure'); // PUBLIC_URL is http here
      const cookie = setCookie.split(';')[0] ?? '';
      // Only the hash is stored: the cookie's secret is nowhere in the database.
      const stored = await app.platform.db.selectFrom('admin_sessions').select('id_hash').execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.id_hash).not.toContain(cookie.split('=')[1]);

      expect((await desk(cookie, 'GET', '/api/admin/orders')).statusCode).toBe(200);
      const state = await desk(cookie, 'GET', '/api/admin/session');
      expect(state.statusCode).toBe(200);
      expect(Date.parse((state.json() as { expiresAt: string }).expiresAt)).toBeGreaterThan(
        Date.now() + 11 * 3600_000,
      );
      const out = await desk(cookie, 'DELETE', '/api/admin/session');
      expect(out.statusCode).toBe(200);
      expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
      expect((await desk(cookie, 'GET', '/api/admin/orders')).statusCode).toBe(401);
      expect((await desk(cookie, 'GET', '/api/admin/session')).statusCode).toBe(401);
      expect(await app.platform.db.selectFrom('admin_sessions').select('id_hash').execute()).toHaveLength(0);
      expect(await auditActions()).toEqual(['sign-in', 'sign-out']);
    });

    it('answers 401 without a session or token, 403 cross-site, 400 malformed, 404 unknown; Bearer works', async () => {
      const reference = await paidOrder();
      expect((await app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
      expect(
        (await desk(`${ADMIN_SESSION_COOKIE}=forged-session-value-000000`, 'GET', '/api/admin/orders'))
          .statusCode,
      ).toBe(401);
      const bearer = await app.inject({
        method: 'GET',
        url: `/api/admin/orders/${reference}`,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(bearer.statusCode).toBe(200);

      const cookie = await signIn();
      const crossSite = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${reference}/status`,
        headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: { status: 'in_production' },
      });
      expect(crossSite.statusCode).toBe(403);
      const malformed = await desk(cookie, 'POST', `/api/admin/orders/${reference}/status`, {
        status: 'shipped',
      });
      expect(malformed.statusCode).toBe(400);
      expect((malformed.json() as { error: string }).error).toMatch(/^status: /);
      const extraKey = await desk(cookie, 'POST', `/api/admin/orders/${reference}/refund`, {
        amount: 100,
        price: 1,
      });
      expect(extraKey.statusCode).toBe(400);
      const unknown = await desk(cookie, 'POST', '/api/admin/orders/SOL-NOPE0000/status', {
        status: 'in_production',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.notFound });
      expect((await detail(cookie, reference)).status).toBe('paid');
    });

    it('runs paid -> in production -> dispatched -> delivered and refuses every other transition', async () => {
      const reference = await paidOrder();
      const cookie = await signIn();
      const act = (action: string, body: object) =>
        desk(cookie, 'POST', `/api/admin/orders/${reference}/${action}`, body);

      let order = await detail(cookie, reference);
      expect(order.status).toBe('paid');
      expect(order.allowedActions).toEqual(['start', 'dispatch', 'refund', 'cancel']);
      expect(order.dispatchBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(order.address?.city).toBe('Galway');

      const early = await act('status', { status: 'delivered' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ ok: false, error: 'A paid order cannot be marked delivered' });

      expect((await act('status', { status: 'in_production' })).json()).toMatchObject({ changed: true });
      const again = await act('status', { status: 'in_production' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ changed: false, order: { status: 'in_production' } });

      const dispatched = await act('dispatch', { carrier: 'an_post', trackingNumber: 'CE123456789IE' });
      expect(dispatched.json()).toMatchObject({
        changed: true,
        order: {
          status: 'dispatched',
          dispatch: {
            carrier: 'an_post',
            trackingNumber: 'CE123456789IE',
            trackingUrl: 'https://www.anpost.com/Post-Parcels/Track/History?item=CE123456789IE',
          },
        },
      });
      const cancelLate = await act('cancel', {});
      expect(cancelLate.statusCode).toBe(409);
      expect(cancelLate.json()).toEqual({ ok: false, error: 'A dispatched order cannot be cancelled' });
      expect((await act('status', { status: 'in_production' })).statusCode).toBe(409);

      expect((await act('status', { status: 'delivered' })).json()).toMatchObject({
        changed: true,
        order: { status: 'delivered', allowedActions: ['refund'] },
      });
      expect((await act('dispatch', { carrier: 'dpd', trackingNumber: 'X' })).json()).toMatchObject({
        changed: false,
      });

      order = await detail(cookie, reference);
      expect(order.timeline.map((t) => t.kind)).toEqual(
        expect.arrayContaining(['created', 'paid', 'email', 'status', 'dispatched']),
      );
      expect(await auditActions()).toEqual(['sign-in', 'start', 'dispatch', 'deliver']);
      const audit = await app.platform.db
        .selectFrom('admin_audit')
        .selectAll()
        .where('action', '=', 'dispatch')
        .execute();
      expect(audit[0]).toMatchObject({ target: reference, detail: 'An Post CE123456789IE' });
      expect(audit[0]?.session).toMatch(/^[0-9a-f]{12}$/);
      expect(audit[0]?.address).toBe('127.0.0.1');
    });

    it('keeps a partly refunded order where it is: its status, the work list, the packing slips and Today agree', async () => {
      const reference = await paidOrder();
      const ended = await paidOrder();
      const cookie = await signIn();
      const act = (ref: string, action: string, body: object) =>
        desk(cookie, 'POST', `/api/admin/orders/${ref}/${action}`, body);
      const work = async () =>
        ((await desk(cookie, 'GET', '/api/admin/orders')).json() as OrdersListResponse).orders.map(
          (o) => o.reference,
        );
      const slips = async () =>
        (
          (await desk(cookie, 'GET', '/api/admin/packing-slips')).json() as { orders: OrderDetail[] }
        ).orders.map((o) => o.reference);
      const queuedPieces = async () =>
        ((await desk(cookie, 'GET', '/api/admin/today')).json() as { health: { queuedPieces: number } })
          .health.queuedPieces;
      for (const ref of [reference, ended]) {
        expect((await act(ref, 'status', { status: 'in_production' })).statusCode).toBe(200);
      }
      const total = (await detail(cookie, reference)).total;
      const since = () =>
        app.platform.db
          .selectFrom('orders')
          .select('updated_at')
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow();
      const started = await since();

      // A refund in part is money: the order stays in production, with the same actions as before.
      const part = await act(reference, 'refund', { amount: 500, reason: 'Clasp colour changed' });
      expect(part.json()).toMatchObject({
        changed: true,
        order: {
          status: 'in_production',
          refunded: 500,
          refundable: total - 500,
          allowedActions: ['dispatch', 'refund', 'cancel'],
        },
      });
      // In production since it was started: the shopper's order page reads that time (§6.8).
      expect(await since()).toEqual(started);
      expect((await work()).sort()).toEqual([reference, ended].sort());
      expect((await slips()).sort()).toEqual([reference, ended].sort());
      expect(await queuedPieces()).toBe(4);
      const listed = (await desk(cookie, 'GET', '/api/admin/orders?status=partially_refunded')).json();
      expect((listed as OrdersListResponse).orders.map((o) => o.reference)).toEqual([reference]);
      expect((listed as OrdersListResponse).counts).toMatchObject({
        in_production: 2,
        partially_refunded: 1,
      });
      const again = await act(reference, 'status', { status: 'in_production' });
      expect(again.json()).toMatchObject({ changed: false, order: { status: 'in_production' } });

      // A refund of everything left ends the other order: out of the work, the slips and the queue.
      expect((await act(ended, 'refund', {})).json()).toMatchObject({
        changed: true,
        order: { status: 'refunded', allowedActions: [] },
      });
      expect(await work()).toEqual([reference]);
      expect(await slips()).toEqual([reference]);
      expect(await queuedPieces()).toBe(2);

      // The partly refunded order goes on: dispatched, delivered, refunded in part all along.
      const dispatched = await act(reference, 'dispatch', { carrier: 'an_post', trackingNumber: 'CE1IE' });
      expect(dispatched.json()).toMatchObject({
        changed: true,
        order: { status: 'dispatched', refunded: 500 },
      });
      expect(await work()).toEqual([]);
      expect(await queuedPieces()).toBe(0);
      expect((await act(reference, 'status', { status: 'delivered' })).json()).toMatchObject({
        changed: true,
        order: { status: 'delivered', allowedActions: ['refund'] },
      });
      expect((await act(reference, 'refund', { amount: 100 })).json()).toMatchObject({
        order: { status: 'delivered', refunded: 600 },
      });
    });

    it("gives the packing slips the seller's return address: the batch, or one order's whatever its status", async () => {
      const making = await paidOrder();
      const waiting = await paidOrder();
      const cookie = await signIn();
      await desk(cookie, 'POST', `/api/admin/orders/${making}/status`, { status: 'in_production' });
      const batch = await desk(cookie, 'GET', '/api/admin/packing-slips');
      expect(batch.statusCode).toBe(200);
      expect(batch.json()).toMatchObject({ orders: [{ reference: making }], returnAddress: SELLER });
      const one = await desk(cookie, 'GET', `/api/admin/packing-slips?reference=${waiting}`);
      expect(one.json()).toMatchObject({
        orders: [{ reference: waiting, status: 'paid' }],
        returnAddress: SELLER,
      });
      const unknown = await desk(cookie, 'GET', '/api/admin/packing-slips?reference=SOL-NOPE0000');
      expect([unknown.statusCode, unknown.json()]).toEqual([
        404,
        { ok: false, error: ADMIN_MESSAGES.notFound },
      ]);
      expect((await desk(cookie, 'GET', '/api/admin/packing-slips?status=paid')).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/api/admin/packing-slips' })).statusCode).toBe(401);
    });

    it('dedupes notes and dispatches on the Idempotency-Key too', async () => {
      const reference = await paidOrder();
      const cookie = await signIn();
      const post = (action: string, key: string, body: object) =>
        app.inject({
          method: 'POST',
          url: `/api/admin/orders/${reference}/${action}`,
          headers: { cookie, 'idempotency-key': key },
          payload: body,
        });
      expect((await post('notes', 'n-1', { text: 'Wrap in blue' })).json()).toMatchObject({ changed: true });
      expect((await post('notes', 'n-1', { text: 'Wrap in blue' })).json()).toMatchObject({ changed: false });
      expect((await post('notes', 'n-2', { text: 'Wrap in blue' })).json()).toMatchObject({ changed: true });
      expect((await detail(cookie, reference)).notes).toHaveLength(2);
      expect((await post('status', 's-1', { status: 'in_production' })).json()).toMatchObject({
        changed: true,
      });
      expect((await post('status', 's-1', { status: 'in_production' })).json()).toMatchObject({
        changed: false,
      });
    });

    it('refuses a malformed Idempotency-Key on every owner route, after the owner is known', async () => {
      const cookie = await signIn();
      const bad = 'two words';
      const changes = [
        { method: 'POST', url: '/api/admin/discounts', payload: { code: 'SPRING10', percentOff: 10 } },
        { method: 'POST', url: '/api/admin/quotes', payload: {} },
        { method: 'PATCH', url: '/api/admin/settings', payload: { makingCapacityPerDay: 7 } },
        { method: 'PATCH', url: '/api/admin/enquiries/e-none', payload: { status: 'lost' } },
      ] as const;
      for (const change of changes) {
        const res = await app.inject({ ...change, headers: { cookie, 'idempotency-key': bad } });
        expect(res.statusCode, change.url).toBe(400);
        expect(res.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.badIdempotencyKey });
      }
      // Nothing was changed by any of them.
      const discounts = await desk(cookie, 'GET', '/api/admin/discounts');
      expect(JSON.stringify(discounts.json())).not.toContain('SPRING10');
      // A stranger's request is refused as a stranger, whatever key it carries.
      const stranger = await app.inject({
        method: 'POST',
        url: '/api/admin/discounts',
        headers: { 'idempotency-key': bad },
        payload: {},
      });
      expect(stranger.statusCode).toBe(401);
    });

    it('keeps private notes, lists the work to do and searches, and exports CSV with a BOM', async () => {
      const first = await paidOrder();
      const second = await paidOrder();
      const cookie = await signIn();
      const note = await desk(cookie, 'POST', `/api/admin/orders/${first}/notes`, {
        text: 'Wrap in blue paper',
      });
      expect((note.json() as { order: OrderDetail }).order.notes.map((n) => n.text)).toEqual([
        'Wrap in blue paper',
      ]);
      expect(
        (await desk(cookie, 'POST', `/api/admin/orders/${first}/notes`, { text: '   ' })).statusCode,
      ).toBe(400);
      await desk(cookie, 'POST', `/api/admin/orders/${second}/status`, { status: 'in_production' });

      const work = (await desk(cookie, 'GET', '/api/admin/orders')).json() as OrdersListResponse;
      expect(work.orders.map((o) => o.reference)).toEqual([first, second]); // oldest dispatch date first
      expect(work.total).toBe(2);
      expect(work.counts).toMatchObject({ paid: 1, in_production: 1, pending: 0 });
      const making = (
        await desk(cookie, 'GET', '/api/admin/orders?status=in_production')
      ).json() as OrdersListResponse;
      expect(making.orders.map((o) => o.reference)).toEqual([second]);
      const slips = (await desk(cookie, 'GET', '/api/admin/packing-slips')).json() as {
        orders: OrderDetail[];
      };
      expect(slips.orders.map((o) => [o.reference, o.giftWrapped, o.address?.name, o.lines.length])).toEqual([
        [second, true, 'Ciara Walsh', 1],
      ]);
      const found = (
        await desk(cookie, 'GET', `/api/admin/orders?status=all&q=${first.toLowerCase()}`)
      ).json() as OrdersListResponse;
      expect(found.orders.map((o) => o.reference)).toEqual([first]);
      const byMail = (
        await desk(cookie, 'GET', '/api/admin/orders?status=all&q=CIARA%40')
      ).json() as OrdersListResponse;
      expect(byMail.total).toBe(2);
      const wildcard = (
        await desk(cookie, 'GET', '/api/admin/orders?status=all&q=%25')
      ).json() as OrdersListResponse;
      expect(wildcard.total).toBe(0);
      expect((await desk(cookie, 'GET', '/api/admin/orders?status=bogus')).statusCode).toBe(400);
      expect((await desk(cookie, 'GET', '/api/admin/orders?from=2026-02-30')).statusCode).toBe(400);

      const csv = await desk(
        cookie,
        'GET',
        `/api/admin/orders.csv?from=2000-01-01&to=${addDays(irishDate(new Date()), 1)}`,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="solas-orders-2000-01-01-to-/,
      );
      expect(csv.body.startsWith('\uFEFFReference,Paid at,E-mail,Name,Country,Lines,Sizes,')).toBe(true);
      const lines = csv.body.split('\r\n');
      expect(lines).toHaveLength(4); // header, two orders, the final CRLF
      expect(lines[1]).toContain(`${first},`);
      expect(lines[1]).toContain(',Ciara Walsh,IE,2 x ');
      expect(
        (await desk(cookie, 'GET', '/api/admin/orders.csv?from=2026-05-02&to=2026-05-01')).statusCode,
      ).toBe(400);

      await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: '=cmd@example.ie' } });
      const pending = await desk(cookie, 'GET', '/api/admin/newsletter.csv');
      expect(pending.statusCode).toBe(200);
      // Double opt-in: an address that has not confirmed is not on the list.
      expect(pending.body).toBe('\uFEFFE-mail,Source,Signed up at,Confirmed at\r\n');
      // The link's token is only in the confirmation e-mail (the database keeps its hash).
      const mailed = (await outboxRows(app)).find((m) => m.recipient === '=cmd@example.ie');
      const token = /token=([A-Za-z0-9_-]{32})/.exec(mailed?.text_body ?? '')?.[1] ?? '';
      expect(await app.newsletter.store.confirm(token)).toBe('confirmed');
      const news = await desk(cookie, 'GET', '/api/admin/newsletter.csv');
      expect(news.body.split('\r\n')[1]).toMatch(/^'=cmd@example\.ie,/);
      expect(await auditActions()).toEqual([
        'sign-in',
        'note',
        'start',
        'export-orders',
        'export-newsletter',
        'export-newsletter',
      ]);
    });
  }

  it('ten wrong sign-ins from the owner’s address never refuse the right token; the eleventh wrong one is', async () => {
    const remoteAddress = '198.51.100.20';
    const signIn = (token: string) =>
      app.inject({ method: 'POST', url: '/api/admin/session', payload: { token }, remoteAddress });
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(`wrong-${i}`)));
    expect(wrong.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    const refused = await signIn('wrong-10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.tooManyAttempts });
    const right = await signIn(TOKEN);
    expect(right.statusCode).toBe(200);
    expect(String(right.headers['set-cookie'])).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=`));
    // The success forgot the failures: a later slip of the owner's is a 401 again, not a 429.
    expect((await signIn('wrong-11')).statusCode).toBe(401);
  });

  it('counts failed sign-ins of an IPv6 client per /64, as the rate limits count', async () => {
    const attempt = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/admin/session', payload: { token: 'nope' }, remoteAddress });
    // Eleven wrong tokens from addresses of one /64 at once: ten are answered 401, the eleventh 429.
    const statuses = await Promise.all(
      Array.from({ length: 11 }, (_, i) => attempt(`2001:db8:1:2::${(i + 1).toString(16)}`)),
    );
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(401), 429]);
    expect((await attempt('2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    // Another /64 has its own allowance.
    expect((await attempt('2001:db8:1:3::1')).statusCode).toBe(401);
  });

  it('counts wrong Bearer tokens with the failed sign-ins on every method: 60 GETs meet a 429', async () => {
    const remoteAddress = '198.51.100.7';
    const get = (authorization: string) =>
      app.inject({ method: 'GET', url: '/api/admin/orders', headers: { authorization }, remoteAddress });
    // At once, so the growing delays of the compared ones overlap.
    const guesses = await Promise.all(Array.from({ length: 60 }, (_, i) => get(`Bearer wrong-token-${i}`)));
    const statuses = guesses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(50).fill(429)]);
    const refused = guesses.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.tooManyAttempts });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // One count: a wrong token on the desk's sign-in form is refused too.
    const signIn = (token: string) =>
      app.inject({ method: 'POST', url: '/api/admin/session', payload: { token }, remoteAddress });
    expect((await signIn('wrong-token')).statusCode).toBe(429);
    // The right token is never refused by the count (docs/product/orders.md §10.1): the owner signs in from the
    // same address, by Bearer and by the form, and the failures are forgotten.
    expect((await get(`Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await get('Bearer wrong-token')).statusCode).toBe(401);
    expect((await signIn(TOKEN)).statusCode).toBe(200);
    // Another client keeps its allowance, and its right token forgets its own earlier failure.
    const other = (authorization: string) =>
      app.inject({
        method: 'GET',
        url: '/api/admin/orders',
        headers: { authorization },
        remoteAddress: '198.51.100.8',
      });
    expect((await other('Bearer wrong-token')).statusCode).toBe(401);
    expect((await other(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('20 parallel dispatches make one change and send one "on its way" e-mail with the tracking link', async () => {
    const reference = await paidOrder();
    await smtp.waitFor(2); // the confirmation and the owner's notification
    const cookie = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        desk(cookie, 'POST', `/api/admin/orders/${reference}/dispatch`, {
          carrier: 'ups',
          trackingNumber: '1Z999',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => (a.json() as { changed: boolean }).changed)).toHaveLength(1);
    const rows = await app.platform.db
      .selectFrom('outbox')
      .select('kind')
      .where('kind', '=', DESK_MAIL_KINDS.dispatched)
      .execute();
    expect(rows).toHaveLength(1);
    const mails = await smtp.waitFor(3);
    await outboxSettled(app);
    expect(smtp.messages).toHaveLength(3);
    const shipping = mails[2]?.parsed;
    expect(shipping?.subject).toBe(`[TEST ORDER] Your Solas order ${reference} is on its way`);
    expect(shipping?.to && 'text' in shipping.to ? shipping.to.text : '').toContain(SHOPPER);
    expect(shipping?.text).toContain('Tracking number: 1Z999');
    expect(shipping?.text).toMatch(/Expected delivery: \w+day \d+ \w+( to \w+day \d+ \w+)?\./);
    expect(shipping?.text).toContain('https://www.ups.com/track?tracknum=1Z999');
    expect(shipping?.html).toContain('href="https://www.ups.com/track?tracknum=1Z999"');
    // Every e-mail about an order links to its page, with a key of its own that opens it.
    const key = new RegExp(`/#/order/${reference}\\?key=([A-Za-z0-9_-]+)`).exec(shipping?.text ?? '')?.[1];
    expect(key).toEqual(expect.any(String));
    const page = await app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } });
    expect(page.statusCode).toBe(200);
    expect(await auditActions()).toEqual(['sign-in', 'dispatch']);
  });

  it('refunds part, refuses more than is left, refunds the rest once, all through the test provider', async () => {
    const reference = await paidOrder();
    const cookie = await signIn();
    const provider = app.payments.provider as TestCheckoutProvider;
    const total = (await detail(cookie, reference)).total;
    const refund = (body: object) => desk(cookie, 'POST', `/api/admin/orders/${reference}/refund`, body);

    // A double click: the same submission (its Idempotency-Key) asked twice at once is made once.
    const click = () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${reference}/refund`,
        headers: { cookie, 'idempotency-key': 'refund-clasp' },
        payload: { amount: 1000, reason: 'Clasp colour changed' },
      });
    const [first, second] = await Promise.all([click(), click()]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(provider.refunds).toHaveLength(1);
    expect(provider.refunds[0]).toMatchObject({ amount: 1000 });
    let order = await detail(cookie, reference);
    // A refund in part is money only: the order is still paid, with its work ahead of it.
    expect(order).toMatchObject({ status: 'paid', refunded: 1000, refundable: total - 1000 });

    // More than is left is refused.
    const over = await refund({ amount: total });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.overRefund });
    expect((await refund({ amount: 0 })).statusCode).toBe(400);

    const rest = await refund({});
    expect(rest.json()).toMatchObject({
      changed: true,
      order: { status: 'refunded', refunded: total, refundable: 0 },
    });
    expect(provider.refunds.map((r) => r.amount)).toEqual([1000, total - 1000]);
    const nothing = await refund({});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ ok: false, error: 'A refunded order cannot be refunded' });

    order = await detail(cookie, reference);
    expect(order.timeline.filter((t) => t.kind === 'refund').map((t) => t.amount)).toEqual([
      1000,
      total - 1000,
    ]);
    const mails = await smtp.waitFor(4);
    expect(mails.map((m) => m.parsed.subject)).toEqual(
      expect.arrayContaining([
        `[TEST ORDER] Refund of €10.00 for your Solas order ${reference}`,
        expect.stringMatching(/^\[TEST ORDER\] Refund of €\d+\.\d\d for your Solas order/),
      ]),
    );
    expect(await auditActions()).toEqual(['sign-in', 'refund', 'refund']);
  });

  it('dedupes on the Idempotency-Key: a double click is one refund, two refunds one right after the other are two', async () => {
    const reference = await paidOrder();
    const cookie = await signIn();
    const provider = app.payments.provider as TestCheckoutProvider;
    const total = (await detail(cookie, reference)).total;
    const refund = (key: string | null, body: object) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${reference}/refund`,
        headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      });

    // A double click: the same submission (one key) twice, at once and again after it answered.
    const clicks = await Promise.all([refund('k-part', { amount: 500 }), refund('k-part', { amount: 500 })]);
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200]);
    expect((await refund('k-part', { amount: 500 })).json()).toMatchObject({ changed: false });
    expect(provider.refunds.map((r) => r.amount)).toEqual([500]);

    // "Everything left" right after is another submission (its own key), not a repeat: it goes through.
    const rest = await refund('k-rest', {});
    expect(rest.json()).toMatchObject({ changed: true, order: { status: 'refunded', refunded: total } });
    expect(provider.refunds.map((r) => r.amount)).toEqual([500, total - 500]);
    expect((await refund('k-rest', {})).json()).toMatchObject({ changed: false });

    // Without the header the request is served (and refused on its merits); a malformed key is a 400.
    expect((await refund(null, {})).statusCode).toBe(409);
    expect((await refund('x'.repeat(300), {})).statusCode).toBe(400);
    const order = await detail(cookie, reference);
    expect(order.timeline.filter((t) => t.kind === 'refund').map((t) => t.amount)).toEqual([
      500,
      total - 500,
    ]);
  });

  it('cancels before dispatch, refunding in full, once', async () => {
    const reference = await paidOrder();
    const cookie = await signIn();
    const provider = app.payments.provider as TestCheckoutProvider;
    const answers = await Promise.all([
      desk(cookie, 'POST', `/api/admin/orders/${reference}/cancel`, { reason: 'Out of stock' }),
      desk(cookie, 'POST', `/api/admin/orders/${reference}/cancel`, { reason: 'Out of stock' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const order = await detail(cookie, reference);
    expect(order).toMatchObject({ status: 'cancelled', refunded: order.total, cancelReason: 'Out of stock' });
    expect(order.allowedActions).toEqual([]);
    expect(provider.refunds).toHaveLength(1);
    const rows = await app.platform.db
      .selectFrom('outbox')
      .select('kind')
      .where('kind', '=', DESK_MAIL_KINDS.cancelled)
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      (await desk(cookie, 'POST', `/api/admin/orders/${reference}/status`, { status: 'in_production' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the session cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const https = await startTestShop('sqlite', { ADMIN_TOKEN: TOKEN, PUBLIC_URL: 'https://solas.test' });
    try {
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { token: TOKEN },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
    } finally {
      await https.stop();
    }
  });
});
