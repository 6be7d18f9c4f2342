/**
 * The cart reminder in Stripe mode (docs/product/states.md §5.10a), against the official SDK and the stateful
 * fake: a ticked checkout's session asks for `after_expiration.recovery`, an unticked one does not; the
 * signed checkout.session.expired event's recovery link is kept, and the one reminder uses it.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { formField } from '../../tests/support/fake-stripe';
import { stripeAppSuite } from '../../tests/support/shop-suite';
import { outboxRows, outboxSettled, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { cartReminderPass } from './cart-reminder-job';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';

const WEBHOOK_SECRET = 'whsec_test_cart_reminder_secret';
const DAY = 24 * 60 * 60 * 1000;

const shop = stripeAppSuite(WEBHOOK_SECRET, () => ({ RATE_LIMITS: 'off' }), {
  campaigns: false,
  cartReminders: false,
});

async function checkout(email: string, remindMe: boolean): Promise<string> {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { origin: TEST_PUBLIC_URL },
    payload: { email, items: [{ id: '4', quantity: 1, size: 'L' }], zone: 'IE', remindMe },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { sessionId: string }).sessionId;
}

const pass = (at: Date) =>
  cartReminderPass({
    db: shop.app.platform.db,
    store: shop.app.newsletter.cartReminders,
    delayMs: DAY,
    publicUrl: TEST_PUBLIC_URL,
    catalogue: () => shop.app.catalogue.source.current(),
    now: () => at,
  });

describe('the cart reminder with Stripe', () => {
  it('asks Stripe for a recovery link only when the box is ticked', async () => {
    const ticked = await checkout('ticked@example.ie', true);
    const unticked = await checkout('unticked@example.ie', false);
    expect(formField(shop.stripe.paramsOf(ticked), 'after_expiration', 'recovery', 'enabled')).toBe('true');
    expect(shop.stripe.paramsOf(unticked).after_expiration).toBeUndefined();
  });

  it('keeps the recovery link of the expired session and sends it in the one reminder', async () => {
    const sessionId = await checkout('recover.me@example.ie', true);
    const expired = shop.stripe.timeOut(sessionId);
    const url = expired.after_expiration?.recovery?.url ?? '';
    expect(url).toMatch(/^https:\/\/buy\.stripe\.com\//);
    // The SDK reads the same object back, as the webhook carries it.
    const client = new Stripe(shop.stripe.secretKey, {
      host: new URL(shop.stripe.url).hostname,
      port: Number(new URL(shop.stripe.url).port),
      protocol: 'http',
    });
    const read = await client.checkout.sessions.retrieve(sessionId);
    expect(read.after_expiration?.recovery?.url).toBe(url);

    expect((await shop.deliver('checkout.session.expired', expired)).statusCode).toBe(200);
    const row = await shop.app.platform.db
      .selectFrom('cart_reminders')
      .select(['recovery_url'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.recovery_url).toBe(url);

    expect(await pass(new Date(Date.now() + DAY + 60_000))).toMatchObject({ queued: 1 });
    await outboxSettled(shop.app);
    const mails = (await outboxRows(shop.app)).filter((r) => r.kind === NEWSLETTER_MAIL_KINDS.cartReminder);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe('recover.me@example.ie');
    expect(mails[0]?.text_body).toContain(url);
    expect(mails[0]?.text_body).not.toContain('/#/cart?restore=');
    expect(
      (await shop.app.platform.db.selectFrom('orders').select('status').executeTakeFirstOrThrow()).status,
    ).toBe('expired');
  });

  it('confirms a payment made through the recovery link: the order follows the new session', async () => {
    const sessionId = await checkout('came.back@example.ie', true);
    const expired = shop.stripe.timeOut(sessionId);
    expect((await shop.deliver('checkout.session.expired', expired)).statusCode).toBe(200);
    const before = await shop.app.platform.db
      .selectFrom('orders')
      .select(['id', 'reference', 'status'])
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('expired');

    // The shopper follows Stripe's link from the reminder: Stripe makes a copy under a new id, paid.
    const recovered = shop.stripe.recover(sessionId);
    expect(recovered.id).not.toBe(sessionId);
    expect(recovered.metadata.order_id).toBe(before.id);
    shop.stripe.pay(recovered.id);
    expect((await shop.deliver('checkout.session.completed', recovered)).statusCode).toBe(200);

    const after = await shop.app.platform.db
      .selectFrom('orders')
      .select(['id', 'reference', 'status', 'session_id'])
      .executeTakeFirstOrThrow();
    expect(after).toEqual({
      id: before.id,
      reference: before.reference,
      status: 'paid',
      session_id: recovered.id,
    });
    // The confirmation page of the new session finds the order; the reminder row went with the payment.
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${recovered.id}/confirm`,
      headers: { origin: TEST_PUBLIC_URL },
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({ status: 'paid', reference: before.reference });
    await expect
      .poll(
        async () => (await shop.app.platform.db.selectFrom('cart_reminders').select('id').execute()).length,
      )
      .toBe(0);
  });

  it('lets no recovered session take over another order', async () => {
    const mine = await checkout('mine@example.ie', true);
    const theirs = await checkout('theirs@example.ie', true);
    shop.stripe.timeOut(mine);
    const copy = shop.stripe.recover(mine);
    shop.stripe.pay(copy.id);
    // A copy claiming to come from another order's session is not followed.
    const forged = { ...copy, recovered_from: theirs };
    expect((await shop.deliver('checkout.session.completed', forged)).statusCode).toBe(200);
    const orders = await shop.app.platform.db.selectFrom('orders').select(['session_id', 'status']).execute();
    expect(orders.map((o) => o.session_id).sort()).toEqual([mine, theirs].sort());
  });

  it('ignores a recovery link that is not Stripe’s, and sends the shop’s own link', async () => {
    const sessionId = await checkout('odd.link@example.ie', true);
    const expired = shop.stripe.timeOut(sessionId);
    const forged = {
      ...expired,
      after_expiration: { recovery: { enabled: true, url: 'https://evil.example/x' } },
    };
    expect((await shop.deliver('checkout.session.expired', forged)).statusCode).toBe(200);
    await pass(new Date(Date.now() + DAY + 60_000));
    await outboxSettled(shop.app);
    const [mail] = (await outboxRows(shop.app)).filter((r) => r.kind === NEWSLETTER_MAIL_KINDS.cartReminder);
    expect(mail?.text_body).toContain(`${TEST_PUBLIC_URL}/#/cart?restore=`);
    expect(mail?.text_body).not.toContain('evil.example');
  });
});
