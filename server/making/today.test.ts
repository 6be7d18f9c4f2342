/**
 * The making queue, the owner's settings and the desk's Today on the real app, on SQLite and PostgreSQL,
 * with a fixed clock: Wednesday 21 October 2026, 10:00 Irish time (Monday 26 October is the October bank
 * holiday). Forty one-piece orders at a capacity of 8 step their stored dates a working day every 8
 * orders; concurrent payments never share the last piece of a day; the confirm answer and the desk carry
 * `dispatchBy`; Today lists what to make, dispatch and chase; a failed e-mail is sent again.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import { queueOfPublished } from '../../domain/making/making-queue';
import { SETTINGS_MESSAGES, type TodayResponse } from '../../domain/making/today';
import { TIMELINE_KINDS } from '../../domain/orders/admin-api';
import { formatDayMonth, type IsoDate } from '../../domain/shared/calendar-date';
import { GALWAY_CARD_FORM, outboxSettled } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';
import { dispatchView } from '../../web/src/features/making/dispatch-view';
import { piecesOf } from '../orders';
import { deskStepWords, planToday, type QueuedOrder } from './today';

const TOKEN = 'today-owner-token-0123';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const WEDNESDAY = new Date('2026-10-21T09:00:00Z');
/** The pages' settings when the owner saved none: Monday to Friday, no closures, not away. */
const FIRST_START = {
  closures: [],
  workingDays: [1, 2, 3, 4, 5],
  away: { mode: 'off', until: null },
} as const;

let shop: TestShop;
let app: FastifyInstance;

async function openCheckout(quantity = 1, id = '2'): Promise<string> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: 'ciara@example.ie', items: [{ id, quantity }], zone: 'IE' },
  });
  expect(checkout.statusCode).toBe(200);
  return (checkout.json() as { sessionId: string }).sessionId;
}

async function pay(sessionId: string): Promise<{ dispatchBy?: string; delivery?: { dispatch: string } }> {
  const paid = await app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(GALWAY_CARD_FORM).toString(),
  });
  expect(paid.statusCode).toBeLessThan(400);
  const confirm = await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return confirm.json();
}

function admin(method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object, headers = {}) {
  return app.inject({ method, url, headers: { ...AUTH, ...headers }, ...(payload ? { payload } : {}) });
}

