/**
 * Returns of a delivered order through the real app, on one database (ROUTE_DIALECTS; two tabs at once
 * on both) (docs/product/orders.md §10.18):
 * opened, received and refunded through the desk's refund path (with or without the shipping), shown in
 * the history, the audit trail and on the shopper's page; closed without refund with a reason; opened once
 * by a withdrawal notice; counted per product in Numbers. Every refusal: 409 not delivered, after the 30
 * days without the override, a move the state refuses, the shipping twice; 400 naming the field; 404; 401;
 * 403 cross-site and for a maker; a repeated Idempotency-Key is one return and one refund.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type OrderDetail } from '../../domain/orders/admin-api';
import type { OrderPage } from '../../domain/orders/order-page';
import type { ReturnInfo } from '../../domain/orders/return-info';
import { RETURN_MESSAGES, WITHDRAWAL_RETURN_REASON } from '../../domain/orders/returns';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import { shopSuite } from '../../tests/support/shop-suite';
import { outboxRows, PARIS, paidOrderWithPageKey } from '../../tests/support/test-app';
import { ROUTE_DIALECTS, TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';

const SHOPPER = 'ciara@example.ie';
const TOKEN = 'returns-desk-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const DAY = 24 * 60 * 60 * 1000;

type Answer = { ok: true; changed: boolean; return: ReturnInfo; order: OrderDetail };

describe.each(TEST_DIALECTS)('returns on %s', (dialect) => {
  let now = new Date();

  beforeEach(() => {
    now = new Date();
  });
  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN: TOKEN }, { now: () => now }), {
    each: true,
  });

  /** A paid order of two pieces of product 2 and one of product 5; its reference and page key. */
  function paidOrder(): Promise<{ reference: string; key: string }> {
    return paidOrderWithPageKey(shop.app, {
      email: SHOPPER,
      name: 'Ciara Walsh',
      items: [
        { id: '2', quantity: 2, size: 'M' },
        { id: '5', quantity: 1, size: 'S' },
      ],
      zone: 'EU',
      address: PARIS,
    });
  }

  function owner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, key?: string) {
    return shop.app.inject({
      method,
      url,
      headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  }

  async function dispatched(reference: string): Promise<void> {
    const res = await owner('POST', `/api/admin/orders/${reference}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'CE123456789IE',
    });
    expect(res.statusCode).toBe(200);
  }

  async function delivered(): Promise<{ reference: string; key: string }> {
    const order = await paidOrder();
    await dispatched(order.reference);
    const res = await owner('POST', `/api/admin/orders/${order.reference}/status`, { status: 'delivered' });
    expect(res.statusCode).toBe(200);
    return order;
  }

  const open = (reference: string, body: object, key?: string) =>
    owner('POST', `/api/admin/orders/${reference}/returns`, body, key);
  const move = (reference: string, id: number, body: object, key?: string) =>
    owner('PATCH', `/api/admin/orders/${reference}/returns/${id}`, body, key);
  const detail = async (reference: string) =>
    (await owner('GET', `/api/admin/orders/${reference}`)).json() as OrderDetail;
  const page = async (reference: string, key: string) =>
    (
      (
        await shop.app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } })
      ).json() as {
        order: OrderPage;
      }
    ).order;

  // On one database (ROUTE_DIALECTS): these rules do not depend on it. Two tabs opening a return at once,
  // below, meet in the database: on both.
  if (ROUTE_DIALECTS.includes(dialect)) {
    it('opens a return, receives it and refunds its pieces with the shipping through the refund path', async () => {
      const { reference, key } = await delivered();
      const before = await detail(reference);
      const first = before.lines[0];
      if (!first) throw new Error('no line');

      const opened = await open(
        reference,
        { lines: [{ lineId: 0, quantity: 1 }], reason: 'Too small' },
        'r-1',
      );
      expect(opened.statusCode).toBe(201);
      const body = opened.json() as Answer;
      expect(body).toMatchObject({ ok: true, changed: true, return: { status: 'requested' } });
      const id = body.return.id;
      expect(body.return.lines).toEqual([
        { lineId: 0, productId: first.productId, name: first.name, size: 'M', quantity: 1 },
      ]);
      expect(body.return.value).toBe(first.unitPrice);
      // The same submission again: the same return, nothing new.
      const again = await open(
        reference,
        { lines: [{ lineId: 0, quantity: 1 }], reason: 'Too small' },
        'r-1',
      );
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ changed: false, return: { id, status: 'requested' } });
      expect((await detail(reference)).returns).toHaveLength(1);

      const received = await move(reference, id, { status: 'received' }, 'r-2');
      expect(received.statusCode).toBe(200);
      expect((received.json() as Answer).return.status).toBe('received');

      const refund = { status: 'received', refund: { includeShipping: true } };
      const refunded = await move(reference, id, refund, 'r-3');
      expect(refunded.statusCode).toBe(200);
      const after = refunded.json() as Answer;
      const amount = first.unitPrice + before.shipping;
      expect(after.return).toMatchObject({ status: 'refunded', refunded: amount, shippingRefunded: true });
      expect(after.order.refunded).toBe(amount);
      // A repeat of the submission refunds nothing more.
      const repeat = await move(reference, id, refund, 'r-3');
      expect(repeat.statusCode).toBe(200);
      expect((repeat.json() as Answer).order.refunded).toBe(amount);

      const history = (await detail(reference)).timeline;
      expect(history.filter((e) => e.kind === 'return').map((e) => [e.text, e.by])).toEqual([
        [`Return ${id} opened: 1 x ${first.name} (Medium). Reason: Too small`, 'API token'],
        [`Return ${id} received`, 'API token'],
        [`Return ${id} refunded: €${(amount / 100).toFixed(2)} with the shipping`, 'API token'],
      ]);
      expect(history.filter((e) => e.kind === 'refund').map((e) => e.amount)).toEqual([amount]);
      const audit = await shop.app.platform.db
        .selectFrom('admin_audit')
        .select(['action'])
        .where('target', '=', reference)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['return-open', 'return-receive', 'refund', 'return-refund']),
      );
      const mails = (await outboxRows(shop.app)).filter(
        (m) => m.reference === reference && m.kind.startsWith('order-refund:'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text_body).toContain(`Return of 1 x ${first.name} (Medium)`);

      const shopper = await page(reference, key);
      expect(shopper.returns).toEqual([
        {
          status: 'refunded',
          text: 'Return refunded: the money is on its way back to you.',
          items: [`1 x ${first.name} (Medium)`],
          at: expect.any(String),
        },
      ]);
    });

    it('refunds on receipt without the shipping, once per order with it, and never beyond what is left', async () => {
      const { reference } = await delivered();
      const order = await detail(reference);
      const [a, b] = order.lines;
      if (!a || !b) throw new Error('two lines');
      const r1 = (
        (await open(reference, { lines: [{ lineId: 0, quantity: 2 }], reason: 'Too big' })).json() as Answer
      ).return.id;
      const r2 = (
        (
          await open(reference, { lines: [{ lineId: 1, quantity: 1 }], reason: 'Changed mind' })
        ).json() as Answer
      ).return.id;
      const first = await move(reference, r1, { status: 'received', refund: { includeShipping: true } });
      expect((first.json() as Answer).return).toMatchObject({
        status: 'refunded',
        refunded: a.lineTotal + order.shipping,
      });
      const twice = await move(reference, r2, { status: 'received', refund: { includeShipping: true } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ ok: false, error: RETURN_MESSAGES.shippingTwice(r1) });
      const second = await move(reference, r2, { status: 'received', refund: { includeShipping: false } });
      expect(second.statusCode).toBe(200);
      const last = second.json() as Answer;
      expect(last.return.refunded).toBe(b.lineTotal);
      expect(last.order.refunded).toBeLessThanOrEqual(order.total);
      expect(last.order.refundable).toBe(order.total - last.order.refunded);
    });

    it('closes a return without refund only with a reason, and refuses every move its state does not allow', async () => {
      const { reference } = await delivered();
      const id = (
        (await open(reference, { lines: [{ lineId: 1, quantity: 1 }], reason: 'Scratched' })).json() as Answer
      ).return.id;
      const noReason = await move(reference, id, { status: 'closed' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({ ok: false, error: RETURN_MESSAGES.reasonRequired });
      const withRefund = await move(reference, id, {
        status: 'closed',
        reason: 'x',
        refund: { includeShipping: false },
      });
      expect(withRefund.statusCode).toBe(400);
      const closed = await move(reference, id, { status: 'closed', reason: 'Worn, not as sold' });
      expect(closed.statusCode).toBe(200);
      expect((closed.json() as Answer).return).toMatchObject({
        status: 'closed',
        closeReason: 'Worn, not as sold',
        refunded: 0,
      });
      expect((closed.json() as Answer).order.refunded).toBe(0);
      for (const body of [
        { status: 'received' },
        { status: 'received', refund: { includeShipping: false } },
        { status: 'closed', reason: 'again' },
      ]) {
        const refused = await move(reference, id, body);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ ok: false, error: RETURN_MESSAGES.ended('closed') });
      }
      // A closed return gave nothing back: its pieces may be in a new one.
      expect(
        (await open(reference, { lines: [{ lineId: 1, quantity: 1 }], reason: 'Scratched' })).statusCode,
      ).toBe(201);

      const other = (
        (await open(reference, { lines: [{ lineId: 0, quantity: 1 }], reason: 'Gift' })).json() as Answer
      ).return.id;
      expect((await move(reference, other, { status: 'received' })).statusCode).toBe(200);
      const twice = await move(reference, other, { status: 'received' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ ok: false, error: RETURN_MESSAGES.already('received') });
      expect((await move(reference, 999_999, { status: 'received' })).statusCode).toBe(404);
      expect((await move('SOL-NOTHERE1', other, { status: 'received' })).statusCode).toBe(404);
      const badStatus = await move(reference, other, { status: 'refunded' });
      expect(badStatus.statusCode).toBe(400);
      expect(badStatus.json()).toEqual({ ok: false, error: "status must be 'received' or 'closed'" });
    });

    it('refuses a return of an order not delivered, after the 30 days without the override, and bad lines', async () => {
      const { reference: undelivered } = await paidOrder();
      const early = await open(undelivered, { lines: [{ lineId: 0, quantity: 1 }], reason: 'Too small' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ ok: false, error: RETURN_MESSAGES.notDelivered });
      await dispatched(undelivered);
      expect((await open(undelivered, { lines: [{ lineId: 0, quantity: 1 }], reason: 'x' })).statusCode).toBe(
        409,
      );

      const { reference } = await delivered();
      const cases: [object, string][] = [
        [{ lines: [{ lineId: 7, quantity: 1 }], reason: 'x' }, RETURN_MESSAGES.lineUnknown(0, 7)],
        [{ lines: [{ lineId: 0, quantity: 3 }], reason: 'x' }, RETURN_MESSAGES.tooMany(0, 2)],
        [
          {
            lines: [
              { lineId: 0, quantity: 1 },
              { lineId: 0, quantity: 1 },
            ],
            reason: 'x',
          },
          RETURN_MESSAGES.lineTwice(1, 0),
        ],
        [{ lines: [], reason: 'x' }, 'lines must name at least one line'],
        [{ lines: [{ lineId: 0, quantity: 0 }], reason: 'x' }, 'quantity must be at least 1'],
        [{ lines: [{ lineId: 0, quantity: 1 }], reason: '  ' }, 'reason must not be empty'],
        [{ lines: [{ lineId: 0, quantity: 1 }] }, 'reason must be text'],
      ];
      for (const [body, error] of cases) {
        const res = await open(reference, body);
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: string }).error).toContain(error);
      }
      // Two of the line in one return: none left for another.
      expect((await open(reference, { lines: [{ lineId: 0, quantity: 2 }], reason: 'x' })).statusCode).toBe(
        201,
      );
      const none = await open(reference, { lines: [{ lineId: 0, quantity: 1 }], reason: 'x' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ ok: false, error: RETURN_MESSAGES.tooMany(0, 0) });

      now = new Date(Date.now() + 40 * DAY);
      const late = await open(reference, { lines: [{ lineId: 1, quantity: 1 }], reason: 'Broke' });
      expect(late.statusCode).toBe(409);
      expect((late.json() as { error: string }).error).toMatch(
        /30-day return period ended on \d{4}-\d{2}-\d{2}/,
      );
      const emptyNote = await open(reference, {
        lines: [{ lineId: 1, quantity: 1 }],
        reason: 'Broke',
        override: { note: '' },
      });
      expect(emptyNote.statusCode).toBe(400);
      const overridden = await open(reference, {
        lines: [{ lineId: 1, quantity: 1 }],
        reason: 'Broke',
        override: { note: 'A loyal customer' },
      });
      expect(overridden.statusCode).toBe(201);
      expect((overridden.json() as Answer).return).toMatchObject({
        status: 'requested',
        overrideNote: 'A loyal customer',
      });
    });

    it("keeps an erased customer's returns with their reasons, without the owner's notes", async () => {
      const { reference } = await delivered();
      now = new Date(Date.now() + 40 * DAY);
      const late = {
        lines: [{ lineId: 0, quantity: 1 }],
        reason: 'Clasp broke',
        override: { note: 'Ciara rang, a loyal customer' },
      };
      const id = ((await open(reference, late)).json() as Answer).return.id;
      expect(
        (await move(reference, id, { status: 'closed', reason: 'Ciara kept it after all' })).statusCode,
      ).toBe(200);
      // Until then the privacy export shows the return, the owner's notes on it included.
      const before = await shop.app.privacy.store.exportFor(SHOPPER, {
        session: 'token',
        address: '203.0.113.7',
      });
      expect(before.orders).toContainEqual(
        expect.objectContaining({
          reference,
          returns: [
            expect.objectContaining({
              status: 'closed',
              reason: 'Clasp broke',
              ownerNote: 'Ciara rang, a loyal customer',
              closeReason: 'Ciara kept it after all',
            }),
          ],
        }),
      );
      await shop.app.privacy.store.eraseFor(SHOPPER, { session: 'token', address: '203.0.113.7' });
      expect((await detail(reference)).returns).toMatchObject([
        { id, status: 'closed', reason: 'Clasp broke', overrideNote: null, closeReason: null },
      ]);
      const history = (await detail(reference)).timeline.filter((e) => e.kind === 'return');
      expect(history.map((e) => e.text).join(' ')).not.toContain('Ciara');
    });

    it('refuses the desk without a session, cross-site, and a maker', async () => {
      const { reference } = await delivered();
      const body = { lines: [{ lineId: 0, quantity: 1 }], reason: 'Too small' };
      const url = `/api/admin/orders/${reference}/returns`;
      expect((await shop.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
      const crossSite = await shop.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { ...auth, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
      const id = ((await open(reference, body)).json() as Answer).return.id;
      const person = await shop.app.platform.people.create({
        name: 'Niamh',
        email: 'niamh@example.ie',
        role: 'maker',
      });
      if (!person) throw new Error('no maker');
      const { secret } = await shop.app.platform.sessions.create('127.0.0.1', {
        personId: person.id,
        device: null,
      });
      const cookie = `solas_admin=${secret}`;
      expect(
        (await shop.app.inject({ method: 'POST', url, payload: body, headers: { cookie } })).statusCode,
      ).toBe(403);
      const patch = await shop.app.inject({
        method: 'PATCH',
        url: `${url}/${id}`,
        payload: { status: 'received', refund: { includeShipping: false } },
        headers: { cookie },
      });
      expect(patch.statusCode).toBe(403);
      expect((await detail(reference)).returns).toMatchObject([{ id, status: 'requested' }]);
    });

    it('refuses a refund when nothing is left to refund, and leaves the return as it was', async () => {
      const { reference } = await delivered();
      expect((await owner('POST', `/api/admin/orders/${reference}/refund`, {})).statusCode).toBe(200);
      const id = (
        (await open(reference, { lines: [{ lineId: 1, quantity: 1 }], reason: 'x' })).json() as Answer
      ).return.id;
      const res = await move(reference, id, { status: 'received', refund: { includeShipping: false } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ ok: false, error: ADMIN_MESSAGES.nothingToRefund });
      expect((await detail(reference)).returns).toMatchObject([{ id, status: 'requested' }]);
    });

    it('opens a return from the withdrawal notice once, shows it on the page, and counts returns in Numbers', async () => {
      const { reference, key } = await paidOrder();
      await dispatched(reference);
      const notice = { reference, key, lines: [0, 1], name: 'Ciara Walsh', reason: 'Changed my mind' };
      for (let i = 0; i < 2; i++) {
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/order-page/withdrawal',
          payload: notice,
        });
        expect(res.statusCode).toBe(200);
      }
      const order = await detail(reference);
      expect(order.returns).toMatchObject([
        {
          status: 'requested',
          reason: WITHDRAWAL_RETURN_REASON,
          lines: [
            { lineId: 0, quantity: 2 },
            { lineId: 1, quantity: 1 },
          ],
        },
      ]);
      expect(order.timeline.filter((e) => e.kind === 'return').map((e) => e.actor)).toEqual(['shop']);
      // The notice they signed is theirs to see in the privacy export, with the return it opened.
      const exported = await shop.app.privacy.store.exportFor(SHOPPER, {
        session: 'token',
        address: '203.0.113.7',
      });
      expect(exported.orders).toContainEqual(
        expect.objectContaining({
          reference,
          withdrawal: expect.objectContaining({ name: 'Ciara Walsh', reason: 'Changed my mind' }),
          returns: [expect.objectContaining({ status: 'requested', reason: WITHDRAWAL_RETURN_REASON })],
        }),
      );
      expect((await page(reference, key)).returns).toMatchObject([
        { status: 'requested', text: 'Return requested: we are waiting for the piece to come back to us.' },
      ]);

      // The Irish days around the test's clock: the return is in one of them.
      const today = irishDate(now);
      const stats = await owner('GET', `/api/admin/stats?from=${addDays(today, -1)}&to=${addDays(today, 1)}`);
      expect(stats.statusCode).toBe(200);
      const first = order.lines[0];
      expect((stats.json() as { returns: unknown[] }).returns).toContainEqual({
        productId: first?.productId,
        name: first?.name,
        returns: 1,
        pieces: 2,
        reasons: [{ reason: WITHDRAWAL_RETURN_REASON, count: 1 }],
      });
    });
  }

  it('opens one return of the same pieces from two tabs at once, and one per submission sent twice at once', async () => {
    const { reference } = await delivered();
    const body = { lines: [{ lineId: 0, quantity: 2 }], reason: 'Too big' };
    const [a, b] = await Promise.all([open(reference, body, 'tab-a'), open(reference, body, 'tab-b')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const twice = { lines: [{ lineId: 1, quantity: 1 }], reason: 'Too big' };
    const [c, d] = await Promise.all([open(reference, twice, 'same'), open(reference, twice, 'same')]);
    expect([c.statusCode, d.statusCode]).toEqual([201, 201]);
    expect((c.json() as Answer).return.id).toBe((d.json() as Answer).return.id);
    expect((await detail(reference)).returns).toHaveLength(2);
  });
});
