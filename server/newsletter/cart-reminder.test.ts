/**
 * The cart reminder through the real app on both databases (docs/product/states.md §5.10a): consent only when
 * ticked, the one e-mail when due and unpaid (none before, none when paid, none twice, one of two passes
 * racing), the link that re-prices the cart and names what can no longer be ordered without being used
 * up by a GET, and the rows' retention, export and erasure.
 */
import { describe, expect, it } from 'vitest';
import { CART_REMINDER_TEXT } from '../../domain/newsletter/cart-reminder';
import { shopSuite } from '../../tests/support/shop-suite';
import { outboxRows, outboxSettled, payAndConfirm, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';
import { loadConfig } from '../config';
import { cartReminderPass, cartReminderTimings } from './cart-reminder-job';
import { deleteExpiredCartReminders } from './cart-reminder-store';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';

const ADMIN_TOKEN = 'cart-reminder-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DELAY = DAY;

describe.each(TEST_DIALECTS)('the cart reminder (%s)', (dialect) => {
  const shop = shopSuite(() =>
    startTestApp(dialect, { ADMIN_TOKEN, RATE_LIMITS: 'off' }, { campaigns: false, cartReminders: false }),
  );

  const checkout = (email: string, extra: Record<string, unknown> = {}, items?: object[]) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { origin: TEST_PUBLIC_URL },
      payload: {
        email,
        items: items ?? [
          { id: '1', quantity: 2, size: 'M' },
          { id: '2', quantity: 1, size: 'S' },
        ],
        zone: 'IE',
        ...extra,
      },
    });

  const pass = (at: Date) =>
    cartReminderPass({
      db: shop.app.platform.db,
      store: shop.app.newsletter.cartReminders,
      delayMs: DELAY,
      publicUrl: TEST_PUBLIC_URL,
      catalogue: () => shop.app.catalogue.source.current(),
      now: () => at,
    });

  const rows = () => shop.app.platform.db.selectFrom('cart_reminders').selectAll().orderBy('id').execute();

  async function reminders(to?: string) {
    await outboxSettled(shop.app);
    return (await outboxRows(shop.app)).filter(
      (r) => r.kind === NEWSLETTER_MAIL_KINDS.cartReminder && (to === undefined || r.recipient === to),
    );
  }

  /** A reminder's e-mail as a claim queues it, its text the link's token. */
  const testMail = (row: { readonly orderId: string; readonly email: string }) => (token: string) => ({
    orderId: row.orderId,
    reference: 'SOL-TEST',
    kind: NEWSLETTER_MAIL_KINDS.cartReminder,
    to: row.email,
    subject: 's',
    text: token,
    html: token,
  });

  const tokenOf = (text: string) => /cart\?restore=([A-Za-z0-9_-]{32})/.exec(text)?.[1] ?? '';

  const setProduct = async (id: string, patch: Record<string, unknown>) => {
    const res = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: auth,
      payload: patch,
    });
    expect(res.statusCode).toBe(200);
  };

  it('refuses a remindMe that is not true or false with a 400 and a message', async () => {
    for (const remindMe of ['yes', 1, null]) {
      const res = await checkout('bad.body@example.ie', { remindMe });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: expect.any(String) });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('keeps nothing when the box is unticked or left out, and sends nothing for it', async () => {
    expect((await checkout('unticked@example.ie', { remindMe: false })).statusCode).toBe(200);
    expect((await checkout('absent@example.ie')).statusCode).toBe(200);
    expect(await rows()).toHaveLength(0);
    await pass(new Date(Date.now() + 2 * DAY));
    expect(await reminders()).toHaveLength(0);
  });

  it('stores the consent with its time, the address and the lines, never a price', async () => {
    const before = Date.now();
    const res = await checkout('Sorcha.Ticked@example.ie', { remindMe: true });
    expect(res.statusCode).toBe(200);
    const [row] = await rows();
    expect(row?.email).toBe('Sorcha.Ticked@example.ie');
    expect(row?.email_key).toBe('sorcha.ticked@example.ie');
    expect(row?.session_id).toBe(res.json().sessionId);
    expect(Date.parse(row?.consented_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.parse(row?.lines ?? '[]')).toEqual([
      { id: '1', size: 'M', quantity: 2 },
      { id: '2', size: 'S', quantity: 1 },
    ]);
    expect(row?.reminded_at).toBeNull();
    expect(row?.token_hash).toBeNull();
  });

  it('sends nothing before the delay, then exactly one e-mail, never a second', async () => {
    expect(await pass(new Date(Date.now() + DELAY - HOUR))).toMatchObject({ queued: 0 });
    expect(await reminders()).toHaveLength(0);
    expect(await pass(new Date(Date.now() + DELAY + HOUR))).toMatchObject({ queued: 1 });
    expect(await pass(new Date(Date.now() + DELAY + 2 * HOUR))).toMatchObject({ queued: 0 });
    const sent = await reminders('Sorcha.Ticked@example.ie');
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    const bracelet1 = shop.app.catalogue.source.current().products.find((p) => p.id === '1');
    expect(mail?.subject).toBe('Your Solas cart is still waiting');
    expect(mail?.text_body).toContain(`2 × ${bracelet1?.name}`);
    expect(mail?.text_body).toContain('single reminder you asked for');
    expect(mail?.text_body).toContain(`${TEST_PUBLIC_URL}/#/cart?restore=`);
    // The token is only in the e-mail: the row keeps its hash.
    const token = tokenOf(mail?.text_body ?? '');
    expect(token).toHaveLength(32);
    const [row] = await rows();
    expect(row?.token_hash).not.toBe(token);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('restores the cart at today’s prices, naming a paused and a retired bracelet, used once', async () => {
    const token = tokenOf((await reminders('Sorcha.Ticked@example.ie'))[0]?.text_body ?? '');
    const url = `/api/cart-reminders/${token}`;
    const before = await shop.app.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(200);
    const product1 = shop.app.catalogue.source.current().products.find((p) => p.id === '1');
    expect(before.json()).toMatchObject({
      ok: true,
      used: false,
      lines: [
        { id: '1', size: 'M', quantity: 2, unitPrice: product1?.price },
        { id: '2', size: 'S', quantity: 1 },
      ],
      unavailable: [],
    });
    // The catalogue changes after the e-mail: a new price, one bracelet paused, one retired.
    const newPrice = (product1?.price ?? 0) + 500;
    await setProduct('1', { price: newPrice });
    await setProduct('2', { status: 'paused', note: 'Back in spring' });
    const res2 = await checkout('other@example.ie', { remindMe: true }, [
      { id: '3', quantity: 1, size: 'M' },
    ]);
    expect(res2.statusCode).toBe(200);

    const after = await shop.app.inject({ method: 'GET', url });
    const name2 = shop.app.catalogue.source.current().products.find((p) => p.id === '2')?.name;
    expect(after.json()).toMatchObject({
      ok: true,
      used: false,
      lines: [{ id: '1', quantity: 2, unitPrice: newPrice }],
      unavailable: [{ id: '2', name: name2, reason: 'paused' }],
    });
    // A GET, however often (link scanners), uses nothing.
    expect((await shop.app.inject({ method: 'GET', url })).json()).toMatchObject({ used: false });

    const restored = await shop.app.inject({ method: 'POST', url, headers: { origin: TEST_PUBLIC_URL } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ ok: true, lines: [{ id: '1', unitPrice: newPrice }] });
    const again = await shop.app.inject({ method: 'POST', url, headers: { origin: TEST_PUBLIC_URL } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, error: CART_REMINDER_TEXT.used });
    expect((await shop.app.inject({ method: 'GET', url })).json()).toMatchObject({ ok: true, used: true });
    await setProduct('2', { status: 'active', note: '' });
  });

  it('names a retired bracelet too', async () => {
    await pass(new Date(Date.now() + DELAY + HOUR));
    const token = tokenOf((await reminders('other@example.ie'))[0]?.text_body ?? '');
    await setProduct('3', { status: 'retired' });
    const res = await shop.app.inject({ method: 'GET', url: `/api/cart-reminders/${token}` });
    const name3 = shop.app.catalogue.source.current().products.find((p) => p.id === '3')?.name;
    expect(res.json()).toMatchObject({
      ok: true,
      lines: [],
      unavailable: [{ id: '3', name: name3, reason: 'retired' }],
    });
    await setProduct('3', { status: 'active' });
  });

  it('answers 404 with a message for a malformed, unknown or foreign token', async () => {
    for (const token of ['short', 'x'.repeat(32), `${'a'.repeat(31)}!`, '../../admin']) {
      const get = await shop.app.inject({
        method: 'GET',
        url: `/api/cart-reminders/${encodeURIComponent(token)}`,
      });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ ok: false, error: CART_REMINDER_TEXT.unknown });
      const post = await shop.app.inject({
        method: 'POST',
        url: `/api/cart-reminders/${encodeURIComponent(token)}`,
        headers: { origin: TEST_PUBLIC_URL },
      });
      expect(post.statusCode).toBe(404);
    }
  });

  it('sends nothing for a paid order, nor for an earlier checkout of an address that paid since', async () => {
    const first = await checkout('paid.later@example.ie', { remindMe: true });
    const paying = await checkout('paid.later@example.ie', { remindMe: true });
    expect(first.statusCode).toBe(200);
    await payAndConfirm(shop.app, paying.json().sessionId, 'paid.later@example.ie');
    // The payment forgot both (orderPaid), before any pass.
    await expect
      .poll(async () => (await rows()).filter((r) => r.email_key === 'paid.later@example.ie').length)
      .toBe(0);
    await pass(new Date(Date.now() + 2 * DAY));
    expect(await reminders('paid.later@example.ie')).toHaveLength(0);
  });

  it('drops a due row whose order was paid while nobody listened (the pass checks the order)', async () => {
    const res = await checkout('missed.event@example.ie', { remindMe: true });
    const sessionId = res.json().sessionId as string;
    await payAndConfirm(shop.app, sessionId, 'missed.event@example.ie');
    // As if the instance had stopped between the payment and its event: the row is back.
    const order = await shop.app.platform.db
      .selectFrom('orders')
      .select('id')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    await shop.app.newsletter.cartReminders.record({
      orderId: order.id,
      sessionId,
      email: 'missed.event@example.ie',
      lines: [{ id: '1', size: 'M', quantity: 1 }],
      at: new Date(Date.now() - 1000),
    });
    expect(await pass(new Date(Date.now() + 2 * DAY))).toMatchObject({ queued: 0, dropped: 1 });
    expect(await reminders('missed.event@example.ie')).toHaveLength(0);
  });

  it('queues one e-mail when two passes (two instances) claim the same rows at once', async () => {
    await checkout('racing@example.ie', { remindMe: true });
    const at = new Date(Date.now() + DELAY + HOUR);
    const [a, b] = await Promise.all([pass(at), pass(at)]);
    expect((a?.queued ?? 0) + (b?.queued ?? 0)).toBe(1);
    const [due] = await shop.app.newsletter.cartReminders.due(new Date(at.getTime()), 0);
    expect(due).toBeUndefined();
    expect(await reminders('racing@example.ie')).toHaveLength(1);
  });

  it('a claim that lost its race queues nothing', async () => {
    await checkout('claims@example.ie', { remindMe: true });
    const at = new Date(Date.now() + DELAY + HOUR);
    const [row] = (await shop.app.newsletter.cartReminders.due(at, DELAY)).filter(
      (r) => r.emailKey === 'claims@example.ie',
    );
    if (!row) throw new Error('no due row');
    const mail = testMail(row);
    const outcomes = await Promise.all([
      shop.app.newsletter.cartReminders.claimAndQueue(row, mail, at),
      shop.app.newsletter.cartReminders.claimAndQueue(row, mail, at),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await reminders('claims@example.ie')).toHaveLength(1);
  });

  it('never queues a second reminder for one checkout, even if its row were claimable again', async () => {
    const [row] = (await rows()).filter((r) => r.email_key === 'claims@example.ie');
    if (!row) throw new Error('no claimed row');
    // As if the claim had been lost: the outbox's one e-mail per order and kind still refuses a copy.
    await shop.app.platform.db
      .updateTable('cart_reminders')
      .set({ reminded_at: null })
      .where('id', '=', row.id)
      .execute();
    const at = new Date(Date.now() + DELAY + HOUR);
    const [due] = (await shop.app.newsletter.cartReminders.due(at, DELAY)).filter((r) => r.id === row.id);
    if (!due) throw new Error('the row is not due again');
    await expect(shop.app.newsletter.cartReminders.claimAndQueue(due, testMail(due), at)).rejects.toThrow();
    expect(await reminders('claims@example.ie')).toHaveLength(1);
    // The refused transaction changed nothing: the row is as it was left.
    const [after] = (await rows()).filter((r) => r.id === row.id);
    expect(after?.reminded_at).toBeNull();
    await shop.app.platform.db
      .updateTable('cart_reminders')
      .set({ reminded_at: row.reminded_at })
      .where('id', '=', row.id)
      .execute();
  });

  it('sends an address one reminder in a week, however many checkouts ticked it', async () => {
    for (let i = 0; i < 13; i += 1) {
      const res = await checkout(i % 2 === 0 ? 'stranger@example.ie' : 'Stranger@Example.ie', {
        remindMe: true,
      });
      expect(res.statusCode).toBe(200);
    }
    const at = new Date(Date.now() + DELAY + HOUR);
    await pass(at);
    const sent = async () =>
      (await reminders()).filter((r) => r.recipient.toLowerCase() === 'stranger@example.ie');
    expect(await sent()).toHaveLength(1);
    // The other checkouts' rows went: that reminder was the one they asked for.
    expect((await rows()).filter((r) => r.email_key === 'stranger@example.ie')).toHaveLength(1);
    // Six days later the address ticks again: still nothing. Eight days later: its new reminder.
    await checkout('stranger@example.ie', { remindMe: true });
    await pass(new Date(at.getTime() + 6 * DAY));
    expect(await sent()).toHaveLength(1);
    await checkout('stranger@example.ie', { remindMe: true });
    await pass(new Date(at.getTime() + 8 * DAY));
    expect(await sent()).toHaveLength(2);
    await shop.app.platform.db
      .deleteFrom('cart_reminders')
      .where('email_key', '=', 'stranger@example.ie')
      .execute();
  });

  it('sends a mailbox one reminder in a week, whatever its +tag or Gmail dots', async () => {
    const spellings = [
      'ann.byrne@gmail.com',
      'annbyrne+1@gmail.com',
      'Ann.Byrne+cart@googlemail.com',
      'a.n.n.byrne@gmail.com',
      'annbyrne+x@GMAIL.com',
    ];
    for (const email of spellings) expect((await checkout(email, { remindMe: true })).statusCode).toBe(200);
    await pass(new Date(Date.now() + DELAY + HOUR));
    const sent = (await reminders()).filter((r) => /byrne/i.test(r.recipient));
    expect(sent).toHaveLength(1);
    expect((await rows()).filter((r) => r.mailbox_key === 'annbyrne@gmail.com')).toHaveLength(1);
    // A tag elsewhere is the same mailbox too; another person at the same provider is not.
    await checkout('niamh@example.ie', { remindMe: true });
    await checkout('niamh+shop@example.ie', { remindMe: true });
    await checkout('niamh.b@example.ie', { remindMe: true });
    await pass(new Date(Date.now() + DELAY + 2 * HOUR));
    expect((await reminders()).filter((r) => /niamh/i.test(r.recipient))).toHaveLength(2);
  });

  it('sends one reminder when instances claim rows of one address at the same moment', async () => {
    for (let i = 0; i < 6; i += 1) await checkout('together@example.ie', { remindMe: true });
    const at = new Date(Date.now() + DELAY + HOUR);
    const due = (await shop.app.newsletter.cartReminders.due(at, DELAY)).filter(
      (r) => r.emailKey === 'together@example.ie',
    );
    expect(due).toHaveLength(6);
    const outcomes = await Promise.all(
      due.map((row) => shop.app.newsletter.cartReminders.claimAndQueue(row, testMail(row), at)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await reminders('together@example.ie')).toHaveLength(1);
  });

  it('exports the address’s reminder and erases it with the customer', async () => {
    await checkout('erase.me@example.ie', { remindMe: true });
    const exported = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/privacy/export?email=erase.me@example.ie',
      headers: auth,
    });
    expect(exported.json()).toMatchObject({
      cartReminders: [
        {
          email: 'erase.me@example.ie',
          lines: [
            { id: '1', size: 'M', quantity: 2 },
            { id: '2', size: 'S', quantity: 1 },
          ],
        },
      ],
    });
    const erased = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: auth,
      payload: { email: 'erase.me@example.ie' },
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ cartRemindersDeleted: 1 });
    expect((await rows()).filter((r) => r.email_key === 'erase.me@example.ie')).toHaveLength(0);
  });

  it('deletes a row a week after its e-mail, and one never sent with its unpaid checkout', async () => {
    await checkout('never.sent@example.ie', { remindMe: true });
    const sent = (await rows()).filter((r) => r.reminded_at !== null);
    expect(sent.length).toBeGreaterThan(0);
    const retention = { daysAfterSent: 7, unremindedDays: 30 };
    const sixDaysOn = new Date(Date.now() + DELAY + 6 * DAY);
    expect(await deleteExpiredCartReminders(shop.app.platform.db, sixDaysOn, retention)).toBe(0);
    const eightDaysOn = new Date(Date.now() + DELAY + 3 * HOUR + 8 * DAY);
    expect(await deleteExpiredCartReminders(shop.app.platform.db, eightDaysOn, retention)).toBe(sent.length);
    expect((await rows()).every((r) => r.reminded_at === null)).toBe(true);
    const token = tokenOf((await reminders('Sorcha.Ticked@example.ie'))[0]?.text_body ?? '');
    expect((await shop.app.inject({ method: 'GET', url: `/api/cart-reminders/${token}` })).statusCode).toBe(
      404,
    );
    const later = new Date(Date.now() + 31 * DAY);
    expect(await deleteExpiredCartReminders(shop.app.platform.db, later, retention)).toBe(1);
    expect(await rows()).toHaveLength(0);
  });
});

describe('CART_REMINDER_DELAY_MINUTES', () => {
  it('is a day by default, 0 to a week, and a bad value stops the start with a message', () => {
    expect(loadConfig({}).cartReminderDelayMinutes).toBe(1440);
    expect(loadConfig({ CART_REMINDER_DELAY_MINUTES: '0' }).cartReminderDelayMinutes).toBe(0);
    expect(loadConfig({ CART_REMINDER_DELAY_MINUTES: '10080' }).cartReminderDelayMinutes).toBe(10_080);
    for (const bad of ['-1', '10081', '2.5', 'a day']) {
      expect(() => loadConfig({ CART_REMINDER_DELAY_MINUTES: bad }), bad).toThrow(
        /CART_REMINDER_DELAY_MINUTES: must be/,
      );
    }
  });
});

describe('cartReminderTimings', () => {
  it('runs every minute for a day’s delay and every few seconds for a short one', () => {
    expect(cartReminderTimings(DAY).intervalMs).toBe(60_000);
    expect(cartReminderTimings(0).intervalMs).toBe(2_000);
    expect(cartReminderTimings(60_000).intervalMs).toBe(2_500);
  });
});
