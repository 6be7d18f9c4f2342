/**
 * Exchanges for another size through the real app, on both databases (docs/product/exchanges.md): the
 * shopper's request from her order page with every refusal (400 naming the field, 404 a wrong key, 409
 * outside the window or a line already exchanged or returned); the owner's accept (posted twice at once:
 * one replacement, one e-mail), which puts the remake first in Today's making list and reserves its
 * materials; decline with a reason; the returned piece restocked or its materials put back; a price
 * difference charged by a payment link or refunded through the refund path; each e-mail once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeInfo } from '../../domain/exchanges/exchanges';
import type { OrderDetail } from '../../domain/orders/admin-api';
import type { OrderPage } from '../../domain/orders/order-page';
import { shopSuite } from '../../tests/support/shop-suite';

import { outboxRows, PARIS, paidOrderWithPageKey } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp, type TestApp } from '../../tests/support/test-shop';

const TOKEN = 'exchanges-desk-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const DAY = 24 * 60 * 60 * 1000;
const ORDER_PAGE_LINK = /#\/order\/(SOL-[A-Z0-9_-]+)\?key=([A-Za-z0-9_-]+)/;

/** A size's price in these tests: Large costs 600 cents more, Small 500 less (sizes cost the same in the shop). */
const SIZE_PRICES = { S: -500, M: 0, L: 600 } as const;

