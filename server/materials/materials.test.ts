/**
 * The maker's materials through the real app on both databases (docs/product/materials.md §23): the
 * owner's list, purchases at a weighted average, bad values named, makers reading but not buying; a
 * product's bill of materials with buildable; and the last 5 clasps' worth sold by 30 checkouts at once on
 * two instances: exactly 5 orders paid, no stock left, the product paused on both within 5 s; a refund
 * before making gives the clasp back and the product returns.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import {
  buildTestApp,
  GALWAY_CARD_FORM,
  outboxSettled,
  payAndConfirm,
  TEST_PUBLIC_URL,
  tempDataDir,
} from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS } from '../../tests/support/test-database';
import { NEWSLETTER_MAIL_KINDS } from '../newsletter';
import { OUTBOX_DIR } from '../platform';

const ADMIN_TOKEN = 'materials-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };

const apps: FastifyInstance[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function shop(dialect: (typeof TEST_DIALECTS)[number], instances: number) {
  const data = tempDataDir();
  cleanups.push(data.remove);
  const database = await createTestDatabase(dialect, data.dir, { migrated: true });
  cleanups.push(() => database.remove());
  const started: FastifyInstance[] = [];
  for (let i = 0; i < instances; i++) {
    const app = await buildTestApp(
      { DATA_DIR: data.dir, ADMIN_TOKEN, RATE_LIMITS: 'off', ...database.env },
      { cataloguePollMs: 500 },
    );
    apps.push(app);
    started.push(app);
  }
  dataDirs.set(started[0] as FastifyInstance, data.dir);
  return started;
}

const dataDirs = new WeakMap<FastifyInstance, string>();

/** The e-mails of one kind the shop's outbox wrote (both instances share one data folder). */
function mails(app: FastifyInstance, kind: string): string[] {
  const dir = path.join(dataDirs.get(app) ?? '', OUTBOX_DIR);
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`));
  } catch {
    return [];
  }
  return files.map((f) =>
    readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
}

function owner(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
}

/** Polls `check` until it holds or `ms` pass (the catalogue reaches other instances by its poll). */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const productOf = (app: FastifyInstance, id: string) => {
  const product = app.catalogue.source.current().products.find((p) => p.id === id);
  if (!product) throw new Error(`no product ${id}`);
  return product;
};

describe.each(TEST_DIALECTS)('materials on %s', (dialect) => {
  it('the owner keeps materials and purchases; bad values are named; makers read but do not buy', async () => {
    const [app] = await shop(dialect, 1);
    if (!app) throw new Error('no app');
    const made = await owner(app, 'POST', '/api/admin/materials', {
      name: '6 mm garnet',
      unit: 'bead',
      onHand: 30,
      lowStock: 20,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { material } = made.json();
    expect(material).toMatchObject({ name: '6 mm garnet', unit: 'bead', onHand: 30, unitCost: null });

    const bought = await owner(app, 'POST', `/api/admin/materials/${material.id}/purchases`, {
      quantity: 100,
      cost: 1550,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    // Stock counted in by hand has no cost: the purchase's own, 15.5 -> 16 cents.
    expect(bought.json().material).toMatchObject({ onHand: 130, unitCost: 16 });
    const again = await owner(app, 'POST', `/api/admin/materials/${material.id}/purchases`, {
      quantity: 30,
      cost: 300,
    });
    // (130 x 16 + 300) / 160 = 14.875 -> 15.
    expect(again.json().material).toMatchObject({ onHand: 160, unitCost: 15 });

    for (const [url, payload, field] of [
      ['/api/admin/materials', { name: 'x', unit: 'litre', onHand: 1, lowStock: 0 }, 'unit'],
      ['/api/admin/materials', { name: 'x', unit: 'bead', onHand: -1, lowStock: 0 }, 'onHand'],
      ['/api/admin/materials', { name: 'x', unit: 'bead', onHand: 1.5, lowStock: 0 }, 'onHand'],
      [`/api/admin/materials/${material.id}/purchases`, { quantity: 0, cost: 100 }, 'quantity'],
      [`/api/admin/materials/${material.id}/purchases`, { quantity: 1, cost: 9.5 }, 'cost'],
    ] as const) {
      const res = await owner(app, 'POST', url, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(field);
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/materials' })).statusCode).toBe(401);

    const person = await app.platform.people.create({
      name: 'Niamh',
      email: 'maker@example.ie',
      role: 'maker',
    });
    if (!person) throw new Error('no maker');
    const { secret } = await app.platform.sessions.create('127.0.0.1', { personId: person.id, device: null });
    const maker = { cookie: `solas_admin=${secret}`, origin: TEST_PUBLIC_URL };
    const read = await app.inject({ method: 'GET', url: '/api/admin/materials', headers: maker });
    expect(read.statusCode).toBe(200);
    expect(read.json().materials).toHaveLength(1);
    const buy = await app.inject({
      method: 'POST',
      url: `/api/admin/materials/${material.id}/purchases`,
      headers: maker,
      payload: { quantity: 1, cost: 1 },
    });
    expect(buy.statusCode).toBe(403);

    const csv = await owner(app, 'GET', '/api/admin/materials.csv');
    expect(csv.body).toContain('6 mm garnet,bead,160,20,15');
  });

  it('a bill of materials per size answers what can be made and what a piece costs', async () => {
    const [app] = await shop(dialect, 1);
    if (!app) throw new Error('no app');
    const cord = (
      await owner(app, 'POST', '/api/admin/materials', { name: 'Cord', unit: 'cm', onHand: 100, lowStock: 0 })
    ).json().material;
    const bead = (
      await owner(app, 'POST', '/api/admin/materials', {
        name: 'Bead',
        unit: 'bead',
        onHand: 90,
        lowStock: 0,
      })
    ).json().material;
    await owner(app, 'POST', `/api/admin/materials/${bead.id}/purchases`, { quantity: 10, cost: 200 });
    await owner(app, 'PUT', '/api/admin/materials/settings', {
      hourlyRate: 2400,
      packaging: 150,
      multiplier: 250,
    });
    const put = await owner(app, 'PUT', '/api/admin/products/1/materials', {
      sizes: {
        S: [
          { materialId: cord.id, quantity: 18 },
          { materialId: bead.id, quantity: 20 },
        ],
        M: [
          { materialId: cord.id, quantity: 20 },
          { materialId: bead.id, quantity: 23 },
        ],
        L: [
          { materialId: cord.id, quantity: 22 },
          { materialId: bead.id, quantity: 26 },
        ],
      },
      minutes: { S: 30, M: 30, L: 35 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await owner(app, 'GET', '/api/admin/products/1/materials');
    expect(got.json().buildable).toEqual({ S: 5, M: 4, L: 3 });
    // M: 23 beads x 20c = 460; 30 minutes of €24/h = 1200; packaging 150: 1810, x 2.5 = 4525.
    expect(got.json().cost.M).toEqual({
      materials: 460,
      labour: 1200,
      packaging: 150,
      total: 1810,
      suggestedPrice: 4525,
    });
    const bad = await owner(app, 'PUT', '/api/admin/products/1/materials', {
      sizes: { S: [{ materialId: 'mat_nope', quantity: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('sizes.S[0].materialId');
  });

  it("Today names what the queue is short of and the first order blocked; Numbers shows each product's margin", async () => {
    const [app] = await shop(dialect, 1);
    if (!app) throw new Error('no app');
    // Paid before its bill of materials was set: nothing was reserved for it.
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: 'early@example.ie', items: [{ id: '2', quantity: 2, size: 'S' }], zone: 'IE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(app, sessionId, 'early@example.ie');
    const [order] = await app.platform.db.selectFrom('orders').select(['reference', 'total']).execute();
    const silver = (
      await owner(app, 'POST', '/api/admin/materials', {
        name: 'Silver clasp',
        unit: 'piece',
        onHand: 0,
        lowStock: 2,
      })
    ).json().material;
    await owner(app, 'POST', `/api/admin/materials/${silver.id}/purchases`, { quantity: 1, cost: 300 });
    await owner(app, 'PUT', '/api/admin/materials/settings', {
      hourlyRate: 1200,
      packaging: 100,
      multiplier: 300,
    });
    await owner(app, 'PUT', '/api/admin/products/2/materials', {
      sizes: { S: [{ materialId: silver.id, quantity: 1 }] },
      minutes: { S: 20 },
    });
    const today = (await owner(app, 'GET', '/api/admin/today')).json();
    expect(today.shortages).toEqual([
      { materialId: silver.id, name: 'Silver clasp', needed: 2, onHand: 1, shortBy: 1 },
    ]);
    expect(today.canMake.firstBlocked).toBe(order?.reference);
    expect(today.canMake.lowStock).toMatchObject([{ id: silver.id, onHand: 1, toBuy: 2 }]);

    const day = irishDate(new Date());
    const stats = (
      await owner(app, 'GET', `/api/admin/stats?from=${addDays(day, -1)}&to=${addDays(day, 1)}`)
    ).json();
    const margin = stats.margins.find((m: { productId: string }) => m.productId === '2');
    // Two pieces: 2 x 300 materials, 2 x 20 minutes of €12/h = 800 labour, 2 x 100 packaging.
    expect(margin).toMatchObject({ materialsCost: 600, labourCost: 800 });
    expect(margin.margin).toBe(margin.revenue - 600 - 800 - 200);
  });

  it('30 checkouts at once on two instances for the last 5 clasps: 5 open, 25 refused, 5 paid, none left, paused on both; a refund gives one back', async () => {
    const [one, two] = await shop(dialect, 2);
    if (!one || !two) throw new Error('no apps');
    const clasp = (
      await owner(one, 'POST', '/api/admin/materials', {
        name: 'Gold clasp',
        unit: 'piece',
        onHand: 5,
        lowStock: 1,
      })
    ).json().material;
    const set = await owner(one, 'PUT', '/api/admin/products/1/materials', {
      sizes: {
        S: [{ materialId: clasp.id, quantity: 1 }],
        M: [{ materialId: clasp.id, quantity: 1 }],
        L: [{ materialId: clasp.id, quantity: 1 }],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const instance = (i: number) => (i % 2 === 0 ? one : two);

    const attempts = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const app = instance(i);
        const email = `shopper${i}@example.ie`;
        const res = await app.inject({
          method: 'POST',
          url: '/api/checkout',
          payload: { email, items: [{ id: '1', quantity: 1, size: 'M' }], zone: 'IE' },
        });
        if (res.statusCode !== 200) return { checkout: res.statusCode, error: res.json().error as string };
        // The hold is taken when the checkout opens: a checkout that opened is paid, whatever came after.
        const { sessionId } = res.json() as { sessionId: string };
        await app.inject({
          method: 'POST',
          url: `/test-checkout/${sessionId}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ ...GALWAY_CARD_FORM, email }).toString(),
        });
        const confirmed = await instance(i + 1).inject({
          method: 'POST',
          url: `/api/orders/${sessionId}/confirm`,
          payload: {},
        });
        return { checkout: 200, confirmed: confirmed.statusCode };
      }),
    );
    const opened = attempts.filter((a) => a.checkout === 200);
    expect(opened, JSON.stringify(attempts)).toHaveLength(5);
    expect(opened.every((a) => a.confirmed === 200)).toBe(true);
    const refusedAll = attempts.filter((a) => a.checkout !== 200);
    expect(refusedAll).toHaveLength(25);
    for (const r of refusedAll) {
      expect(r.checkout).toBe(400);
      expect(r.error).toMatch(/^items\[0\]\.size: /);
    }
    // Nothing was stored for a refused checkout.
    expect(await one.platform.db.selectFrom('orders').select('id').execute()).toHaveLength(5);
    const paid = await one.platform.db
      .selectFrom('orders')
      .select(['id', 'reference'])
      .where('status', '=', 'paid')
      .execute();
    expect(paid, JSON.stringify(attempts)).toHaveLength(5);
    const [stock] = (await owner(one, 'GET', '/api/admin/materials')).json().materials;
    expect(stock).toMatchObject({ onHand: 5, reserved: 5, low: true });
    for (const app of [one, two])
      expect(await within(5_000, () => productOf(app, '1').status === 'paused')).toBe(true);
    expect(productOf(two, '1').unmakeableSizes).toEqual(['S', 'M', 'L']);
    const shown = (await two.inject({ method: 'GET', url: '/api/products/1' })).json();
    expect(shown.product.status).toBe('paused');
    expect(shown.product.sizes.map((s: { available: boolean }) => s.available)).toEqual([
      false,
      false,
      false,
    ]);

    // Once every instance serves it, a checkout of the size is refused naming it.
    const refused = await two.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: 'late@example.ie', items: [{ id: '1', quantity: 1, size: 'M' }], zone: 'IE' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^items\[0\]\.size: /);

    // A shopper waits for it (double opt-in, as any back-in-stock request).
    const asked = await two.inject({
      method: 'POST',
      url: '/api/products/1/notify',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'waiting@example.ie' },
    });
    expect(asked.statusCode).toBe(202);
    await outboxSettled(two);
    const confirmation = mails(one, NEWSLETTER_MAIL_KINDS.backInStockConfirmation)[0] ?? '';
    const token = /\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]{32})/.exec(confirmation)?.[1] ?? '';
    expect(token).not.toBe('');
    const confirmed = await one.inject({
      method: 'POST',
      url: `/back-in-stock/confirm?token=${token}`,
      headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(confirmed.statusCode).toBe(200);

    // A refund before making gives the clasp back: the product is active again on both.
    const reference = paid[0]?.reference;
    const refund = await owner(two, 'POST', `/api/admin/orders/${reference}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);
    const [after] = (await owner(one, 'GET', '/api/admin/materials')).json().materials;
    expect(after).toMatchObject({ onHand: 5, reserved: 4 });
    for (const app of [one, two])
      expect(await within(5_000, () => productOf(app, '1').status === 'active')).toBe(true);
    expect(productOf(one, '1').unmakeableSizes).toBeUndefined();
    const back = (await one.inject({ method: 'GET', url: '/api/products/1' })).json();
    expect(back.product.sizes.every((s: { available: boolean }) => s.available)).toBe(true);

    // Its return sends the waiting notice, once, though both instances saw the product come back.
    await expect
      .poll(() => mails(one, NEWSLETTER_MAIL_KINDS.backInStock).length, { timeout: 10_000 })
      .toBe(1);
    await outboxSettled(one);
    await outboxSettled(two);
    expect(mails(one, NEWSLETTER_MAIL_KINDS.backInStock)).toHaveLength(1);

    // Dispatching a paid order uses its clasp for good.
    const made = paid[1]?.reference;
    const dispatched = await owner(one, 'POST', `/api/admin/orders/${made}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'RR123456789IE',
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const [used] = (await owner(one, 'GET', '/api/admin/materials')).json().materials;
    expect(used).toMatchObject({ onHand: 4, reserved: 3 });
  }, 60_000);

  it('a checkout holds its materials while open; an expired or cancelled one gives them back', async () => {
    const [app] = await shop(dialect, 1);
    if (!app) throw new Error('no app');
    const clasp = (
      await owner(app, 'POST', '/api/admin/materials', {
        name: 'Clasp',
        unit: 'piece',
        onHand: 2,
        lowStock: 0,
      })
    ).json().material;
    await owner(app, 'PUT', '/api/admin/products/1/materials', {
      sizes: { M: [{ materialId: clasp.id, quantity: 1 }] },
    });
    const open = async (quantity: number) =>
      app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: { email: 'hold@example.ie', items: [{ id: '1', quantity, size: 'M' }], zone: 'IE' },
      });
    const stock = async () => (await owner(app, 'GET', '/api/admin/materials')).json().materials[0];

    const first = await open(2);
    expect(first.statusCode, first.body).toBe(200);
    expect(await stock()).toMatchObject({ onHand: 2, reserved: 2 });
    // Held by an open checkout: no other can take it (refused naming the line, nothing stored).
    const second = await open(1);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatch(/^items\[0\]\.size: /);
    expect(await app.platform.db.selectFrom('orders').select('id').execute()).toHaveLength(1);

    // The checkout expires: its hold goes back and the size can be bought again.
    const { sessionId } = first.json() as { sessionId: string };
    await app.payments.provider.expireSession(sessionId);
    const confirmed = await app.checkout.service.confirm(sessionId);
    expect(confirmed.body.status).toBe('expired');
    expect(await stock()).toMatchObject({ onHand: 2, reserved: 0 });
    await expect.poll(() => productOf(app, '1').unmakeableSizes ?? []).toEqual([]);

    // A cancelled checkout gives its hold back at once.
    const third = await open(1);
    expect(third.statusCode, third.body).toBe(200);
    expect(await stock()).toMatchObject({ reserved: 1 });
    await app.checkout.service.cancelled(third.json().sessionId);
    expect(await stock()).toMatchObject({ reserved: 0 });
  });

  it('a payment whose hold lapsed is never refused: the order is paid and Today shows the shortage', async () => {
    const [app] = await shop(dialect, 1);
    if (!app) throw new Error('no app');
    const clasp = (
      await owner(app, 'POST', '/api/admin/materials', {
        name: 'Clasp',
        unit: 'piece',
        onHand: 1,
        lowStock: 0,
      })
    ).json().material;
    await owner(app, 'PUT', '/api/admin/products/1/materials', {
      sizes: { M: [{ materialId: clasp.id, quantity: 1 }] },
    });
    const checkout = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: { email, items: [{ id: '1', quantity: 1, size: 'M' }], zone: 'IE' },
      });
    const late = await checkout('late@example.ie');
    expect(late.statusCode, late.body).toBe(200);
    const { sessionId } = late.json() as { sessionId: string };
    const [{ id: orderId } = { id: '' }] = await app.platform.db.selectFrom('orders').select('id').execute();
    // Its hold lapses (given back as on expiry) while the shopper is still paying; another takes the clasp.
    await app.checkout.holds.release(orderId);
    const other = await checkout('quick@example.ie');
    expect(other.statusCode, other.body).toBe(200);
    await payAndConfirm(app, other.json().sessionId, 'quick@example.ie');

    await payAndConfirm(app, sessionId, 'late@example.ie');
    const orders = await app.platform.db.selectFrom('orders').select('status').execute();
    expect(orders.map((o) => o.status)).toEqual(['paid', 'paid']);
    const [stock] = (await owner(app, 'GET', '/api/admin/materials')).json().materials;
    expect(stock).toMatchObject({ onHand: 1, reserved: 1 });
    const today = (await owner(app, 'GET', '/api/admin/today')).json();
    expect(today.shortages).toEqual([
      { materialId: clasp.id, name: 'Clasp', needed: 2, onHand: 1, shortBy: 1 },
    ]);
    // A second release of a paid order gives nothing back.
    await app.checkout.holds.release(orderId);
    expect((await owner(app, 'GET', '/api/admin/materials')).json().materials[0]).toMatchObject({
      reserved: 1,
    });
  });
});
