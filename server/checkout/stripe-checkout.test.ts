/**
 * The money path against the official Stripe SDK (pointed at a stateful fake of the Checkout Sessions
 * API) and a real SMTP server: what Stripe is asked to charge, what the browser cannot change, webhook
 * signatures, and exactly one e-mail pair per paid order under concurrency, SMTP outages and restarts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getProduct } from '../../domain/catalogue';
import { orderReference } from '../../domain/checkout/checkout';
import { GIFT_WRAP_PRICE, SHIPPING_ZONES } from '../../domain/config';
import { GIFT_CARDS_ALONE_TEXTS } from '../../domain/gift-cards/gift-cards';
import {
  deliveryEstimate,
  deliveryPromise,
  deliveryPromiseText,
  deliveryRangeText,
} from '../../domain/making/dispatch';
import {
  addDays,
  dayNumber,
  formatDayMonth,
  irishDate,
  parseIsoDate,
} from '../../domain/shared/calendar-date';
import { type FakeStripe, type FormValue, formField, startFakeStripe } from '../../tests/support/fake-stripe';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import {
  buildTestApp,
  orderRows,
  outboxRows,
  outboxSettled,
  TEST_PUBLIC_URL,
  tempDataDir,
} from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { CheckoutService, type ConfirmOutcome } from './checkout-service';

const WEBHOOK_SECRET = 'whsec_test_solas_webhook_secret';
const OWNER = 'owner@solas.test';
const SHOPPER = 'aoife.byrne@example.ie';

let stripe: FakeStripe;
let smtp: SmtpSink;
let data: ReturnType<typeof tempDataDir>;
/** Set by the suites that run on both dialects; SQLite in `data` otherwise. */
let database: TestDatabase | null = null;
const apps: FastifyInstance[] = [];

function env(): Record<string, string> {
  return {
    DATA_DIR: data.dir,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    SMTP_URL: smtp.url,
    OWNER_EMAIL: OWNER,
    MAIL_FROM: 'orders@solas.test',
    ...database?.env,
  };
}

async function start(): Promise<FastifyInstance> {
  const app = await buildTestApp(env());
  apps.push(app);
  return app;
}

beforeEach(async () => {
  stripe = await startFakeStripe();
  smtp = await startSmtpSink();
  data = tempDataDir();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const app of apps.splice(0)) await app.close();
  await database?.remove();
  database = null;
  await smtp.stop();
  await stripe.close();
  data.remove();
});

const CART = {
  email: SHOPPER,
  items: [
    { id: '1', quantity: 2 },
    { id: '5', quantity: 1 },
  ],
  giftWrap: true,
  zone: 'EU',
};

async function createCheckout(app: FastifyInstance, body: unknown = CART) {
  const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: body as object });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function confirm(app: FastifyInstance, sessionId: string) {
  const res = await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function webhookPayload(type: string, sessionId: string): string {
  const session = stripe.sessions.get(sessionId);
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: session ?? { id: sessionId, object: 'checkout.session' } },
  });
}

