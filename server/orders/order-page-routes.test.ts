/**
 * The order page, "Find your order" and the notice of withdrawal through the real app, on one database
 * (ROUTE_DIALECTS; a notice sent twice at once on both): the key (length, only in the shopper's e-mails), a wrong key answered exactly like an unknown
 * reference, the same answer for a found and an unfound order with the e-mail only on a match, the per
 * address and per reference limit, the withdrawal window, a notice sent twice, and both e-mails.
 */

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../domain/orders/admin-api';
import {
  FIND_ORDER_ANSWER,
  FIND_ORDER_LIMITED,
  ORDER_NOT_FOUND,
  type OrderPage,
  WITHDRAWAL_CLOSED,
} from '../../domain/orders/order-page';
import { shopSuite } from '../../tests/support/shop-suite';
import { outboxRows, PARIS, paidOrderWithPageKey, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { ROUTE_DIALECTS, TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';
import { ORDERS_MAIL_KINDS } from './mail-kinds';
import { ORDER_KEY_BYTES } from './order-key';

const SHOPPER = 'Ciara.Walsh@example.ie';
const OWNER = 'owner@solas.test';
const LINK = /#\/order\/(SOL-[A-Z0-9_-]+)\?key=([A-Za-z0-9_-]+)/;

/**
 * The link of "Find your order" is e-mailed after the answer: each delivery that follows an answer is
 * kept, to be waited for.
 */
function keepDeliveries(app: FastifyInstance): Promise<void>[] {
  const deliveries: Promise<void>[] = [];
  const pages = app.orders.pages;
  const realFind = pages.find.bind(pages);
  vi.spyOn(pages, 'find').mockImplementation(async (...args) => {
    const found = await realFind(...args);
    return {
      ...found,
      deliver: () => {
        const delivery = found.deliver();
        deliveries.push(delivery);
        return delivery;
      },
    };
  });
  return deliveries;
}

describe.each(TEST_DIALECTS)('the order page on %s', (dialect) => {
  let now = new Date('2026-11-22T10:00:00Z');
  const DESK_TOKEN = 'desk-token-for-the-order-page-tests';

  beforeEach(() => {
    now = new Date('2026-11-22T10:00:00Z');
  });
  const shop = shopSuite(
    () => startTestApp(dialect, { OWNER_EMAIL: OWNER, ADMIN_TOKEN: DESK_TOKEN }, { now: () => now }),
    { each: true },
  );

  /** A paid order through the test checkout; returns its reference and the key from its confirmation. */
  function paidOrder(): Promise<{ reference: string; key: string; orderId: string }> {
    return paidOrderWithPageKey(shop.app, {
      email: SHOPPER,
      name: 'Ciara Walsh',
      items: [
        { id: '2', quantity: 2 },
        { id: '5', quantity: 1 },
      ],
      zone: 'EU',
      address: PARIS,
    });
  }

  function view(reference: string, key: string) {
    return shop.app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } });
  }

  function find(reference: string, email: string, remoteAddress = '127.0.0.1', key?: string) {
    return shop.app.inject({
      method: 'POST',
      url: '/api/order-page/find',
      remoteAddress,
      payload: { reference, email, ...(key === undefined ? {} : { key }) },
    });
  }

  const linkMails = async () =>
    (await outboxRows(shop.app)).filter((r) => r.kind.startsWith(`${ORDERS_MAIL_KINDS.orderLink}-`));

  function withdraw(reference: string, key: string, extra: Record<string, unknown> = {}) {
    return shop.app.inject({
      method: 'POST',
      url: '/api/order-page/withdrawal',
      payload: { reference, key, lines: [0], name: 'Ciara Walsh', reason: 'Too small', ...extra },
    });
  }

  // On one database (ROUTE_DIALECTS): these rules do not depend on it. A notice sent twice at once, below,
  // meets in the database: on both.
  if (ROUTE_DIALECTS.includes(dialect)) {
    it('gives each paid order its own key of at least 128 bits, links both shopper e-mails to the page and opens it', async () => {
      const a = await paidOrder();
      const b = await paidOrder();
      expect(a.key).not.toBe(b.key);
      expect(Buffer.from(a.key, 'base64url').length).toBe(ORDER_KEY_BYTES);
      expect(ORDER_KEY_BYTES * 8).toBeGreaterThanOrEqual(128);
      const confirmation = (await outboxRows(shop.app)).find(
        (r) => r.order_id === a.orderId && r.kind === ORDERS_MAIL_KINDS.customer,
      );
      expect(confirmation?.text_body).toContain(`${TEST_PUBLIC_URL}/#/order/${a.reference}?key=${a.key}`);
      expect(confirmation?.html_body).toContain(
        `href="${TEST_PUBLIC_URL}/#/order/${a.reference}?key=${a.key}"`,
      );

      const res = await view(a.reference.toLowerCase(), a.key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      const { order } = res.json() as { order: OrderPage };
      expect(order.reference).toBe(a.reference);
      expect(order.testOrder).toBe(true);
      expect(order.timeline.map((t) => [t.step, t.state])).toEqual([
        ['paid', 'current'],
        ['in-production', 'upcoming'],
        ['dispatched', 'upcoming'],
        ['delivered', 'upcoming'],
      ]);
      expect(order.lines.map((l) => [l.position, l.quantity, l.size])).toEqual([
        [0, 2, 'M'],
        [1, 1, 'M'],
      ]);
      expect(order.address).toEqual(['Ciara Walsh', '4 Rue de la Paix', 'Paris', '75002', 'France']);
      expect(order.zoneLabel).toBe('EU');
      expect(order.total).toBe(order.subtotal + order.shipping + order.giftWrap);
      expect(order.withdrawal).toEqual({ open: true, until: null, sent: null, ended: null });
      // The key is in no answer: only in the shopper's e-mails.
      expect(res.body).not.toContain(a.key);
    });

    it('answers a wrong key exactly like an unknown reference, in about the same time', async () => {
      const { reference, key } = await paidOrder();
      const wrongKey = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
      const wrong = await view(reference, wrongKey);
      const unknown = await view('SOL-ZZZZZZZZ', key);
      const malformed = await view(reference, 'short');
      for (const res of [wrong, unknown, malformed]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ ok: false, error: ORDER_NOT_FOUND });
      }
      expect(wrong.body).toBe(unknown.body);

      // The same work either way: one select by reference and one constant-time compare; the lines and
      // the rest of the page are read only after the key matched.
      const select = vi.spyOn(shop.app.orders.store, 'findByReferenceAndKey');
      const record = vi.spyOn(shop.app.orders.store, 'pageRecord');
      await view(reference, wrongKey);
      await view('SOL-ZZZZZZZZ', key);
      expect(select).toHaveBeenCalledTimes(2);
      expect(record).not.toHaveBeenCalled();
      await view(reference, key);
      expect(record).toHaveBeenCalledTimes(1);

      // And measured (interleaved medians). On SQLite only: a PostgreSQL round trip on the shared test
      // machine varies by more than the whole difference this could show.
      if (dialect !== 'sqlite') return;
      const times: Record<'wrong' | 'unknown', number[]> = { wrong: [], unknown: [] };
      for (let i = 0; i < 40; i++) {
        for (const [kind, ref] of [
          ['wrong', reference],
          ['unknown', `SOL-Q${String(i).padStart(7, '0')}`],
        ] as const) {
          const started = process.hrtime.bigint();
          await view(ref, wrongKey);
          times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      }
      const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)] ?? 0;
      const [w, u] = [median(times.wrong), median(times.unknown)];
      expect(Math.abs(w - u)).toBeLessThan(Math.max(2, Math.min(w, u)));
    });

    it('"Find your order" answers the same either way and e-mails the link only on a match', async () => {
      const { reference, key, orderId } = await paidOrder();
      const before = (await outboxRows(shop.app)).length;
      const deliveries = keepDeliveries(shop.app);
      const answers = await Promise.all([
        find(reference, 'someone.else@example.ie'),
        find('SOL-ZZZZZZZZ', SHOPPER),
        find('not a reference', 'not an address'),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true, message: FIND_ORDER_ANSWER });
      }
      // Every delivery of the three has run (none of them matched).
      await vi.waitFor(() => expect(deliveries).toHaveLength(3));
      await Promise.all(deliveries);
      expect((await outboxRows(shop.app)).length).toBe(before);

      const hit = await find(` ${reference.toLowerCase()} `, SHOPPER.toUpperCase());
      expect(hit.body).toBe(answers[0]?.body);
      expect(hit.body).not.toContain(key);
      // The link is queued after the answer: waited for, however long this host takes.
      const linkMail = async () =>
        (await outboxRows(shop.app)).find((r) => r.kind.startsWith(`${ORDERS_MAIL_KINDS.orderLink}-`))
          ?.text_body;
      await expect.poll(linkMail, { timeout: 15_000 }).toBeDefined();
      const link = await linkMail();
      const row = (await outboxRows(shop.app)).find((r) =>
        r.kind.startsWith(`${ORDERS_MAIL_KINDS.orderLink}-`),
      );
      expect(row?.recipient).toBe(SHOPPER);
      expect(row?.order_id).toBe(orderId);
      // A key of its own, which opens the page beside the confirmation's.
      expect(link).toContain(`${TEST_PUBLIC_URL}/#/order/${reference}?key=`);
      const linkKey = link ? LINK.exec(link)?.[2] : undefined;
      expect(linkKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(linkKey).not.toBe(key);
      expect((await view(reference, linkKey ?? '')).statusCode).toBe(200);
      expect((await view(reference, key)).statusCode).toBe(200);
    });

    it('limits "Find your order" per address and per reference, whether or not they match', async () => {
      for (let i = 0; i < 3; i++)
        expect((await find(`SOL-AAAAAAA${i}`, 'a@example.ie')).statusCode).toBe(200);
      const limited = await find('SOL-BBBBBBBB', 'A@example.ie');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ ok: false, error: FIND_ORDER_LIMITED });
      for (let i = 0; i < 3; i++)
        expect((await find('SOL-CCCCCCCC', `b${i}@example.ie`)).statusCode).toBe(200);
      expect((await find('SOL-CCCCCCCC', 'c@example.ie')).statusCode).toBe(429);
      // Others are not held back by them.
      expect((await find('SOL-DDDDDDDD', 'd@example.ie')).statusCode).toBe(200);
      // An hour later the allowance is back.
      now = new Date(now.getTime() + 60 * 60_000 + 1);
      expect((await find('SOL-BBBBBBBB', 'a@example.ie')).statusCode).toBe(200);
    });

    it('a stranger’s lookups never lock the shopper out of "Find your order", nor a request with the key', async () => {
      const { reference, key } = await paidOrder();
      const deliveries = keepDeliveries(shop.app);
      const STRANGER = '203.0.113.66';
      // A stranger asks for the shopper's address and order until refused.
      for (let i = 0; i < 3; i++) expect((await find(reference, SHOPPER, STRANGER)).statusCode).toBe(200);
      expect((await find(reference, SHOPPER, STRANGER)).statusCode).toBe(429);
      expect((await find(`SOL-AAAAAAA${0}`, SHOPPER, STRANGER)).statusCode).toBe(429);
      // The stranger's three matches sent the link to the shopper's own inbox, nowhere else.
      await expect.poll(async () => (await linkMails()).length, { timeout: 15_000 }).toBe(3);
      expect(new Set((await linkMails()).map((r) => r.recipient))).toEqual(new Set([SHOPPER]));
      // The shopper, from their own address, is answered, not refused. The links per order (three an
      // hour) hold whoever asks, so this answer sends no fourth now.
      const own = await find(reference, SHOPPER, '198.51.100.23');
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ ok: true, message: FIND_ORDER_ANSWER });
      // A request that proves it knows the order's key is never limited, even from the stranger's address.
      const keyed = await find(reference, SHOPPER, STRANGER, key);
      expect(keyed.statusCode).toBe(200);
      // Every answer's delivery has run: three to the stranger, the shopper's and the keyed one.
      await vi.waitFor(() => expect(deliveries).toHaveLength(5));
      await Promise.all(deliveries);
      expect((await linkMails()).length).toBe(4);
      // A wrong key proves nothing: still refused.
      expect((await find(reference, SHOPPER, STRANGER, 'A'.repeat(32))).statusCode).toBe(429);
    });

    it('a shopper asking from another address after a stranger is answered with the link', async () => {
      const { reference } = await paidOrder();
      for (let i = 0; i < 4; i++) await find(`SOL-ZZZZZZZ${i}`, SHOPPER, '203.0.113.67');
      expect((await find(reference, SHOPPER, '203.0.113.67')).statusCode).toBe(429);
      expect((await find(reference, SHOPPER, '198.51.100.24')).statusCode).toBe(200);
      await expect.poll(async () => (await linkMails()).length, { timeout: 15_000 }).toBe(1);
    });

    it('gives an order with no key left (paid before keys existed) a new one with Find your order, and its page opens with it', async () => {
      const { reference, orderId } = await paidOrder();
      await shop.app.platform.db.deleteFrom('order_keys').where('order_id', '=', orderId).execute();
      await find(reference, SHOPPER);
      const linkMail = async () =>
        (await outboxRows(shop.app)).find((r) => r.kind.startsWith(`${ORDERS_MAIL_KINDS.orderLink}-`))
          ?.text_body;
      await expect.poll(linkMail, { timeout: 15_000 }).toBeDefined();
      const text = await linkMail();
      const key = text ? LINK.exec(text)?.[2] : undefined;
      expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect((await view(reference, key ?? '')).statusCode).toBe(200);
    });

    it('refuses a notice with a wrong key, an unknown item or no name, and writes nothing', async () => {
      const { reference, key } = await paidOrder();
      expect((await withdraw(reference, `${key.slice(1)}x`)).statusCode).toBe(404);
      expect((await withdraw(reference, key, { lines: [7] })).statusCode).toBe(400);
      expect((await withdraw(reference, key, { name: '  ' })).statusCode).toBe(400);
      expect((await withdraw(reference, key, { price: 0 })).statusCode).toBe(400);
      expect(await shop.app.platform.db.selectFrom('withdrawal_notices').selectAll().execute()).toHaveLength(
        0,
      );
    });

    it('refuses a name with a line break or a control character, and a reason with invisible controls, naming the field', async () => {
      const { reference, key } = await paidOrder();
      // A line break in the name would show a forged "Bcc:" line in the notice and the owner's copy.
      for (const name of [
        'X\r\nBcc: victim@example.ie',
        'X\nY',
        'X\u0085Y',
        'X\u0000',
        'Ciara \u202eWalsh',
      ]) {
        const res = await withdraw(reference, key, { name });
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: string }).error).toMatch(/^name: /);
      }
      for (const reason of ['Too \u2066small\u2069', 'Too\u200bsmall', 'Too\u0007small']) {
        const res = await withdraw(reference, key, { reason });
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: string }).error).toMatch(/^reason: /);
      }
      expect(await shop.app.platform.db.selectFrom('withdrawal_notices').selectAll().execute()).toHaveLength(
        0,
      );
      expect((await outboxRows(shop.app)).filter((r) => r.kind.startsWith('withdrawal'))).toHaveLength(0);
      // A reason keeps its line breaks.
      expect((await withdraw(reference, key, { reason: 'Too small.\r\nSorry!' })).statusCode).toBe(200);
    });

    it('answers malformed bodies on every order page route with a 4xx and a message, never a 5xx', async () => {
      const bodies: unknown[] = [
        [],
        'x',
        42,
        null,
        {},
        { reference: 1, key: [] },
        { reference: 'SOL-A', key: 'k', x: 1 },
      ];
      for (const url of ['/api/order-page', '/api/order-page/find', '/api/order-page/withdrawal']) {
        for (const body of bodies) {
          const res = await shop.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
          expect((res.json() as { error: string }).error).toEqual(expect.any(String));
        }
      }
      const form = await shop.app.inject({
        method: 'POST',
        url: '/api/order-page',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'reference=SOL-A&key=b',
      });
      expect(form.statusCode).toBe(415);
    });

    it('closes the window 14 days after delivery, or 14 days after the latest delivery date once dispatched', async () => {
      const { reference, key, orderId } = await paidOrder();
      const set = (column: string, value: string) =>
        sql`update orders set ${sql.ref(column)} = ${value} where id = ${orderId}`.execute(
          shop.app.platform.db,
        );

      // Dispatched Monday 2 November 2026 to the EU zone (5-10 delivery days, weekdays): latest delivery
      // Monday 16 November, so the window runs to 30 November.
      await set('dispatched_at', '2026-11-02T12:00:00Z');
      now = new Date('2026-11-30T20:00:00Z');
      let page = (await view(reference, key)).json() as { order: OrderPage };
      expect(page.order.timeline.find((t) => t.step === 'dispatched')?.state).toBe('current');
      expect(page.order.withdrawal).toMatchObject({ open: true, until: '2026-11-30' });
      now = new Date('2026-12-01T00:30:00Z');
      expect((await withdraw(reference, key)).statusCode).toBe(409);

      // Delivered on 20 November: 14 days after it, 4 December, is the last day.
      await set('delivered_at', '2026-11-20T09:00:00Z');
      page = (await view(reference, key)).json() as { order: OrderPage };
      expect(page.order.withdrawal).toMatchObject({ open: true, until: '2026-12-04' });
      expect(page.order.deliveryEstimate).toBeNull();
      now = new Date('2026-12-05T00:30:00Z');
      const late = await withdraw(reference, key);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ ok: false, error: WITHDRAWAL_CLOSED });
      now = new Date('2026-12-04T22:00:00Z');
      expect((await withdraw(reference, key)).statusCode).toBe(200);
    });
  }

  it('stores a notice of withdrawal once, e-mails the owner and the shopper once, and shows it on the page', async () => {
    const { reference, key, orderId } = await paidOrder();
    const first = await withdraw(reference, key, { lines: [1, 0] });
    expect(first.statusCode).toBe(200);
    const { order } = first.json() as { order: OrderPage };
    expect(order.withdrawal.open).toBe(false);
    expect(order.withdrawal.sent?.lines).toHaveLength(2);
    // Twice sent, even at once: one notice.
    const again = await Promise.all([withdraw(reference, key), withdraw(reference, key, { lines: [0] })]);
    for (const res of again) expect(res.statusCode).toBe(200);
    const notices = await shop.app.platform.db.selectFrom('withdrawal_notices').selectAll().execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ order_id: orderId, name: 'Ciara Walsh', reason: 'Too small' });
    const mails = (await outboxRows(shop.app)).filter((r) => r.kind.startsWith('withdrawal'));
    expect(mails.map((m) => [m.kind, m.recipient]).sort()).toEqual([
      [ORDERS_MAIL_KINDS.withdrawalAck, SHOPPER],
      [ORDERS_MAIL_KINDS.withdrawalOwner, OWNER],
    ]);
    const ack = mails.find((m) => m.kind === ORDERS_MAIL_KINDS.withdrawalAck);
    expect(ack?.text_body).toContain('We have received your notice of withdrawal');
    const ackKey = LINK.exec(ack?.text_body ?? '')?.[2];
    expect(ack?.text_body).toContain(`#/order/${reference}?key=${ackKey}`);
    expect((await view(reference, ackKey ?? '')).statusCode).toBe(200);
    // The owner's desk shows the notice on the order, and in its timeline.
    const desk = await shop.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${reference}`,
      headers: { authorization: `Bearer ${DESK_TOKEN}` },
    });
    expect(desk.statusCode).toBe(200);
    const detail = desk.json() as OrderDetail;
    expect(detail.withdrawal).toMatchObject({ name: 'Ciara Walsh', reason: 'Too small' });
    expect(detail.withdrawal?.items).toHaveLength(2);
    expect(detail.timeline.map((t) => t.kind)).toContain('withdrawal');
  });
});