describe.each(TEST_DIALECTS)('the making queue and the desk’s Today on %s', (dialect) => {
  beforeEach(async () => {
    shop = await startTestShop(
      dialect,
      {
        ADMIN_TOKEN: TOKEN,
        MAKING_CAPACITY_PER_DAY: '8',
      },
      { now: () => WEDNESDAY },
    );
    app = shop.app;
  });

  afterEach(() => shop.stop());

  it('pays 40 one-piece orders at capacity 8: the dates step a working day every 8 orders, over the bank holiday', async () => {
    const dates: string[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await pay(await openCheckout());
      expect(answer.dispatchBy).toBe(answer.delivery?.dispatch);
      dates.push(answer.dispatchBy ?? '');
    }
    const expected = ['2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-11-02'];
    expect(dates).toEqual(expected.flatMap((d) => Array<string>(8).fill(d)));
    // The stored date never changes once paid: confirming again answers the same date.
    const rows = await app.platform.db.selectFrom('orders').select(['session_id', 'dispatch_date']).execute();
    const first = rows.find((r) => r.dispatch_date === '2026-10-27');
    const again = await app.inject({
      method: 'POST',
      url: `/api/orders/${first?.session_id}/confirm`,
      payload: {},
    });
    expect(again.json()).toMatchObject({ dispatchBy: '2026-10-27' });
    // The desk's order carries the same date; the pages learn the queue from /runtime-env.js.
    const reference = orderReference(first?.session_id ?? '');
    expect((await admin('GET', `/api/admin/orders/${reference}`)).json()).toMatchObject({
      dispatchBy: '2026-10-27',
    });
    app.making.queue.invalidate();
    const script = await app.inject({ method: 'GET', url: '/runtime-env.js' });
    // The pages are told the days the queue adds and the capacity, never the pieces queued.
    expect(script.body).toContain(
      'window.__SOLAS_QUEUE__=Object.freeze({"days":5,"capacity":8,"quiet":false});',
    );
    // Forty orders opened and paid one after another: a few seconds on a quiet machine, past the suite's
    // 20 s on a busy one. The bound is for a hang, not a budget.
  }, 90_000);

  it('a cart and a checkout of the same pieces show the same date, which the payment stores', async () => {
    // One piece ahead: an order of two fits the start day exactly, but the pages never learn that.
    await pay(await openCheckout());
    app.making.queue.invalidate();
    const script = (await app.inject({ method: 'GET', url: '/runtime-env.js' })).body;
    const published = /window\.__SOLAS_QUEUE__=Object\.freeze\((\{[^}]*\})\)/.exec(script)?.[1];
    const cart = dispatchView(WEDNESDAY, 'IE', FIRST_START, queueOfPublished(JSON.parse(published ?? '')), 2);
    const sessionId = await openCheckout(2);
    const page = (await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` })).body;
    expect(page).toContain(`Dispatched by ${cart.dispatchBy};`);
    const paid = await pay(sessionId);
    expect(formatDayMonth(paid.dispatchBy as IsoDate)).toBe(cart.dispatchBy);
  });

  it('two payments at once never take the same last piece of a day', async () => {
    const sessions: string[] = [];
    for (let i = 0; i < 16; i++) sessions.push(await openCheckout());
    const answers = await Promise.all(sessions.map((s) => pay(s)));
    const count = (d: string) => answers.filter((a) => a.dispatchBy === d).length;
    expect([count('2026-10-27'), count('2026-10-28')]).toEqual([8, 8]);
  });

  it('a lower capacity set on the desk moves the next order later; dispatched orders release their days', async () => {
    for (let i = 0; i < 4; i++) await pay(await openCheckout());
    const lowered = await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: 2 });
    expect(lowered.json()).toMatchObject({
      ok: true,
      settings: { makingCapacityPerDay: 2, earlyBird: null },
    });
    // 4 ahead at 2 a day: two days of making before this order's piece.
    expect((await pay(await openCheckout())).dispatchBy).toBe('2026-10-29');
    await app.platform.db
      .updateTable('orders')
      .set({ dispatched_at: WEDNESDAY.toISOString(), desk_status: 'dispatched' })
      .where('status', '=', 'paid')
      .execute();
    expect((await pay(await openCheckout())).dispatchBy).toBe('2026-10-27');
  });

  it('gift cards are no pieces: an order of cards alone takes no making capacity, and its page promises no dispatch', async () => {
    await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: 2 });
    for (let i = 0; i < 4; i++) await pay(await openCheckout());
    /** A checkout of `count` cards alone, its hosted page promising no dispatch. */
    const cardsAlone = async (count: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: {
          email: 'ciara@example.ie',
          items: [],
          giftCardsFrom: 'Seán Murphy',
          zone: 'IE',
          giftCards: Array.from({ length: count }, (_, i) => ({
            amount: 2000,
            recipientName: `Friend ${i}`,
            recipientEmail: `friend${i}@example.ie`,
          })),
        },
      });
      expect(res.statusCode).toBe(200);
      const { sessionId } = res.json() as { sessionId: string };
      const page = await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
      // Nothing is made or posted: the payment page promises no dispatch at all.
      expect(page.body).not.toContain('data-testid="delivery-promise"');
      return { sessionId };
    };
    await cardsAlone(1);
    const five = await cardsAlone(5);
    await pay(five.sessionId);
    // Delivered at payment; put back among the statuses the queue reads, its five cards still make nothing.
    await app.platform.db
      .updateTable('orders')
      .set({ desk_status: 'paid', delivered_at: null })
      .where('session_id', '=', five.sessionId)
      .execute();
    // 4 ahead at 2 a day, as without the cards.
    expect((await pay(await openCheckout())).dispatchBy).toBe('2026-10-29');
  });

  it('settings: the shape, the validation, an audit row per change and none for a repeat', async () => {
    expect((await admin('GET', '/api/admin/settings')).json()).toMatchObject({
      ok: true,
      settings: { makingCapacityPerDay: 8, earlyBird: null },
    });
    expect((await app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    for (const bad of [0, 1001, 2.5, '8', null]) {
      const res = await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: SETTINGS_MESSAGES.capacity });
    }
    expect((await admin('PATCH', '/api/admin/settings', {})).json()).toEqual({
      ok: false,
      error: SETTINGS_MESSAGES.nothingToChange,
    });
    expect((await admin('PATCH', '/api/admin/settings', { other: 1 })).statusCode).toBe(400);
    const key = { 'idempotency-key': 'settings-once-1' };
    const changed = await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: 12 }, key);
    expect(changed.json()).toMatchObject({
      ok: true,
      settings: { makingCapacityPerDay: 12, earlyBird: null },
    });
    await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: 12 }, key);
    await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: 12 });
    const audit = await app.platform.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'settings')
      .execute();
    expect(audit.map((a) => a.detail)).toEqual(['8 -> 12 pieces a day']);
    expect((await admin('GET', '/api/admin/settings')).json()).toMatchObject({
      settings: { makingCapacityPerDay: 12 },
    });
  });

  it('the early-bird price: set, validated field by field, audited once per change, sent to the pages', async () => {
    const terms = { percent: 20, minPieces: 12, until: '2026-12-20' };
    const bad: [unknown, string][] = [
      [{ ...terms, percent: 0 }, SETTINGS_MESSAGES.earlyBirdPercent],
      [{ ...terms, percent: 91 }, SETTINGS_MESSAGES.earlyBirdPercent],
      [{ ...terms, percent: 12.5 }, SETTINGS_MESSAGES.earlyBirdPercent],
      [{ ...terms, minPieces: 1 }, SETTINGS_MESSAGES.earlyBirdMinPieces],
      [{ ...terms, minPieces: '20' }, SETTINGS_MESSAGES.earlyBirdMinPieces],
      [{ ...terms, until: '2026-02-30' }, SETTINGS_MESSAGES.earlyBirdUntil],
      [{ ...terms, until: '20/12/2026' }, SETTINGS_MESSAGES.earlyBirdUntil],
      [{ percent: 20, minPieces: 12 }, SETTINGS_MESSAGES.earlyBirdUntil],
      [{ ...terms, code: 'X' }, SETTINGS_MESSAGES.earlyBird],
      ['15%', SETTINGS_MESSAGES.earlyBird],
    ];
    for (const [earlyBird, error] of bad) {
      const res = await admin('PATCH', '/api/admin/settings', { earlyBird });
      expect(res.statusCode, JSON.stringify(earlyBird)).toBe(400);
      expect(res.json()).toEqual({ ok: false, error });
    }
    // Refused whole: a valid capacity beside a bad price changes nothing either.
    await admin('PATCH', '/api/admin/settings', {
      makingCapacityPerDay: 3,
      earlyBird: { ...terms, percent: 0 },
    });
    expect((await admin('GET', '/api/admin/settings')).json()).toMatchObject({
      ok: true,
      settings: { makingCapacityPerDay: 8, earlyBird: null },
    });

    const set = await admin('PATCH', '/api/admin/settings', { earlyBird: terms });
    expect(set.json()).toMatchObject({ ok: true, settings: { makingCapacityPerDay: 8, earlyBird: terms } });
    await admin('PATCH', '/api/admin/settings', {
      earlyBird: { until: '2026-12-20', minPieces: 12, percent: 20 },
    });
    await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: 8, earlyBird: null });
    const audit = await app.platform.db
      .selectFrom('admin_audit')
      .select(['target', 'detail'])
      .where('action', '=', 'settings')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { target: 'earlyBird', detail: 'off -> 20% from 12 pieces through 2026-12-20' },
      { target: 'earlyBird', detail: '20% from 12 pieces through 2026-12-20 -> off' },
    ]);

    // The pages hear of each change at once on this instance (the PATCH forgets the cached state).
    await admin('PATCH', '/api/admin/settings', { earlyBird: { ...terms, until: '2099-12-31' } });
    const on = await app.inject({ method: 'GET', url: '/runtime-env.js' });
    expect(on.body).toContain(
      'window.__SOLAS_EARLY_BIRD__=Object.freeze({"percent":20,"minPieces":12,"until":"2099-12-31","lastDay":"31 December"});',
    );
    // A last day that has passed is no price at all.
    await admin('PATCH', '/api/admin/settings', { earlyBird: { ...terms, until: '2020-01-31' } });
    const ended = await app.inject({ method: 'GET', url: '/runtime-env.js' });
    expect(ended.body).toContain('window.__SOLAS_EARLY_BIRD__=null;');
  });

  it('Today: what to make up to the capacity, what to dispatch today, late orders, the outbox and Send again', async () => {
    await admin('PATCH', '/api/admin/settings', { makingCapacityPerDay: 3 });
    const late = await pay(await openCheckout(2, '2'));
    const today = await pay(await openCheckout(2, '1'));
    await pay(await openCheckout(1, '3'));
    const db = app.platform.db;
    const sessions = await db
      .selectFrom('orders')
      .select(['id', 'session_id', 'paid_at'])
      .orderBy('paid_at')
      .execute();
    const [lateRow, todayRow, nextRow] = sessions;
    await db
      .updateTable('orders')
      .set({ dispatch_date: '2026-10-20' })
      .where('id', '=', lateRow?.id ?? '')
      .execute();
    await db
      .updateTable('orders')
      .set({ dispatch_date: '2026-10-21' })
      .where('id', '=', todayRow?.id ?? '')
      .execute();
    // The third working day from Wednesday, over the Monday bank holiday: Thursday, Friday, Tuesday.
    await db
      .updateTable('orders')
      .set({ dispatch_date: '2026-10-27' })
      .where('id', '=', nextRow?.id ?? '')
      .execute();
    expect(late.dispatchBy).toBeDefined();
    expect(today.dispatchBy).toBeDefined();
    const lines = await db
      .selectFrom('order_lines')
      .select(['order_id', 'product_id', 'name', 'size'])
      .execute();
    const lineOf = (id: string | undefined) => lines.find((l) => l.order_id === id);

    await app.platform.outbox.idle();
    const failedId = (await db.selectFrom('outbox').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: '550 no such user' })
      .where('id', '=', failedId)
      .execute();

    const res = await admin('GET', '/api/admin/today');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TodayResponse;
    const lateRef = orderReference(lateRow?.session_id ?? '');
    const todayRef = orderReference(todayRow?.session_id ?? '');
    const nextRef = orderReference(nextRow?.session_id ?? '');
    expect(body).toMatchObject({
      ok: true,
      date: '2026-10-21',
      capacity: 3,
      late: [{ reference: lateRef, dispatchBy: '2026-10-20' }],
      dispatch: [{ reference: todayRef, dispatchBy: '2026-10-21' }],
      upcoming: [{ reference: nextRef, dispatchBy: '2026-10-27' }],
      outbox: { waiting: 0, failed: 1 },
    });
    // The late order's 2 pieces, then 1 of the 2 due today: 3, the day's capacity.
    const late0 = lineOf(lateRow?.id);
    const today0 = lineOf(todayRow?.id);
    // Each line with the orders it is for, so the desk links them.
    expect(body.make).toEqual([
      { productId: late0?.product_id, name: late0?.name, size: late0?.size, pieces: 2, orders: [lateRef] },
      {
        productId: today0?.product_id,
        name: today0?.name,
        size: today0?.size,
        pieces: 1,
        orders: [todayRef],
      },
    ]);
    expect(body.outbox.oldestAgeSeconds).toEqual(expect.any(Number));
    expect(body.health.database).toEqual({ dialect, reachable: true });
    expect(body.health.queuedPieces).toBe(5);
    // Paid on the test checkout (no provider webhook): the last payment is the newest paid order's.
    expect(body.health.lastPaymentEventAt).toEqual(expect.any(String));
    expect(body.outbox.failedMail).toEqual([
      expect.objectContaining({ id: failedId, error: '550 no such user' }),
    ]);

    const again = await admin('POST', `/api/admin/outbox/${failedId}/retry`);
    expect(again.json()).toEqual({ ok: true });
    expect((await admin('POST', `/api/admin/outbox/${failedId}/retry`)).statusCode).toBe(404);
    await outboxSettled(app);
    const after = (await admin('GET', '/api/admin/today')).json() as TodayResponse;
    expect(after.outbox.failed).toBe(0);

    // The desk's steps today, each naming who took it (a Bearer script: "API token"), in a few words.
    expect(after.doneToday).toEqual([]);
    const started = await admin('POST', `/api/admin/orders/${todayRef}/status`, { status: 'in_production' });
    expect(started.statusCode).toBe(200);
    const done = ((await admin('GET', '/api/admin/today')).json() as TodayResponse).doneToday;
    expect(done).toEqual([
      { at: expect.any(String), reference: todayRef, what: 'Production started', by: 'API token' },
    ]);

    // A day later than the third working day is not yet listed.
    await db
      .updateTable('orders')
      .set({ dispatch_date: '2026-10-28' })
      .where('id', '=', nextRow?.id ?? '')
      .execute();
    expect(((await admin('GET', '/api/admin/today')).json() as TodayResponse).upcoming).toEqual([]);
  });
});

describe('piecesOf', () => {
  it('counts the bracelets of an order, none for an order of gift cards alone', () => {
    const bracelets = { item_count: 2, subtotal: 7800, discount: 0, total: 7800, gift_cards_sold: 0 };
    expect(piecesOf(bracelets)).toBe(2);
    // Three cards alone: the column keeps 3 (its CHECK is > 0), the pieces are none.
    const cards = { item_count: 3, subtotal: 6000, discount: 0, total: 6000, gift_cards_sold: 6000 };
    expect(piecesOf(cards)).toBe(0);
  });

  it('counts the bracelets of an order of bracelets and cards whose bracelets a code made free', () => {
    // Two bracelets (€78.00 before the code, €0.00 after), delivered free, and a €20.00 card: the order's
    // total is its card's, yet it has two pieces to make.
    const mixed = { item_count: 2, subtotal: 2000, discount: 7800, total: 2000, gift_cards_sold: 2000 };
    expect(piecesOf(mixed)).toBe(2);
  });
});

describe('deskStepWords', () => {
  it('words a step without the text that can carry a reason or an address', () => {
    expect(deskStepWords({ kind: 'refund', text: 'Refunded €12.00: Mary Byrne asked', amount: 1200 })).toBe(
      'Refunded €12.00',
    );
    expect(
      deskStepWords({ kind: 'changed', text: 'Changed before dispatch: address "1 Main St"', amount: null }),
    ).toBe('Changed before dispatch');
    expect(deskStepWords({ kind: 'cancelled', text: 'Cancelled: Mary changed her mind', amount: null })).toBe(
      'Cancelled',
    );
    expect(deskStepWords({ kind: 'status', text: 'Marked delivered', amount: null })).toBe(
      'Marked delivered',
    );
    expect(
      deskStepWords({
        kind: 'return',
        text: 'Return 2 opened: 1 x Sea Glass. Reason: Mary says',
        amount: null,
      }),
    ).toBe('Return 2 opened');
  });

  it('names a price set by hand as such, and every step with a capital, in words', () => {
    expect(
      deskStepWords({
        kind: 'changed',
        text: 'Price of line 1 (Sea Glass (Medium)): €30.00 instead of €35.00. Reason: Fair discount',
        amount: null,
      }),
    ).toBe('Price set by hand');
    expect(
      deskStepWords({ kind: 'created', text: 'Order taken in the desk by phone or at a fair', amount: null }),
    ).toBe('Order taken');
    expect(deskStepWords({ kind: 'paid', text: 'Paid €35.00 in cash', amount: null })).toBe('Marked paid');
    expect(deskStepWords({ kind: 'needs_review', text: 'x', amount: null })).toBe('Marked for review');
    for (const kind of TIMELINE_KINDS) {
      const words = deskStepWords({ kind, text: 'something happened', amount: null });
      expect(words.charAt(0), kind).toBe(words.charAt(0).toUpperCase());
    }
  });
});

describe('planToday', () => {
  const order = (reference: string, dispatchBy: string, quantity: number): QueuedOrder => ({
    reference,
    dispatchBy: dispatchBy as QueuedOrder['dispatchBy'],
    lines: [{ productId: '1', name: 'First Light', size: 'M', quantity }],
  });

  it('gives each line of Make today the orders it is for, and lists the next working days’ dispatches', () => {
    // Friday 23 October 2026: the next three working days are Tuesday 27 (after the bank holiday), 28, 29.
    const queue = [
      order('SOL-AAAAAAAA', '2026-10-23', 2),
      order('SOL-BBBBBBBB', '2026-10-27', 3),
      order('SOL-CCCCCCCC', '2026-10-29', 1),
      order('SOL-DDDDDDDD', '2026-10-30', 1),
    ];
    const plan = planToday(queue, 6, '2026-10-23' as QueuedOrder['dispatchBy'], {
      closures: [
        { from: '2026-10-28' as QueuedOrder['dispatchBy'], to: '2026-10-28' as QueuedOrder['dispatchBy'] },
      ],
    });
    expect(plan.make).toEqual([
      {
        productId: '1',
        name: 'First Light',
        size: 'M',
        pieces: 6,
        orders: ['SOL-AAAAAAAA', 'SOL-BBBBBBBB', 'SOL-CCCCCCCC'],
      },
    ]);
    expect(plan.dispatch.map((o) => o.reference)).toEqual(['SOL-AAAAAAAA']);
    // The owner's closure on the 28th moves the third working day to the 30th.
    expect(plan.upcoming.map((o) => o.reference)).toEqual(['SOL-BBBBBBBB', 'SOL-CCCCCCCC', 'SOL-DDDDDDDD']);
  });

  it("names the channel of an order that is not a web order (a quote's, the owner's own)", () => {
    const today = '2026-10-23' as QueuedOrder['dispatchBy'];
    const queue: QueuedOrder[] = [
      { ...order('SOL-WEBWEBWE', '2026-10-23', 1), channel: 'web' },
      { ...order('SOL-QUOTEQUO', '2026-10-23', 1), channel: 'quote' },
      { ...order('SOL-PHONEPHO', '2026-10-22', 1), channel: 'manual' },
    ];
    const plan = planToday(queue, 6, today);
    expect(plan.dispatch).toEqual([
      { reference: 'SOL-WEBWEBWE', dispatchBy: '2026-10-23' },
      { reference: 'SOL-QUOTEQUO', dispatchBy: '2026-10-23', channel: 'quote' },
    ]);
    expect(plan.late).toEqual([{ reference: 'SOL-PHONEPHO', dispatchBy: '2026-10-22', channel: 'manual' }]);
  });
});