async function deliverWebhook(
  app: FastifyInstance,
  payload: string,
  signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const field = formField;

/** Waits for the messages expected and until the outbox has nothing left to send: no extra one is on its way. */
async function settle(app: FastifyInstance, expectedMessages: number): Promise<void> {
  await smtp.waitFor(expectedMessages);
  await outboxSettled(app);
}

describe('POST /api/checkout with Stripe', () => {
  it('prices the cart from the catalogue and opens a Checkout Session with exactly those amounts', async () => {
    const app = await start();
    const res = await createCheckout(app);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    const sessionId = String(res.body.sessionId);
    expect(res.body.url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const p1 = getProduct('1');
    const p5 = getProduct('5');
    if (!p1 || !p5) throw new Error('catalogue changed');
    const params = stripe.paramsOf(sessionId);
    const [orderRow] = await orderRows(app);
    expect(params.mode).toBe('payment');
    expect(params.customer_email).toBe(SHOPPER);
    expect(field(params, 'metadata', 'order_id')).toBe(orderRow?.id);
    expect(params.success_url).toBe(
      `${TEST_PUBLIC_URL}/#/order-confirmation?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(params.cancel_url).toBe(`${TEST_PUBLIC_URL}/#/payment-canceled`);

    const lines = params.line_items as FormValue[];
    expect(lines).toHaveLength(3);
    expect(field(lines, 0, 'quantity')).toBe('2');
    expect(field(lines, 0, 'price_data', 'currency')).toBe('eur');
    expect(field(lines, 0, 'price_data', 'unit_amount')).toBe(String(p1.price));
    // No size in the request: Medium, named on the line (docs/product/sizes.md §13.1).
    expect(field(lines, 0, 'price_data', 'product_data', 'name')).toBe(`${p1.name} (Medium)`);
    expect(field(lines, 1, 'quantity')).toBe('1');
    expect(field(lines, 1, 'price_data', 'unit_amount')).toBe(String(p5.price));
    expect(field(lines, 2, 'price_data', 'product_data', 'name')).toBe('Gift wrap');
    expect(field(lines, 2, 'price_data', 'unit_amount')).toBe(String(GIFT_WRAP_PRICE));

    expect(field(params, 'shipping_options', 0, 'shipping_rate_data', 'fixed_amount', 'amount')).toBe(
      String(SHIPPING_ZONES.EU.fee),
    );
    expect(field(params, 'shipping_address_collection', 'allowed_countries')).toEqual([
      ...SHIPPING_ZONES.EU.countries,
    ]);

    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(create?.idempotencyKey).toBe(`checkout-session-${orderRow?.id}`);

    // The stored order is what Stripe will charge: one price list, one total.
    const expectedSubtotal = p1.price * 2 + p5.price;
    expect(orderRow).toMatchObject({
      status: 'pending',
      session_id: sessionId,
      email: SHOPPER,
      zone: 'EU',
      subtotal: expectedSubtotal,
      shipping: SHIPPING_ZONES.EU.fee,
      gift_wrap: GIFT_WRAP_PRICE,
      total: expectedSubtotal + SHIPPING_ZONES.EU.fee + GIFT_WRAP_PRICE,
    });
    expect(stripe.sessions.get(sessionId)?.amount_total).toBe(orderRow?.total);
  });

  it('ships free in Ireland from the threshold, with the Irish address rule', async () => {
    const app = await start();
    const res = await createCheckout(app, { email: SHOPPER, items: [{ id: '1', quantity: 1 }] });
    const params = stripe.paramsOf(String(res.body.sessionId));
    expect(field(params, 'shipping_options', 0, 'shipping_rate_data', 'fixed_amount', 'amount')).toBe('0');
    expect(field(params, 'shipping_address_collection', 'allowed_countries')).toEqual(['IE']);
    expect(params.line_items).toHaveLength(1);
  });

  it.each([
    ['a price on a line', { email: SHOPPER, items: [{ id: '1', quantity: 1, price: 1 }] }],
    ['an amount on the body', { email: SHOPPER, items: [{ id: '1', quantity: 1 }], amount: 100 }],
    ['a total on the body', { email: SHOPPER, items: [{ id: '1', quantity: 1 }], total: 1 }],
    ['a negative quantity', { email: SHOPPER, items: [{ id: '1', quantity: -3 }] }],
    ['a fractional quantity', { email: SHOPPER, items: [{ id: '1', quantity: 0.5 }] }],
  ])('rejects %s: 400, no order, no session', async (_label, body) => {
    const app = await start();
    const res = await createCheckout(app, body);
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(String(res.body.error)).not.toBe('');
    expect(await orderRows(app)).toHaveLength(0);
    expect(stripe.requests).toHaveLength(0);
  });

  it('answers 502 with a clear message when Stripe fails, and keeps no payable order', async () => {
    const app = await start();
    stripe.failNext(10);
    const res = await createCheckout(app);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: expect.stringContaining('payment provider') });
    const [row] = await orderRows(app);
    expect(row?.status).toBe('failed');
    expect(row?.session_id).toBeNull();
    // The SDK retried with the same idempotency key: never two sessions for one order.
    const keys = new Set(stripe.requests.map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
  });

  it('gift cards alone: Stripe collects no address, offers no delivery, promises no dispatch; the e-mails say so', async () => {
    const app = await start();
    // The EU zone (several countries) and no country given: nothing carries VAT, so none is asked for.
    const res = await createCheckout(app, {
      email: SHOPPER,
      items: [],
      giftCardsFrom: 'Seán Murphy',
      zone: 'EU',
      giftCards: [{ amount: 5000, recipientName: 'Niamh', recipientEmail: 'niamh@example.ie' }],
    });
    expect(res.status).toBe(200);
    const sessionId = String(res.body.sessionId);
    const params = stripe.paramsOf(sessionId);
    expect(params).not.toHaveProperty('shipping_address_collection');
    expect(params).not.toHaveProperty('shipping_options');
    expect(params).not.toHaveProperty('custom_text');
    const lines = params.line_items as FormValue[];
    expect(lines).toHaveLength(1);
    expect(field(lines, 0, 'price_data', 'product_data', 'name')).toBe('Solas gift card');
    expect(field(lines, 0, 'price_data', 'unit_amount')).toBe('5000');
    expect(stripe.sessions.get(sessionId)?.amount_total).toBe(5000);

    // Paid on Stripe's page, which asked for no address.
    stripe.pay(sessionId);
    const confirmed = await confirm(app, sessionId);
    expect(confirmed.body).toMatchObject({ status: 'paid', total: 5000, giftCardsAlone: true });
    expect(confirmed.body).not.toHaveProperty('delivery');
    expect(confirmed.body).not.toHaveProperty('dispatchBy');
    // The buyer's confirmation, the owner's notice and the recipient's card.
    await settle(app, 3);
    const byRecipient = new Map(smtp.messages.map((m) => [m.envelopeTo.join(','), m]));
    const shopperMail = byRecipient.get(SHOPPER);
    const ownerMail = byRecipient.get(OWNER);
    expect(byRecipient.get('niamh@example.ie')).toBeDefined();
    expect(shopperMail?.parsed.text).toContain(GIFT_CARDS_ALONE_TEXTS.delivery);
    expect(shopperMail?.parsed.text).toContain(GIFT_CARDS_ALONE_TEXTS.thanks);
    expect(shopperMail?.parsed.html).toContain(GIFT_CARDS_ALONE_TEXTS.delivery);
    expect(ownerMail?.parsed.text).toContain(GIFT_CARDS_ALONE_TEXTS.owner);
    for (const mail of [shopperMail, ownerMail]) {
      const text = mail?.parsed.text ?? '';
      expect(text).not.toContain('no delivery address was collected');
      expect(text).not.toMatch(/dispatch|Delivery \(|making your pieces|Ship to/);
    }
  });
});

describe.each(TEST_DIALECTS)('confirming a Stripe payment (%s)', (dialect) => {
  beforeEach(async () => {
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
  });

  it('reports an unpaid session as pending and sends nothing', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    const res = await confirm(app, sessionId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'pending', reference: orderReference(sessionId) });
    await app.platform.outbox.idle();
    expect(smtp.messages).toHaveLength(0);
    expect(await outboxRows(app)).toHaveLength(0);
  });

  it('answers an unknown or malformed session id without asking Stripe', async () => {
    const app = await start();
    expect((await confirm(app, 'cs_test_doesnotexist123')).body).toEqual({ status: 'unknown' });
    expect((await confirm(app, 'cs_test_doesnotexist123')).status).toBe(404);
    expect((await confirm(app, 'not-a-session')).status).toBe(400);
    expect(stripe.requests).toHaveLength(0);
  });

  it('confirms a paid order with its summary and sends the two e-mails to the right people', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    stripe.pay(sessionId, { name: 'Aoife Byrne', country: 'FR' });
    const res = await confirm(app, sessionId);
    const reference = orderReference(sessionId);
    expect(res.status).toBe(200);
    const [order] = await orderRows(app);
    expect(res.body).toMatchObject({
      status: 'paid',
      reference,
      email: 'a***@example.ie',
      total: order?.total,
      giftWrap: GIFT_WRAP_PRICE,
      shipping: SHIPPING_ZONES.EU.fee,
    });
    // Whether this call was the one that queued the e-mails is the server's business, not the browser's.
    expect(res.body).not.toHaveProperty('firstConfirmation');
    expect(res.body.items).toEqual([
      expect.objectContaining({ id: '1', quantity: 2 }),
      expect.objectContaining({ id: '5', quantity: 1 }),
    ]);
    await settle(app, 2);
    expect(smtp.messages).toHaveLength(2);
    const byRecipient = new Map(smtp.messages.map((m) => [m.envelopeTo.join(','), m]));
    const shopperMail = byRecipient.get(SHOPPER);
    const ownerMail = byRecipient.get(OWNER);
    expect(shopperMail?.parsed.subject).toContain(reference);
    expect(shopperMail?.parsed.text).toContain('Aoife Byrne');
    expect(shopperMail?.parsed.text).toContain('France');
    expect(shopperMail?.parsed.text).toContain('Gift wrap');
    expect(ownerMail?.parsed.subject).toContain(reference);
    expect(ownerMail?.parsed.text).toContain(`Customer e-mail: ${SHOPPER}`);
    expect(ownerMail?.envelopeFrom).toBe('orders@solas.test');
    for (const mail of smtp.messages) {
      expect(mail.envelopeTo).toHaveLength(1);
      expect(mail.parsed.html).toBeTruthy();
      expect(mail.parsed.cc).toBeUndefined();
      expect(mail.parsed.bcc).toBeUndefined();
    }

    const again = await confirm(app, sessionId);
    expect(again.body).toMatchObject({ status: 'paid', reference, emailStatus: 'sent' });
    await app.platform.outbox.idle();
    expect(smtp.messages).toHaveLength(2);
  });

  it('refuses to confirm a paid session whose amount does not match the order', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    const session = stripe.pay(sessionId);
    session.amount_total -= 500;
    const res = await confirm(app, sessionId);
    expect(res.body.status).toBe('pending');
    await app.platform.outbox.idle();
    expect(await outboxRows(app)).toHaveLength(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses to confirm a paid session in another currency than the order', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    const session = stripe.pay(sessionId);
    expect((await orderRows(app))[0]?.currency).toBe(session.currency);
    session.currency = 'gbp';
    expect((await confirm(app, sessionId)).body.status).toBe('pending');
    expect(await outboxRows(app)).toHaveLength(0);
    session.currency = 'EUR';
    expect((await confirm(app, sessionId)).body.status).toBe('paid');
  });

  it('stores the dispatch date at payment (skipping CLOSED_DATES) and gives it to the page and both e-mails', async () => {
    // Closed from today for three weeks: the promise must come after the closure, on the server too.
    const today = irishDate(new Date());
    const closure = { from: today, to: addDays(today, 20) };
    const closures = [closure];
    const app = await buildTestApp({ ...env(), CLOSED_DATES: `${closure.from}..${closure.to}` });
    apps.push(app);
    const before = deliveryPromise(new Date(), 'EU', { closures });
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);

    // The hosted checkout: the delivery window as calendar days from today, the dispatch date in words.
    const params = stripe.paramsOf(sessionId);
    const rate = field(params, 'shipping_options', 0, 'shipping_rate_data', 'delivery_estimate');
    expect(field(rate, 'minimum', 'unit')).toBe('day');
    expect(field(rate, 'minimum', 'value')).toBe(String(dayNumber(before.earliest) - dayNumber(today)));
    expect(field(rate, 'maximum', 'value')).toBe(String(dayNumber(before.latest) - dayNumber(today)));
    expect(field(params, 'custom_text', 'submit', 'message')).toBe(deliveryPromiseText(before));

    stripe.pay(sessionId, { name: 'Aoife Byrne', country: 'FR' });
    const res = await confirm(app, sessionId);
    const after = deliveryPromise(new Date(), 'EU', { closures });
    const [order] = await orderRows(app);
    // Computed when the payment was confirmed: the same date either side of the call (or the next one if
    // the clock passed 14:00 or midnight during it).
    expect([before.dispatch, after.dispatch]).toContain(order?.dispatch_date);
    expect(order?.dispatch_date && order.dispatch_date > closure.to).toBe(true);
    const dispatch = parseIsoDate(order?.dispatch_date ?? '');
    if (!dispatch) throw new Error('no dispatch date stored');
    const window = deliveryEstimate(dispatch, 'EU');
    expect(res.body.delivery).toEqual({ dispatch, ...window });

    await settle(app, 2);
    const sentence = `dispatched by ${formatDayMonth(dispatch)}, then delivery to EU is expected ${deliveryRangeText(window)}.`;
    for (const mail of smtp.messages) {
      expect(mail.parsed.text?.replace(/\s+/g, ' ')).toContain(sentence);
    }
    const ownerMail = smtp.messages.find((m) => m.envelopeTo.includes(OWNER));
    expect(ownerMail?.parsed.text).toContain(`Dispatch by: ${formatDayMonth(dispatch)} (${dispatch})`);
  });

  it('20 concurrent confirmations and duplicate webhooks give one paid order and one e-mail pair', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    stripe.pay(sessionId);
    const confirmStep = vi.spyOn(CheckoutService.prototype, 'confirm');
    const completed = webhookPayload('checkout.session.completed', sessionId);
    const succeeded = webhookPayload('checkout.session.async_payment_succeeded', sessionId);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => confirm(app, sessionId)),
      ...Array.from({ length: 3 }, () => deliverWebhook(app, completed)),
      ...Array.from({ length: 2 }, () => deliverWebhook(app, succeeded)),
    ]);
    const confirms = results.slice(0, 20) as Awaited<ReturnType<typeof confirm>>[];
    expect(confirms.every((r) => r.status === 200 && r.body.status === 'paid')).toBe(true);
    // Every caller, page or webhook, ran the one confirmation step; exactly one of them moved the order
    // to paid and queued its e-mails.
    const outcomes = await Promise.all(
      confirmStep.mock.results.map((r) => r.value as Promise<ConfirmOutcome>),
    );
    expect(outcomes).toHaveLength(25);
    expect(outcomes.filter((o) => o.firstConfirmation)).toHaveLength(1);
    for (const hook of results.slice(20)) expect((hook as { statusCode: number }).statusCode).toBe(200);

    await settle(app, 2);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual([SHOPPER, OWNER].sort());
    const rows = await outboxRows(app);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);

    // A late, out-of-order 'expired' delivery changes nothing.
    const late = await deliverWebhook(app, webhookPayload('checkout.session.expired', sessionId));
    expect(late.statusCode).toBe(200);
    expect((await orderRows(app))[0]?.status).toBe('paid');
  });

  it('delivers exactly one pair when the mail server is down at payment time and comes back', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    await smtp.stop();
    stripe.pay(sessionId);
    expect((await confirm(app, sessionId)).body.status).toBe('paid');
    // Until several attempts have failed, however long they take on this host.
    await expect
      .poll(async () => (await outboxRows(app)).filter((r) => r.attempts >= 2).length, { timeout: 15_000 })
      .toBe(2);
    const failing = await outboxRows(app);
    expect(failing).toHaveLength(2);
    expect(failing.every((r) => r.status === 'pending' && r.attempts >= 2 && r.last_error)).toBe(true);
    expect((await confirm(app, sessionId)).body.emailStatus).toBe('queued');

    await smtp.start();
    await settle(app, 2);
    expect(smtp.messages).toHaveLength(2);
    const rows = await outboxRows(app);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    // The Message-ID fixed at queue time is the one delivered.
    expect(smtp.messages.map((m) => m.parsed.messageId).sort()).toEqual(rows.map((r) => r.message_id).sort());
  });

  it('confirms after a restart between payment and confirmation, losing nothing', async () => {
    const first = await start();
    const { body } = await createCheckout(first);
    const sessionId = String(body.sessionId);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    stripe.pay(sessionId);
    const second = await start();
    const outcome = await second.checkout.service.confirm(sessionId);
    expect(outcome.firstConfirmation).toBe(true);
    expect(outcome.body).toMatchObject({ status: 'paid', reference: orderReference(sessionId) });
    await settle(second, 2);
    expect(smtp.messages).toHaveLength(2);
  });

  it('sends queued e-mails after a restart when the server stopped before delivering them', async () => {
    await smtp.stop();
    const first = await start();
    const { body } = await createCheckout(first);
    const sessionId = String(body.sessionId);
    stripe.pay(sessionId);
    expect((await confirm(first, sessionId)).body.status).toBe('paid');
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    await smtp.start();
    const second = await start();
    await settle(second, 2);
    expect(smtp.messages).toHaveLength(2);
    const outcome = await second.checkout.service.confirm(sessionId);
    expect(outcome.firstConfirmation).toBe(false);
    expect(outcome.body).toMatchObject({ status: 'paid' });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('confirms the order from a signed checkout.session.completed event', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    stripe.pay(sessionId);
    const res = await deliverWebhook(app, webhookPayload('checkout.session.completed', sessionId));
    expect(res.statusCode).toBe(200);
    expect((await orderRows(app))[0]?.status).toBe('paid');
    await settle(app, 2);
    expect(smtp.messages).toHaveLength(2);
  });

  it('refuses unsigned, wrongly signed, tampered and stale deliveries with 400 and changes nothing', async () => {
    const app = await start();
    const { body } = await createCheckout(app);
    const sessionId = String(body.sessionId);
    stripe.pay(sessionId);
    const payload = webhookPayload('checkout.session.completed', sessionId);

    const missing = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);

    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliverWebhook(app, payload, wrongSecret)).statusCode).toBe(400);

    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('checkout.session.completed', 'checkout.session.expired');
    expect((await deliverWebhook(app, tampered, signed)).statusCode).toBe(400);

    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliverWebhook(app, payload, stale)).statusCode).toBe(400);

    expect((await orderRows(app))[0]?.status).toBe('pending');
    await app.platform.outbox.idle();
    expect(await outboxRows(app)).toHaveLength(0);
  });

  it('marks an order expired or failed only while it is pending', async () => {
    const app = await start();
    const a = String((await createCheckout(app)).body.sessionId);
    const b = String((await createCheckout(app)).body.sessionId);
    expect((await deliverWebhook(app, webhookPayload('checkout.session.expired', a))).statusCode).toBe(200);
    expect(
      (await deliverWebhook(app, webhookPayload('checkout.session.async_payment_failed', b))).statusCode,
    ).toBe(200);
    const rows = await orderRows(app);
    expect(rows.find((r) => r.session_id === a)?.status).toBe('expired');
    expect(rows.find((r) => r.session_id === b)?.status).toBe('failed');
    expect((await confirm(app, a)).body.status).toBe('expired');
  });

  it('answers 503 so that Stripe retries when the session cannot be checked', async () => {
    const app = await start();
    const sessionId = String((await createCheckout(app)).body.sessionId);
    stripe.pay(sessionId);
    stripe.failNext(10);
    const res = await deliverWebhook(app, webhookPayload('checkout.session.completed', sessionId));
    expect(res.statusCode).toBe(503);
    expect((await orderRows(app))[0]?.status).toBe('pending');
    stripe.failNext(0);
    expect(
      (await deliverWebhook(app, webhookPayload('checkout.session.completed', sessionId))).statusCode,
    ).toBe(200);
    expect((await orderRows(app))[0]?.status).toBe('paid');
  });
});
