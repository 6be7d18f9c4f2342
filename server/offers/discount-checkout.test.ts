/**
 * Discounts at checkout through the real app and the built-in test checkout: every refusal is a 400 with
 * its own reason and creates nothing, an applied code is charged and confirmed with its discount and shown
 * on the test checkout's page, the free-shipping threshold compares the items after the discount, the
 * early-bird tier applies without a code and wins over a smaller code, and 20 concurrent checkouts on two
 * instances sharing PostgreSQL give a code limited to 5 uses to exactly 5, a released use being taken again.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { codeRefusalMessage } from '../../domain/offers/discounts';
import { SEEDED_ZONES } from '../../domain/settings/storefront-settings';
import { irishDate } from '../../domain/shared/calendar-date';
import { cents } from '../../domain/shared/money';
import {
  buildTestApp,
  orderRows,
  outboxRows,
  payAndConfirm,
  tempDataDir,
} from '../../tests/support/test-app';
import { createTestDatabase, ROUTE_DIALECTS, type TestDatabase } from '../../tests/support/test-database';

const ADMIN_TOKEN = 'discount-checkout-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

const apps: FastifyInstance[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function start(env: Record<string, string> = {}, database?: TestDatabase): Promise<FastifyInstance> {
  const data = tempDataDir();
  cleanups.push(data.remove);
  const app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN, ...database?.env, ...env });
  apps.push(app);
  return app;
}

async function createCode(app: FastifyInstance, body: Record<string, unknown>): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/discounts', headers: auth, payload: body });
  expect(res.statusCode).toBe(201);
}

/** €40 + €30 in Ireland: €70 of items, free delivery. */
function cart(
  email: string,
  discountCode?: string,
  items = [
    { id: '1', quantity: 1 },
    { id: '5', quantity: 1 },
  ],
) {
  return { email, items, zone: 'IE', ...(discountCode === undefined ? {} : { discountCode }) };
}

async function checkout(app: FastifyInstance, body: unknown) {
  const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: body as object });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function confirm(app: FastifyInstance, sessionId: string) {
  const res = await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return res.json() as Record<string, unknown>;
}

const HOUR = 60 * 60 * 1000;

