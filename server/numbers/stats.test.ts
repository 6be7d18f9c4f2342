/**
 * The desk's Numbers on the real app, on SQLite and PostgreSQL: orders made through the checkout, the test
 * payment page and the confirmation, then placed on fixed payment instants (Irish days around a month's
 * edge and summer time), one refunded in part, one unpaid, one of another provider. The totals, the series
 * by day, week and month, the best sellers, the sizes and the CSV are checked against those orders; bad
 * queries are 400s naming the field; the routes are the owner's. Margins are read from the stored priced
 * lines and credit notes of an order with a code, VAT at 23% and a refund in part, to the cent; the margins
 * per order are the newest 100 of 105 paid orders (copies of one order's rows, written at once).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MARGINS_LIMIT } from '../../domain/numbers/margins';
import { STATS_API, STATS_MAX_DAYS, STATS_MESSAGES, type StatsResponse } from '../../domain/numbers/stats';
import { payAndConfirm } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';

const TOKEN = 'stats-owner-token-0123';
const SHOPPER = 'ciara@example.ie';
const OWNER = { authorization: `Bearer ${TOKEN}` };

let shop: TestShop;
let app: FastifyInstance;

interface Item {
  readonly id: string;
  readonly quantity: number;
  readonly size?: 'S' | 'M' | 'L';
}

/** A checkout through the API; paid through the test checkout's page and the confirmation when `pay`. */
async function order(items: readonly Item[], options: { giftWrap?: boolean; pay: boolean }): Promise<string> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: SHOPPER, items, giftWrap: options.giftWrap ?? false, zone: 'IE' },
  });
  expect(checkout.statusCode).toBe(200);
  const { sessionId } = checkout.json() as { sessionId: string };
  if (options.pay) await payAndConfirm(app, sessionId, SHOPPER);
  const row = await app.platform.db
    .selectFrom('orders')
    .select('id')
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Places an order on a fixed instant (created and, when paid, paid then) and sets what was refunded. */
async function place(id: string, at: string, changes: { refunded?: number; provider?: string } = {}) {
  const row = await app.platform.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await app.platform.db
    .updateTable('orders')
    .set({ created_at: at, ...(row.status === 'paid' ? { paid_at: at } : {}), ...changes })
    .where('id', '=', id)
    .execute();
}

/**
 * `count` copies of a paid order's row and lines, the k-th paid `k` minutes after `from`, written in one
 * transaction: what Numbers reads of an order, without a checkout each (a hundred checkouts through the
 * test payment page take about 10 s a database). Their references, in the order they were paid.
 */
async function copiesOf(id: string, count: number, from: string): Promise<string[]> {
  return app.platform.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', id).execute();
    const copies = Array.from({ length: count }, (_, i) => {
      const k = i + 1;
      const at = new Date(Date.parse(from) + k * 60_000).toISOString();
      const n = String(k).padStart(3, '0');
      return {
        ...row,
        id: `${row.id}-copy-${n}`,
        session_id: `${row.session_id ?? row.id}-copy-${n}`,
        reference: `SOL-COPY${n}`,
        request_key: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
      };
    });
    await trx.insertInto('orders').values(copies).execute();
    await trx
      .insertInto('order_lines')
      .values(copies.flatMap((copy) => lines.map((line) => ({ ...line, order_id: copy.id }))))
      .execute();
    return copies.map((c) => c.reference);
  });
}

async function totalOf(id: string): Promise<number> {
  const row = await app.platform.db
    .selectFrom('orders')
    .select('total')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.total;
}

async function stats(query: string) {
  return app.inject({ method: 'GET', url: `${STATS_API.stats}?${query}`, headers: OWNER });
}

