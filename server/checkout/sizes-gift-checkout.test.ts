/**
 * Sizes and gift messages through the money path (docs/product/sizes.md §13.1, §13.4): the request's validation,
 * the provider's line items (the fake Stripe and the built-in test checkout), the stored order (one
 * database: ROUTE_DIALECTS), the confirm response and both e-mails through a real SMTP server.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS } from '../../domain/checkout/checkout';
import { GIFT_MESSAGE_MAX } from '../../domain/checkout/gift-message';
import { type FakeStripe, type FormValue, formField, startFakeStripe } from '../../tests/support/fake-stripe';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import { buildTestApp, orderRows, tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, ROUTE_DIALECTS, type TestDatabase } from '../../tests/support/test-database';

const SHOPPER = 'aoife.byrne@example.ie';
const OWNER = 'owner@solas.test';
const MESSAGE = 'Happy birthday <b>Niamh</b> & Co!\nLove, Aoife';

let stripe: FakeStripe;
let smtp: SmtpSink;
let data: ReturnType<typeof tempDataDir>;
let database: TestDatabase | null = null;
const apps: FastifyInstance[] = [];

beforeEach(async () => {
  stripe = await startFakeStripe();
  smtp = await startSmtpSink();
  data = tempDataDir();
});

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await database?.remove();
  database = null;
  await smtp.stop();
  await stripe.close();
  data.remove();
});

async function start(provider: 'stripe' | 'test-checkout'): Promise<FastifyInstance> {
  const app = await buildTestApp({
    DATA_DIR: data.dir,
    SMTP_URL: smtp.url,
    OWNER_EMAIL: OWNER,
    MAIL_FROM: 'orders@solas.test',
    ...(provider === 'stripe' ? { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_URL: stripe.url } : {}),
    ...database?.env,
  });
  apps.push(app);
  return app;
}

async function checkout(app: FastifyInstance, body: object) {
  const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: body });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const VALID = { email: SHOPPER, items: [{ id: '26', quantity: 1 }] };

describe('POST /api/checkout: sizes and gift messages are validated', () => {
  const cases: [string, object, string][] = [
    ['an unknown size', { ...VALID, items: [{ id: '26', quantity: 1, size: 'XL' }] }, CHECKOUT_ERRORS.size],
    ['a lower-case size', { ...VALID, items: [{ id: '26', quantity: 1, size: 'm' }] }, CHECKOUT_ERRORS.size],
    ['a size as a number', { ...VALID, items: [{ id: '26', quantity: 1, size: 2 }] }, CHECKOUT_ERRORS.size],
    [
      'the same product twice in one size (absent is Medium)',
      {
        ...VALID,
        items: [
          { id: '26', quantity: 1, size: 'M' },
          { id: '26', quantity: 1 },
        ],
      },
      CHECKOUT_ERRORS.duplicateLine,
    ],
    [
      'a gift message over 200 characters',
      { ...VALID, giftWrap: true, giftMessage: 'x'.repeat(GIFT_MESSAGE_MAX + 1) },
      CHECKOUT_ERRORS.tooLong,
    ],
    [
      'a gift message with a control character',
      { ...VALID, giftWrap: true, giftMessage: 'Hello\u0007 there' },
      CHECKOUT_ERRORS.controlCharacters,
    ],
    [
      'a gift message with a tab',
      { ...VALID, giftWrap: true, giftMessage: 'Hello\tthere' },
      CHECKOUT_ERRORS.controlCharacters,
    ],
    ['a gift message without gift wrap', { ...VALID, giftMessage: 'Hello' }, CHECKOUT_ERRORS.withoutGiftWrap],
    [
      'a gift message with gift wrap false',
      { ...VALID, giftWrap: false, giftMessage: 'Hello' },
      CHECKOUT_ERRORS.withoutGiftWrap,
    ],
    [
      'a gift message that is not text',
      { ...VALID, giftWrap: true, giftMessage: 42 },
      'giftMessage: Invalid input: expected string, received number',
    ],
  ];

  it.each(cases)('refuses %s with a 400 and a message, storing nothing', async (_label, body, message) => {
    const app = await start('test-checkout');
    const res = await checkout(app, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: message });
    expect(await orderRows(app)).toHaveLength(0);
  });

  it('accepts exactly 200 characters (an emoji counts once) and line breaks', async () => {
    const app = await start('test-checkout');
    const message = `${'🎁'.repeat(100)}\r\n${'x'.repeat(99)}`;
    const res = await checkout(app, { ...VALID, giftWrap: true, giftMessage: message });
    expect(res.status).toBe(200);
    const [order] = await orderRows(app);
    expect(order?.gift_message).toBe(`${'🎁'.repeat(100)}\n${'x'.repeat(99)}`);
  });

  it('stores no message for an empty one, with or without gift wrap', async () => {
    const app = await start('test-checkout');
    expect((await checkout(app, { ...VALID, giftMessage: '  ' })).status).toBe(200);
    const [order] = await orderRows(app);
    expect(order?.gift_message).toBeNull();
  });
});

const field = formField;

describe.each(ROUTE_DIALECTS)('sizes and a gift message through a Stripe payment (%s)', (dialect) => {
  beforeEach(async () => {
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
  });

  it('names each line with its size at Stripe, stores both and puts them in the response and both e-mails', async () => {
    const app = await start('stripe');
    const res = await checkout(app, {
      email: SHOPPER,
      items: [
        { id: '26', quantity: 1, size: 'L' },
        { id: '26', quantity: 2, size: 'S' },
        { id: '1', quantity: 1 },
      ],
      giftWrap: true,
      giftMessage: MESSAGE,
      zone: 'IE',
    });
    expect(res.status).toBe(200);
    const sessionId = String(res.body.sessionId);

    const lines = stripe.paramsOf(sessionId).line_items as FormValue[];
    expect(field(lines, 0, 'price_data', 'product_data', 'name')).toBe('Burgundy Safari (Large)');
    expect(field(lines, 0, 'price_data', 'product_data', 'metadata', 'size')).toBe('L');
    expect(field(lines, 1, 'price_data', 'product_data', 'name')).toBe('Burgundy Safari (Small)');
    expect(field(lines, 1, 'quantity')).toBe('2');
    expect(field(lines, 2, 'price_data', 'product_data', 'name')).toMatch(/ \(Medium\)$/);
    // A size never changes a price: both Burgundy Safari lines cost the same each.
    expect(field(lines, 0, 'price_data', 'unit_amount')).toBe(field(lines, 1, 'price_data', 'unit_amount'));

    stripe.pay(sessionId, { name: 'Aoife Byrne', country: 'IE' });
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    const body = confirmed.json() as Record<string, unknown>;
    expect(body.status).toBe('paid');
    expect(body.giftMessage).toBe(MESSAGE);
    expect(body.items).toEqual([
      expect.objectContaining({ id: '26', name: 'Burgundy Safari', size: 'L', quantity: 1 }),
      expect.objectContaining({ id: '26', name: 'Burgundy Safari', size: 'S', quantity: 2 }),
      expect.objectContaining({ id: '1', size: 'M', quantity: 1 }),
    ]);

    await smtp.waitFor(2);
    await app.platform.outbox.idle();
    const byRecipient = new Map(smtp.messages.map((m) => [m.envelopeTo.join(','), m]));
    for (const who of [SHOPPER, OWNER]) {
      const mail = byRecipient.get(who);
      expect(mail?.parsed.text).toContain('1 x Burgundy Safari (Large)');
      expect(mail?.parsed.text).toContain('2 x Burgundy Safari (Small)');
      expect(mail?.parsed.text).toContain('Gift message\n  Happy birthday <b>Niamh</b> & Co!\n  Love, Aoife');
      expect(mail?.parsed.html).toContain('Burgundy Safari (Large)');
      expect(mail?.parsed.html).toContain('Happy birthday &lt;b&gt;Niamh&lt;/b&gt; &amp; Co!<br>Love, Aoife');
      expect(mail?.parsed.html).not.toContain('<b>Niamh');
      expect(mail?.parsed.text).not.toMatch(/reply to this e-mail with your size/i);
    }
  });
});

describe('sizes on the built-in test checkout', () => {
  it('shows each line named with its size, as Stripe does', async () => {
    const app = await start('test-checkout');
    const res = await checkout(app, { ...VALID, items: [{ id: '26', quantity: 1, size: 'L' }] });
    const page = await app.inject({ method: 'GET', url: `/test-checkout/${String(res.body.sessionId)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<span class="item-name">Burgundy Safari (Large)</span>');
  });
});