describe('a discount code at checkout (test checkout)', () => {
  it.each([
    ['unknown', 'NOSUCH', {}],
    ['inactive', 'OFF10', { active: false }],
    ['not-started', 'SOON10', { startsAt: new Date(Date.now() + HOUR).toISOString() }],
    ['expired', 'PAST10', { endsAt: new Date(Date.now() - HOUR).toISOString() }],
    ['minimum-not-met', 'BIG10', { minSubtotal: 10000 }],
  ] as const)(
    'refuses a code that is %s with its own message, creating nothing',
    async (reason, code, rule) => {
      const app = await start();
      if (reason !== 'unknown') await createCode(app, { code, percentOff: 10, ...rule });
      const res = await checkout(app, cart('aoife@example.ie', code.toLowerCase()));
      expect(res.status).toBe(400);
      const message = codeRefusalMessage(reason, code, {
        code,
        value: { kind: 'percent', percent: 10 },
        minSubtotal: cents(10000),
        startsAt: null,
        endsAt: null,
        maxUses: null,
        oncePerEmail: false,
        active: true,
      });
      expect(res.body).toEqual({ ok: false, error: message });
      expect(await orderRows(app)).toEqual([]);
    },
  );

  it('refuses a used-up code and a second use by the same address, each with its own message', async () => {
    const app = await start();
    await createCode(app, { code: 'ONCE', amountOff: 500, maxUses: 1 });
    await createCode(app, { code: 'MINE', amountOff: 500, oncePerEmail: true });
    const first = await checkout(app, cart('aoife@example.ie', 'ONCE'));
    expect(first.status).toBe(200);
    const again = await checkout(app, cart('niamh@example.ie', 'once'));
    expect(again).toEqual({ status: 400, body: { ok: false, error: codeRefusalMessage('used-up', 'ONCE') } });

    const mine = await checkout(app, cart('aoife@example.ie', 'MINE'));
    await payAndConfirm(app, String(mine.body.sessionId), 'aoife@example.ie');
    const second = await checkout(app, cart('AOIFE@example.ie', 'MINE'));
    expect(second).toEqual({
      status: 400,
      body: { ok: false, error: codeRefusalMessage('already-used', 'MINE') },
    });
    expect((await checkout(app, cart('niamh@example.ie', 'MINE'))).status).toBe(200);
    expect(await orderRows(app)).toHaveLength(3);
  });

  it('charges the discounted total, shows the line on the test checkout and confirms discount and code', async () => {
    const app = await start();
    await createCode(app, { code: 'XMAS15', percentOff: 15, minSubtotal: 6000, maxUses: 2 });
    const res = await checkout(app, cart('aoife@example.ie', ' xmas15 '));
    expect(res.status).toBe(200);
    const sessionId = String(res.body.sessionId);
    const page = await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
    // 15% of €70.00 is €10.50; delivery stays free (€59.50 of items is over the €40 threshold).
    expect(page.body).toMatch(/<dt>Discount \(XMAS15\)<\/dt><dd>-€10\.50<\/dd>/);
    expect(page.body).toContain('<dt>Total to pay</dt><dd>€59.50</dd>');
    await payAndConfirm(app, sessionId, 'aoife@example.ie');
    const confirmed = await confirm(app, sessionId);
    expect(confirmed).toMatchObject({
      status: 'paid',
      subtotal: 7000,
      discount: 1050,
      discountCode: 'XMAS15',
      shipping: 0,
      giftWrap: 0,
      total: 5950,
    });
    const list = await app.inject({ method: 'GET', url: '/api/admin/discounts', headers: auth });
    expect(list.json().discounts).toEqual([
      expect.objectContaining({ code: 'XMAS15', uses: 1, reserved: 0, revenue: 5950 }),
    ]);
    // Both e-mails, the desk and the orders CSV show the code and the discount.
    const mails = await outboxRows(app);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text_body).toContain('Discount (XMAS15): -€10.50');
      expect(mail.html_body).toContain('Discount (XMAS15)');
    }
    const reference = String(confirmed.reference);
    const desk = await app.inject({ method: 'GET', url: `/api/admin/orders/${reference}`, headers: auth });
    expect(desk.json()).toMatchObject({
      subtotal: 7000,
      discount: 1050,
      discountCode: 'XMAS15',
      total: 5950,
    });
    const day = irishDate(new Date());
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?from=${day}&to=${day}`,
      headers: auth,
    });
    expect(csv.body).toContain(',70.00,10.50,XMAS15,0.00,0.00,59.50,');
  });

  it('compares the free-shipping threshold with the items after the discount', async () => {
    const app = await start();
    await createCode(app, { code: 'FIVE', amountOff: 500 });
    // €40.00 of items ships free; €35.00 after the discount does not.
    const res = await checkout(app, cart('aoife@example.ie', 'FIVE', [{ id: '1', quantity: 1 }]));
    const sessionId = String(res.body.sessionId);
    await payAndConfirm(app, sessionId, 'aoife@example.ie');
    expect(await confirm(app, sessionId)).toMatchObject({
      subtotal: 4000,
      discount: 500,
      shipping: 495,
      total: 4000 - 500 + 495,
    });
  });

  it('an expired checkout releases its use, which the next shopper can take', async () => {
    const app = await start();
    await createCode(app, { code: 'LAST', percentOff: 10, maxUses: 1 });
    const first = await checkout(app, cart('aoife@example.ie', 'LAST'));
    expect((await checkout(app, cart('niamh@example.ie', 'LAST'))).status).toBe(400);
    await app.payments.provider.expireSession(String(first.body.sessionId));
    expect(await confirm(app, String(first.body.sessionId))).toMatchObject({ status: 'expired' });
    expect((await checkout(app, cart('niamh@example.ie', 'LAST'))).status).toBe(200);
  });
});

describe('cancelling on the test checkout', () => {
  it('"Cancel and return" ends the checkout and frees its use at once', async () => {
    const app = await start();
    await createCode(app, { code: 'LAST', percentOff: 10, maxUses: 1 });
    const first = await checkout(app, cart('aoife@example.ie', 'LAST'));
    const sessionId = String(first.body.sessionId);
    const page = await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
    expect(page.body).toContain(`href="/test-checkout/${sessionId}/cancel"`);
    expect((await checkout(app, cart('niamh@example.ie', 'LAST'))).status).toBe(400);
    const cancel = await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toMatch(/#\/payment-canceled$/);
    expect(await confirm(app, sessionId)).toMatchObject({ status: 'expired' });
    expect((await checkout(app, cart('niamh@example.ie', 'LAST'))).status).toBe(200);
  });
});

describe('the cart asks before the checkout (POST /api/discounts/check)', () => {
  it('answers the line, the new total and each refusal; nothing is reserved', async () => {
    const app = await start();
    await createCode(app, { code: 'XMAS15', percentOff: 15, minSubtotal: 6000, maxUses: 1 });
    const ask = (body: unknown) =>
      app.inject({ method: 'POST', url: '/api/discounts/check', payload: body as object });
    const applied = await ask({ code: 'xmas15', items: cart('a@example.ie').items, zone: 'IE' });
    expect(applied.json()).toEqual({
      ok: true,
      discount: 1050,
      discountCode: 'XMAS15',
      label: 'Discount (XMAS15)',
      shipping: 0,
      total: 5950,
    });
    const below = await ask({ code: 'XMAS15', items: [{ id: '1', quantity: 1 }], zone: 'IE' });
    expect(below.statusCode).toBe(400);
    // The code is what was refused: the cart drops a code it kept (docs/product/numbers.md §4.2a).
    expect(below.json().field).toBe('code');
    const unknownItem = await ask({ code: 'XMAS15', items: [{ id: '999', quantity: 1 }], zone: 'IE' });
    expect(unknownItem.statusCode).toBe(400);
    expect(unknownItem.json()).toEqual({ ok: false, error: expect.any(String) });
    expect(below.json().error).toBe(
      codeRefusalMessage('minimum-not-met', 'XMAS15', {
        code: 'XMAS15',
        value: { kind: 'percent', percent: 15 },
        minSubtotal: cents(6000),
        startsAt: null,
        endsAt: null,
        maxUses: 1,
        oncePerEmail: false,
        active: true,
      }),
    );
    const none = await ask({ items: [{ id: '1', quantity: 1 }] });
    expect(none.json()).toEqual({
      ok: true,
      discount: 0,
      discountCode: null,
      label: null,
      shipping: 0,
      total: 4000,
    });
    // Asking twice reserved nothing: the one use is still there for the checkout.
    expect((await checkout(app, cart('a@example.ie', 'XMAS15'))).status).toBe(200);
  });
});

describe.each(ROUTE_DIALECTS)('the cart and the checkout price alike on %s', (dialect) => {
  it("with the owner's shipping, the cart's total for a code is the amount the checkout charges", async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const database = await createTestDatabase(dialect, data.dir, { migrated: true });
    cleanups.push(() => database.remove());
    const app = await start({}, database);
    // Ireland €5.50, free from €60 (the first start's: €4.95, free from €40).
    const zones = SEEDED_ZONES.map((z) => (z.id === 'IE' ? { ...z, price: 550, freeFrom: 6000 } : z));
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { shipping: { zones } },
    });
    expect(saved.statusCode).toBe(200);
    await createCode(app, { code: 'XMAS15', percentOff: 15 });
    // €35 + €30 = €65 of items; €55.25 after 15% is under her €60: shipping is charged.
    const items = [
      { id: '3', quantity: 1 },
      { id: '5', quantity: 1 },
    ];
    const check = await app.inject({
      method: 'POST',
      url: '/api/discounts/check',
      payload: { code: 'XMAS15', items, zone: 'IE' },
    });
    expect(check.json()).toMatchObject({ ok: true, discount: 975, shipping: 550, total: 6075 });
    const res = await checkout(app, cart('aoife@example.ie', 'XMAS15', items));
    const sessionId = String(res.body.sessionId);
    await payAndConfirm(app, sessionId, 'aoife@example.ie');
    expect(await confirm(app, sessionId)).toMatchObject({
      discount: 975,
      shipping: check.json().shipping,
      total: check.json().total,
    });
  });
});

describe('the early-bird tier', () => {
  const TWENTY = [
    { id: '1', quantity: 10 },
    { id: '5', quantity: 10 },
  ];
  const until = irishDate(new Date(Date.now() + 48 * HOUR));

  it('applies without a code from 20 pieces, wins over a smaller code (not a refusal), and not below 20', async () => {
    const app = await start({ EARLY_BIRD_UNTIL: until });
    await createCode(app, { code: 'SMALL', amountOff: 1000 });
    const tier = await checkout(app, cart('aoife@example.ie', undefined, TWENTY));
    const small = await checkout(app, cart('niamh@example.ie', 'SMALL', TWENTY));
    expect(tier.status).toBe(200);
    expect(small.status).toBe(200);
    const page = await app.inject({ method: 'GET', url: `/test-checkout/${String(small.body.sessionId)}` });
    // 15% of €700.00.
    expect(page.body).toMatch(/<dt>Early bird<\/dt><dd>-€105\.00<\/dd>/);
    for (const [res, email] of [
      [tier, 'aoife@example.ie'],
      [small, 'niamh@example.ie'],
    ] as const) {
      await payAndConfirm(app, String(res.body.sessionId), email);
      expect(await confirm(app, String(res.body.sessionId))).toMatchObject({
        subtotal: 70000,
        discount: 10500,
        discountCode: null,
        total: 59500,
      });
    }
    const nineteen = await checkout(
      app,
      cart('aoife@example.ie', undefined, [
        { id: '1', quantity: 10 },
        { id: '5', quantity: 9 },
      ]),
    );
    await payAndConfirm(app, String(nineteen.body.sessionId), 'aoife@example.ie');
    expect(await confirm(app, String(nineteen.body.sessionId))).toMatchObject({
      discount: 0,
      discountCode: null,
    });
  });
});

describe.each(ROUTE_DIALECTS)('the early-bird price the owner sets on %s', (dialect) => {
  it('charges the desk’s new terms from the next checkout on, and none once turned off', async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const database = await createTestDatabase(dialect, data.dir, { migrated: true });
    cleanups.push(() => database.remove());
    const app = await start({ EARLY_BIRD_UNTIL: irishDate(new Date(Date.now() + 48 * HOUR)) }, database);
    const twenty = cart('aoife@example.ie', undefined, [
      { id: '1', quantity: 10 },
      { id: '5', quantity: 10 },
    ]);
    const until = irishDate(new Date(Date.now() + 10 * 24 * HOUR));
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { earlyBird: { percent: 25, minPieces: 20, until } },
    });
    expect(changed.json()).toMatchObject({ settings: { earlyBird: { percent: 25, minPieces: 20, until } } });
    const tier = await checkout(app, twenty);
    await payAndConfirm(app, String(tier.body.sessionId), 'aoife@example.ie');
    // 25% of €700.00, not the default 15%.
    expect(await confirm(app, String(tier.body.sessionId))).toMatchObject({
      subtotal: 70000,
      discount: 17500,
      discountCode: null,
      total: 52500,
    });
    await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { earlyBird: null },
    });
    const none = await checkout(app, twenty);
    await payAndConfirm(app, String(none.body.sessionId), 'aoife@example.ie');
    expect(await confirm(app, String(none.body.sessionId))).toMatchObject({ discount: 0, total: 70000 });
  });
});

describe('20 concurrent checkouts on two instances sharing PostgreSQL', () => {
  it('give a code limited to 5 uses to exactly 5; the others hear why; a released use is taken again', async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const database = await createTestDatabase('postgres', data.dir, { migrated: true });
    cleanups.push(() => database.remove());
    // 20 checkouts from one test client would meet the per-client checkout limit first.
    const one = await start({ RATE_LIMITS: 'off' }, database);
    const two = await start({ RATE_LIMITS: 'off' }, database);
    await createCode(one, { code: 'FIVEONLY', percentOff: 20, maxUses: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkout(i % 2 === 0 ? one : two, cart(`shopper${i}@example.ie`, 'FIVEONLY')),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(5);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r).toEqual({
        status: 400,
        body: { ok: false, error: codeRefusalMessage('used-up', 'FIVEONLY') },
      });
    }
    // Only the five checkouts exist: a refused one left nothing behind.
    expect(await orderRows(one)).toHaveLength(5);
    const released = String(won[0]?.body.sessionId);
    await one.payments.provider.expireSession(released);
    await confirm(two, released);
    expect((await checkout(two, cart('late@example.ie', 'FIVEONLY'))).status).toBe(200);
    expect((await checkout(one, cart('later@example.ie', 'FIVEONLY'))).status).toBe(400);
  });
});