describe.each(TEST_DIALECTS)('the desk’s Numbers on %s', (dialect) => {
  beforeEach(async () => {
    shop = await startTestShop(dialect, {
      ADMIN_TOKEN: TOKEN,
      OWNER_EMAIL: 'owner@solas.test',
    });
    app = shop.app;
  });

  afterEach(() => shop.stop());

  it('adds up paid orders by Irish day, week and month, net of refunds', async () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in Ireland (summer time): a July order.
    const a = await order([{ id: '2', quantity: 2, size: 'S' }], { giftWrap: true, pay: true });
    await place(a, '2026-06-30T23:30:00.000Z');
    // Tuesday 7 July, refunded 10.00 in part.
    const b = await order(
      [
        { id: '1', quantity: 1, size: 'L' },
        { id: '2', quantity: 1 },
      ],
      { pay: true },
    );
    await place(b, '2026-07-07T10:00:00.000Z', { refunded: 1000 });
    // 22:59 UTC on 31 July is 23:59 Irish: still July. 23:00 UTC is 1 August: outside the range.
    const c = await order([{ id: '1', quantity: 3, size: 'M' }], { pay: true });
    await place(c, '2026-07-31T22:59:00.000Z');
    const late = await order([{ id: '1', quantity: 1 }], { pay: true });
    await place(late, '2026-07-31T23:00:00.000Z');
    // 23:30 UTC on 30 June in Ireland is July; 22:30 UTC on 30 June is still June: outside.
    const early = await order([{ id: '1', quantity: 1 }], { pay: true });
    await place(early, '2026-06-30T22:30:00.000Z');
    // A checkout opened in July and never paid.
    const unpaid = await order([{ id: '2', quantity: 1 }], { pay: false });
    await place(unpaid, '2026-07-15T12:00:00.000Z');
    // Another provider's order (e.g. made before the shop switched): not this shop's numbers.
    const other = await order([{ id: '2', quantity: 5 }], { pay: true });
    await place(other, '2026-07-08T12:00:00.000Z', { provider: 'stripe' });

    const [ta, tb, tc] = [await totalOf(a), await totalOf(b), await totalOf(c)];
    const res = await stats('from=2026-07-01&to=2026-07-31&by=month');
    expect(res.statusCode).toBe(200);
    const body = res.json() as StatsResponse;
    const revenue = ta + tb - 1000 + tc;
    expect(body.ok).toBe(true);
    expect(body.testMode).toBe(true);
    expect(body.totals).toEqual({
      revenue,
      refunds: 1000,
      orders: 3,
      pieces: 2 + 2 + 3,
      averageOrder: Math.round(revenue / 3),
      checkoutsStarted: 4,
      checkoutsPaid: 3,
      giftWrapped: 1,
    });
    expect(body.series).toEqual([{ start: '2026-07-01', revenue, orders: 3, pieces: 7 }]);
    expect(body.sizes).toEqual({ S: 2, M: 4, L: 1 });
    expect(body.bestSellers.map((p) => [p.productId, p.pieces])).toEqual([
      ['1', 4],
      ['2', 3],
    ]);
    const lines = await app.platform.db
      .selectFrom('order_lines')
      .select(['product_id', 'line_total'])
      .where('order_id', 'in', [a, b, c])
      .execute();
    for (const seller of body.bestSellers) {
      const expected = lines
        .filter((l) => l.product_id === seller.productId)
        .reduce((s, l) => s + l.line_total, 0);
      expect(seller.revenue).toBe(expected);
      expect(seller.name.length).toBeGreaterThan(0);
    }

    // By day: every day of July, the three orders on their Irish days.
    const byDay = (await stats('from=2026-07-01&to=2026-07-31&by=day')).json() as StatsResponse;
    expect(byDay.series).toHaveLength(31);
    expect(byDay.series.filter((p) => p.orders > 0)).toEqual([
      { start: '2026-07-01', revenue: ta, orders: 1, pieces: 2 },
      { start: '2026-07-07', revenue: tb - 1000, orders: 1, pieces: 2 },
      { start: '2026-07-31', revenue: tc, orders: 1, pieces: 3 },
    ]);
    // By week: Mondays, the first one before the range (29 June), the last 27 July.
    const byWeek = (await stats('from=2026-07-01&to=2026-07-31&by=week')).json() as StatsResponse;
    expect(byWeek.series.map((p) => p.start)).toEqual([
      '2026-06-29',
      '2026-07-06',
      '2026-07-13',
      '2026-07-20',
      '2026-07-27',
    ]);
    expect(byWeek.series.map((p) => p.orders)).toEqual([1, 1, 0, 0, 1]);
    expect(byWeek.totals).toEqual(body.totals);

    // The CSV: the same series, amounts in euro; an audit row says who exported what.
    const csv = await app.inject({
      method: 'GET',
      url: `${STATS_API.statsCsv}?from=2026-07-01&to=2026-07-31&by=week`,
      headers: OWNER,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(
      'solas-numbers-2026-07-01-to-2026-07-31-by-week.csv',
    );
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('Period start,Revenue (EUR),Orders,Pieces');
    expect(rows.slice(1)).toEqual(
      byWeek.series.map((p) => `${p.start},${(p.revenue / 100).toFixed(2)},${p.orders},${p.pieces}`),
    );
    const audit = await app.platform.db.selectFrom('admin_audit').select(['action', 'detail']).execute();
    expect(audit).toContainEqual({ action: 'export-stats', detail: '2026-07-01..2026-07-31 by week' });
  });

  it('leaves an order refunded in full out of the orders, pieces, best sellers and sizes; its refund counts', async () => {
    const kept = await order([{ id: '1', quantity: 1, size: 'M' }], { pay: true });
    await place(kept, '2026-09-10T10:00:00.000Z');
    const voided = await order([{ id: '2', quantity: 3, size: 'L' }], { pay: true });
    const voidedTotal = await totalOf(voided);
    await place(voided, '2026-09-10T11:00:00.000Z', { refunded: voidedTotal });
    const body = (await stats('from=2026-09-10&to=2026-09-10&by=day')).json() as StatsResponse;
    const keptTotal = await totalOf(kept);
    expect(body.totals).toMatchObject({
      revenue: keptTotal,
      refunds: voidedTotal,
      orders: 1,
      pieces: 1,
      averageOrder: keptTotal,
    });
    expect(body.series).toEqual([{ start: '2026-09-10', revenue: keptTotal, orders: 1, pieces: 1 }]);
    expect(body.bestSellers.map((b) => [b.productId, b.pieces])).toEqual([['1', 1]]);
    expect(body.sizes).toEqual({ S: 0, M: 1, L: 0 });
    expect(body.channels?.web).toEqual({ orders: 1, pieces: 1, revenue: keptTotal });
  });

  it('margins: what the shop kept net of VAT after the discount and a refund, less the costs, per product and per order', async () => {
    const owner = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: OWNER, ...(payload ? { payload } : {}) });
    expect(
      (
        await owner('PATCH', '/api/admin/settings', {
          vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'no_sale' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await owner('POST', '/api/admin/discounts', { code: 'TENOFF', percentOff: 10 })).statusCode).toBe(
      201,
    );
    const clasp = (
      await owner('POST', '/api/admin/materials', {
        name: 'Silver clasp',
        unit: 'piece',
        onHand: 10,
        lowStock: 1,
      })
    ).json().material;
    await owner('POST', `/api/admin/materials/${clasp.id}/purchases`, { quantity: 1, cost: 300 });
    await owner('PUT', '/api/admin/materials/settings', {
      hourlyRate: 1200,
      packaging: 100,
      multiplier: 300,
    });
    await owner('PUT', '/api/admin/products/2/materials', {
      sizes: { S: [{ materialId: clasp.id, quantity: 1 }] },
      minutes: { S: 20 },
    });
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: {
        email: SHOPPER,
        items: [
          { id: '1', quantity: 1, size: 'M' },
          { id: '2', quantity: 2, size: 'S' },
        ],
        giftWrap: false,
        zone: 'IE',
        discountCode: 'TENOFF',
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { sessionId } = checkout.json() as { sessionId: string };
    await payAndConfirm(app, sessionId, SHOPPER);
    const paid = await app.platform.db
      .selectFrom('orders')
      .select(['id', 'reference'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const refund = await owner('POST', `/api/admin/orders/${paid.reference}/refund`, {
      amount: 1000,
      reason: 'Scratched',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await place(paid.id, '2026-07-07T10:00:00.000Z');
    // An older order, priced before its lines were stored: its gross less the VAT at its stored rate.
    const older = await order([{ id: '1', quantity: 1, size: 'M' }], { pay: true });
    await app.platform.db.deleteFrom('order_vat').where('order_id', '=', older).execute();
    await app.platform.db.updateTable('orders').set({ vat_rate_bp: 2300 }).where('id', '=', older).execute();
    await place(older, '2026-07-08T10:00:00.000Z');

    const body = (await stats('from=2026-07-01&to=2026-07-31')).json() as StatsResponse;
    // By hand. Both pieces cost 40.00 each: line 1 (product 1, M) 40.00, line 2 (product 2, S, two) 80.00.
    // TENOFF, 10% shared by the allocation rule: 4.00 and 8.00 off, so 36.00 and 72.00 (no shipping: free).
    // VAT at 23% inside each line, half a cent up: 36.00 x 23/123 = 6.7317 -> 6.73, net 29.27;
    // 72.00 x 23/123 = 13.4634 -> 13.46, net 58.54.
    // The refund of 10.00 over what is left (36.00 and 72.00): 3.3333 -> 3.33 and 6.6667 -> 6.66, the cent
    // left to the larger remainder: 3.33 and 6.67. Their VAT: 3.33 x 23/123 = 0.6227 -> 0.62, net 2.71;
    // 6.67 x 23/123 = 1.2472 -> 1.25, net 5.42.
    // Kept: product 1 29.27 - 2.71 = 26.56; product 2 58.54 - 5.42 = 53.12; the order 79.68.
    // The older order: 40.00 less 40.00 x 23/123 = 7.4797 -> 7.48: 32.52. Product 1 in all: 26.56 + 32.52 = 59.08.
    // Product 2's costs: two pieces of one clasp at 3.00, 20 minutes at 12.00/h (4.00) and 1.00 packaging:
    // materials 6.00, labour 8.00, packaging 2.00; its margin 53.12 - 16.00 = 37.12. Product 1 has no bill
    // of materials: no costs, its margin is its revenue.
    expect(body.margins).toEqual([
      { productId: '1', revenue: 5908, materialsCost: 0, labourCost: 0, margin: 5908 },
      { productId: '2', revenue: 5312, materialsCost: 600, labourCost: 800, margin: 3712 },
    ]);
    // Newest first: the older order was placed on 8 July, the discounted one on 7 July.
    const olderReference = (
      await app.platform.db
        .selectFrom('orders')
        .select('reference')
        .where('id', '=', older)
        .executeTakeFirstOrThrow()
    ).reference;
    expect(body.orderMargins).toEqual([
      { reference: olderReference, revenue: 3252, materialsCost: 0, labourCost: 0, margin: 3252 },
      { reference: paid.reference, revenue: 7968, materialsCost: 600, labourCost: 800, margin: 6368 },
    ]);
  });

  it('margins per order: the newest 100 paid orders of the range, newest first', async () => {
    const first = await order([{ id: '1', quantity: 1, size: 'M' }], { pay: true });
    await place(first, '2026-07-01T09:00:00.000Z');
    const copies = await copiesOf(first, 104, '2026-07-01T09:00:00.000Z');
    const body = (await stats('from=2026-07-01&to=2026-07-31')).json() as StatsResponse;
    // Every one of the 105 orders counts in the totals; only the margins per order are capped.
    expect(body.totals.orders).toBe(105);
    expect(ORDER_MARGINS_LIMIT).toBe(100);
    const newest = [...copies].reverse().slice(0, ORDER_MARGINS_LIMIT);
    expect(body.orderMargins?.map((m) => m.reference)).toEqual(newest);
    // The five oldest (the order itself and the first four copies) fall off the end.
    expect(body.orderMargins?.some((m) => m.reference === copies[3])).toBe(false);
    expect(body.orderMargins?.[99]?.reference).toBe(copies[4]);
  });

  it('answers an empty range with zeros, every period present', async () => {
    const body = (await stats('from=2026-01-01&to=2026-03-31&by=month')).json() as StatsResponse;
    expect(body.totals).toEqual({
      revenue: 0,
      refunds: 0,
      orders: 0,
      pieces: 0,
      averageOrder: 0,
      checkoutsStarted: 0,
      checkoutsPaid: 0,
      giftWrapped: 0,
    });
    expect(body.series.map((p) => p.start)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(body.bestSellers).toEqual([]);
    expect(body.sizes).toEqual({ S: 0, M: 0, L: 0 });
  });

  it('refuses bad queries with a 400 naming the field, and anyone but the owner with a 401', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-01', STATS_MESSAGES.badFrom],
      ['from=yesterday&to=2026-03-01', STATS_MESSAGES.badFrom],
      ['from=2026-03-01&to=2026-13-01', STATS_MESSAGES.badTo],
      ['from=2026-03-02&to=2026-03-01', STATS_MESSAGES.toBeforeFrom],
      ['from=2024-01-01&to=2026-03-01', STATS_MESSAGES.tooLong],
      ['from=2026-03-01&to=2026-03-02&by=year', STATS_MESSAGES.badBy],
    ];
    for (const [query, message] of cases) {
      const res = await stats(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ ok: false, error: message });
    }
    const missing = await stats('to=2026-03-01');
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { error: string }).error).toMatch(/^from/);
    // The longest range allowed is answered.
    const longest = await stats(`from=2024-01-01&to=2026-01-02&by=month`);
    expect(STATS_MAX_DAYS).toBe(732);
    expect(longest.statusCode).toBe(200);
    for (const url of [STATS_API.stats, STATS_API.statsCsv]) {
      const res = await app.inject({ method: 'GET', url: `${url}?from=2026-03-01&to=2026-03-02` });
      expect(res.statusCode).toBe(401);
    }
  });
});