describe.each(TEST_DIALECTS)('exchanges on %s', (dialect) => {
  let now = new Date();
  let sizedPrices = false;
  const links: { amount: number; exchangeId: number }[] = [];

  beforeEach(() => {
    now = new Date();
    sizedPrices = false;
    links.length = 0;
  });
  const shop: TestApp = shopSuite(
    () =>
      startTestApp(
        dialect,
        { ADMIN_TOKEN: TOKEN, RATE_LIMITS: 'off' },
        {
          now: () => now,
          exchanges: {
            priceOf: (productId, size): number | null => {
              const base: number | undefined = shop.app.catalogue.source
                .current()
                .products.find((p) => p.id === productId)?.price;
              if (base === undefined) return null;
              return sizedPrices ? base + SIZE_PRICES[size] : base;
            },
            paymentLink: async (_order, exchange, amount) => {
              links.push({ amount, exchangeId: exchange.id });
              return 'https://pay.example/link';
            },
          },
        },
      ),
    { each: true },
  );

  function owner(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return shop.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  }

  /** A delivered order of one Medium of product 2 and one Small of product 5. */
  async function delivered(): Promise<{ reference: string; key: string; orderId: string }> {
    const order = await paidOrderWithPageKey(shop.app, {
      email: 'aoife@example.ie',
      name: 'Aoife Byrne',
      items: [
        { id: '2', quantity: 1, size: 'M' },
        { id: '5', quantity: 1, size: 'S' },
      ],
      zone: 'EU',
      address: PARIS,
    });
    const sent = await owner('POST', `/api/admin/orders/${order.reference}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'CE123456789IE',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const done = await owner('POST', `/api/admin/orders/${order.reference}/status`, { status: 'delivered' });
    expect(done.statusCode, done.body).toBe(200);
    return order;
  }

  const ask = (reference: string, body: object) =>
    shop.app.inject({ method: 'POST', url: `/api/orders/${reference}/exchanges`, payload: body });
  const act = (id: number, action: 'accept' | 'decline' | 'receive' | 'dispatch', body?: object) =>
    owner('POST', `/api/admin/exchanges/${id}/${action}`, body);
  const detail = async (reference: string) =>
    (await owner('GET', `/api/admin/orders/${reference}`)).json() as OrderDetail;
  const mailsOf = async (prefix: string) =>
    (await outboxRows(shop.app)).filter((r) => r.kind.startsWith(`${prefix}:`));

  /** A cord and a bead, and product 2's bill of materials: Large uses more of both. */
  async function billOfMaterials(): Promise<{ cord: string; bead: string }> {
    const material = async (name: string, onHand: number) => {
      const res = await owner('POST', '/api/admin/materials', { name, unit: 'piece', onHand, lowStock: 0 });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { material: { id: string } }).material.id;
    };
    const cord = await material('Elastic cord', 100);
    const bead = await material('6 mm garnet', 200);
    const put = await owner('PUT', '/api/admin/products/2/materials', {
      sizes: {
        S: [
          { materialId: cord, quantity: 18 },
          { materialId: bead, quantity: 20 },
        ],
        M: [
          { materialId: cord, quantity: 20 },
          { materialId: bead, quantity: 23 },
        ],
        L: [
          { materialId: cord, quantity: 22 },
          { materialId: bead, quantity: 26 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    return { cord, bead };
  }

  async function stock(id: string): Promise<{ onHand: number; reserved: number }> {
    const list = (await owner('GET', '/api/admin/materials')).json() as {
      materials: { id: string; onHand: number; reserved: number }[];
    };
    const found = list.materials.find((m) => m.id === id);
    if (!found) throw new Error(`no material ${id}`);
    return found;
  }

  it('takes a request from the order page and refuses bad values, a wrong key, the same size and a second one', async () => {
    const { reference, key } = await delivered();
    for (const [body, field] of [
      [{ key, lineId: 0, size: 'XL' }, 'size'],
      [{ key, lineId: 'first', size: 'L' }, 'lineId'],
      [{ key: 42, lineId: 0, size: 'L' }, 'key'],
      [{ lineId: 0, size: 'L' }, 'key'],
      [{ key, lineId: 0, size: 'M' }, 'size'],
      [{ key, lineId: 9, size: 'L' }, 'lineId'],
    ] as const) {
      const res = await ask(reference, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toContain(field);
    }
    const wrong = await ask(reference, { key: 'A'.repeat(43), lineId: 0, size: 'L' });
    expect(wrong.statusCode).toBe(404);
    const page = await shop.app.inject({
      method: 'POST',
      url: '/api/order-page',
      payload: { reference, key: 'A'.repeat(43) },
    });
    expect(wrong.json().error).toBe(page.json().error);

    const pageOf = async () =>
      (
        (
          await shop.app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } })
        ).json() as { order: OrderPage }
      ).order;
    // The order page offers each piece the other sizes that can be made.
    expect((await pageOf()).exchangeOffer?.lines).toEqual([
      { lineId: 0, sizes: ['S', 'L'] },
      { lineId: 1, sizes: ['M', 'L'] },
    ]);
    const made = await ask(reference, { key, lineId: 0, size: 'L' });
    expect(made.statusCode, made.body).toBe(201);
    const { exchange } = made.json() as { exchange: ExchangeInfo };
    expect(exchange).toMatchObject({
      status: 'pending',
      lineId: 0,
      fromSize: 'M',
      toSize: 'L',
      difference: 0,
    });
    const again = await ask(reference, { key, lineId: 0, size: 'S' });
    expect(again.statusCode).toBe(409);
    const shown = await pageOf();
    expect(shown.exchanges).toEqual([
      expect.objectContaining({ status: 'pending', item: expect.stringContaining('Medium for Large') }),
    ]);
    expect(shown.exchangeOffer?.lines.map((l) => l.lineId)).toEqual([1]);

    const order = await detail(reference);
    expect(order.exchanges).toEqual([
      expect.objectContaining({ id: exchange.id, status: 'pending', toSize: 'L' }),
    ]);
    expect(order.timeline.some((t) => t.kind === 'exchange' && t.text.includes('Exchange: M -> L'))).toBe(
      true,
    );
    // The owner is told and the shopper has a receipt: once each.
    expect(await mailsOf('exchange-requested')).toHaveLength(1);
    expect(await mailsOf('exchange-receipt')).toHaveLength(1);
    const [receipt] = await mailsOf('exchange-receipt');
    expect(receipt?.recipient).toBe('aoife@example.ie');
  });

  it('refuses outside the returns window and a line already in a return', async () => {
    const { reference, key } = await delivered();
    const opened = await owner('POST', `/api/admin/orders/${reference}/returns`, {
      lines: [{ lineId: 1, quantity: 1 }],
      reason: 'Too small',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const returned = await ask(reference, { key, lineId: 1, size: 'M' });
    expect(returned.statusCode).toBe(409);
    expect(returned.json().error).toMatch(/returned/);

    now = new Date(Date.now() + 31 * DAY);
    const late = await ask(reference, { key, lineId: 0, size: 'L' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/period to exchange/);
  });

  it('accepted twice at once: one remake, first on Today, its materials reserved, one e-mail', async () => {
    const { reference, key } = await delivered();
    // A new order after it: the remake still comes first.
    const later = await paidOrderWithPageKey(shop.app, {
      email: 'niamh@example.ie',
      name: 'Niamh Kelly',
      items: [{ id: '7', quantity: 1, size: 'M' }],
      zone: 'EU',
      address: PARIS,
    });
    const { cord, bead } = await billOfMaterials();
    const { exchange } = (await ask(reference, { key, lineId: 0, size: 'L' })).json() as {
      exchange: ExchangeInfo;
    };

    const stats = async () =>
      (
        (await owner('GET', '/api/admin/stats')).json() as {
          totals: { revenue: number; orders: number; pieces: number };
        }
      ).totals;
    const sales = await stats();
    const [a, b] = await Promise.all([act(exchange.id, 'accept'), act(exchange.id, 'accept')]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json().exchange.status).toBe('accepted');
    expect(b?.json().exchange.status).toBe('accepted');
    expect(await mailsOf('exchange-accepted')).toHaveLength(1);

    // The L piece's bill is reserved once: 22 cm of cord and 26 beads.
    expect(await stock(cord)).toMatchObject({ onHand: 100, reserved: 22 });
    expect(await stock(bead)).toMatchObject({ onHand: 200, reserved: 26 });

    const today = (await owner('GET', '/api/admin/today')).json() as {
      make: { productId: string; size: string; orders: string[]; remake?: boolean }[];
    };
    expect(today.make[0]).toMatchObject({ productId: '2', size: 'L', orders: [reference], remake: true });
    expect(today.make.some((m) => m.orders.includes(later.reference))).toBe(true);
    expect(today.make.findIndex((m) => m.orders.includes(later.reference))).toBeGreaterThan(0);

    const shown = await detail(reference);
    expect(shown.exchanges?.[0]).toMatchObject({ status: 'accepted', settlement: 'none' });
    // Not a new sale: Numbers counts the same orders, pieces and revenue as before.
    expect(await stats()).toEqual(sales);
    // Declining an accepted exchange is refused; the same accept again changes nothing.
    expect((await act(exchange.id, 'decline', { reason: 'No' })).statusCode).toBe(409);
    expect((await act(exchange.id, 'accept')).statusCode).toBe(200);
    expect(await mailsOf('exchange-accepted')).toHaveLength(1);

    // The M piece back, its materials on the shelf again: 20 cm of cord, 23 beads.
    const back = await act(exchange.id, 'receive', { choice: 'reuse' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().exchange).toMatchObject({ receivedChoice: 'reuse' });
    expect(await stock(cord)).toMatchObject({ onHand: 120, reserved: 22 });
    expect(await stock(bead)).toMatchObject({ onHand: 223, reserved: 26 });
    // Once: marked again the other way is refused, the same way changes nothing.
    expect((await act(exchange.id, 'receive', { choice: 'restock' })).statusCode).toBe(409);
    expect((await act(exchange.id, 'receive', { choice: 'reuse' })).statusCode).toBe(200);
    expect(await stock(cord)).toMatchObject({ onHand: 120 });
    expect((await act(exchange.id, 'receive', { choice: 'melt' })).statusCode).toBe(400);

    // The new piece posted (twice at once): its materials used for good, off Today's front, one e-mail.
    const parcel = { carrier: 'an_post', trackingNumber: 'CE000111222IE' };
    const sent = await Promise.all([
      act(exchange.id, 'dispatch', parcel),
      act(exchange.id, 'dispatch', parcel),
    ]);
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(sent[0]?.json().exchange.dispatchedAt).not.toBeNull();
    expect(await stock(cord)).toMatchObject({ onHand: 98, reserved: 0 });
    expect(await stock(bead)).toMatchObject({ onHand: 197, reserved: 0 });
    expect(await mailsOf('exchange-dispatched')).toHaveLength(1);
    const [onItsWay] = await mailsOf('exchange-dispatched');
    expect(onItsWay?.subject).toContain('is on its way');
    const after = (await owner('GET', '/api/admin/today')).json() as { make: { remake?: boolean }[] };
    expect(after.make.some((m) => m.remake)).toBe(false);
    expect((await act(exchange.id, 'dispatch', { carrier: 'pigeon', trackingNumber: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('a size the materials cannot make is not offered; restocked keeps the materials as they are', async () => {
    const { reference, key } = await delivered();
    const { cord } = await billOfMaterials();
    // Only enough cord left for a Small: 18 < 22 for a Large.
    const patched = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/materials/${cord}`,
      headers: auth,
      payload: { onHand: 19 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const refused = await ask(reference, { key, lineId: 0, size: 'L' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^size/);
    const small = await ask(reference, { key, lineId: 0, size: 'S' });
    expect(small.statusCode, small.body).toBe(201);
    const id = (small.json() as { exchange: ExchangeInfo }).exchange.id;
    expect((await act(id, 'accept')).statusCode).toBe(200);
    expect((await act(id, 'receive', { choice: 'restock' })).json().exchange.receivedChoice).toBe('restock');
    expect(await stock(cord)).toMatchObject({ onHand: 19, reserved: 18 });
  });

  it('declines with a reason, and the shopper is told once', async () => {
    const { reference, key } = await delivered();
    const { exchange } = (await ask(reference, { key, lineId: 0, size: 'L' })).json() as {
      exchange: ExchangeInfo;
    };
    const bare = await act(exchange.id, 'decline', { reason: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toContain('reason');
    const [a, b] = await Promise.all([
      act(exchange.id, 'decline', { reason: 'That design is no longer made in Large' }),
      act(exchange.id, 'decline', { reason: 'That design is no longer made in Large' }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json().exchange).toMatchObject({ status: 'declined' });
    expect(await mailsOf('exchange-declined')).toHaveLength(1);
    expect((await act(exchange.id, 'accept')).statusCode).toBe(409);
    expect((await act(999_999, 'accept')).statusCode).toBe(404);
    // A declined exchange frees the line for another request.
    expect((await ask(reference, { key, lineId: 0, size: 'S' })).statusCode).toBe(201);
  });

  it('every e-mail to the shopper links to her order page with a key of its own that opens it', async () => {
    const { reference, key } = await delivered();
    const asked = async (lineId: number, size: string) => {
      const res = await ask(reference, { key, lineId, size });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { exchange: ExchangeInfo }).exchange.id;
    };
    const swapped = await asked(0, 'L');
    const refused = await asked(1, 'M');
    expect((await act(swapped, 'accept')).statusCode).toBe(200);
    expect(
      (await act(refused, 'decline', { reason: 'That design is no longer made in Medium' })).statusCode,
    ).toBe(200);
    const sent = await act(swapped, 'dispatch', { carrier: 'an_post', trackingNumber: 'CE000111333IE' });
    expect(sent.statusCode, sent.body).toBe(200);

    const keys = new Set<string>([key]);
    for (const kind of [
      'exchange-receipt',
      'exchange-accepted',
      'exchange-declined',
      'exchange-dispatched',
    ]) {
      const mails = await mailsOf(kind);
      expect(mails.length, kind).toBeGreaterThan(0);
      for (const mail of mails) {
        expect(mail.recipient, kind).toBe('aoife@example.ie');
        const link = ORDER_PAGE_LINK.exec(mail.text_body);
        expect(link?.[1], `${kind}: ${mail.text_body}`).toBe(reference);
        const mailed = link?.[2] ?? '';
        expect(mail.html_body, kind).toContain(`key=${mailed}`);
        // The page the link opens: the browser posts the link's reference and key (they never reach a URL).
        const page = await shop.app.inject({
          method: 'POST',
          url: '/api/order-page',
          payload: { reference, key: mailed },
        });
        expect(page.statusCode, kind).toBe(200);
        expect((page.json() as { order: OrderPage }).order.reference).toBe(reference);
        keys.add(mailed);
      }
    }
    // One key per e-mail (two receipts, the accept, the decline, the dispatch), none of them hers.
    expect(keys.size).toBe(6);
  });

  it('a dearer size is charged by a payment link; a cheaper one refunded through the refund path', async () => {
    sizedPrices = true;
    const { reference, key } = await delivered();
    const up = (await ask(reference, { key, lineId: 0, size: 'L' })).json() as { exchange: ExchangeInfo };
    expect(up.exchange.difference).toBe(600);
    const accepted = await act(up.exchange.id, 'accept');
    expect(accepted.json().exchange).toMatchObject({ status: 'accepted', settlement: 'payment-link' });
    expect(links).toEqual([{ amount: 600, exchangeId: up.exchange.id }]);

    const before = await detail(reference);
    const down = (await ask(reference, { key, lineId: 1, size: 'M' })).json() as { exchange: ExchangeInfo };
    // Product 5 Small for Medium: Medium costs 500 more than Small here.
    expect(down.exchange.difference).toBe(500);
    const next = await delivered();
    const cheaper = (await ask(next.reference, { key: next.key, lineId: 0, size: 'S' })).json() as {
      exchange: ExchangeInfo;
    };
    expect(cheaper.exchange.difference).toBe(-500);
    const refunded = await act(cheaper.exchange.id, 'accept');
    expect(refunded.json().exchange).toMatchObject({ settlement: 'refund' });
    const after = await detail(next.reference);
    expect(after.refunded).toBe(500);
    expect(after.timeline.some((t) => t.kind === 'refund')).toBe(true);
    expect(before.refunded).toBe(0);
    // Same price: no settlement, nothing refunded.
    sizedPrices = false;
  });
});
