/**
 * The built-in test checkout end to end on the server: the TEST MODE page, its validation, a declined
 * card, a payment that redirects like Stripe, and the two .eml files it leaves in DATA_DIR/outbox.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getProduct } from '../../domain/catalogue';
import { orderReference } from '../../domain/checkout/checkout';
import { SHIPPING_ZONES } from '../../domain/config';
import { GIFT_CARDS_ALONE_TEXTS } from '../../domain/gift-cards/gift-cards';
import { deliveryPromise, deliveryPromiseText } from '../../domain/making/dispatch';
import { FIELD_MESSAGES } from '../../domain/payments/payment-form';
import { cents, formatEuro } from '../../domain/shared/money';
import {
  buildTestApp,
  GALWAY_CARD_FORM,
  orderRows,
  outboxRows,
  outboxSettled,
  TEST_PUBLIC_URL,
  tempDataDir,
} from '../../tests/support/test-app';
import { ORDERS_MAIL_KINDS } from '../orders';
import { DECLINED_MESSAGE } from './test-checkout-form';
import { TEST_CHECKOUT_SCRIPT } from './test-checkout-script';

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance;
const SHOPPER = 'ciara@example.ie';
const OWNER = 'owner@solas.test';

beforeEach(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir, OWNER_EMAIL: OWNER });
});

afterEach(async () => {
  await app.close();
  data.remove();
});

async function openCheckout(zone: 'IE' | 'EU' | 'WORLD' = 'IE'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: SHOPPER, items: [{ id: '2', quantity: 1 }], giftWrap: true, zone },
  });
  return (res.json() as { sessionId: string }).sessionId;
}

const GOOD_FORM = { ...GALWAY_CARD_FORM, email: SHOPPER };

function pay(sessionId: string, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

function emlFiles(): string[] {
  try {
    return readdirSync(path.join(data.dir, 'outbox')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
}

describe('the test checkout page', () => {
  it('shows TEST MODE, the order summary, every field labelled and required, and only the zone countries', async () => {
    const sessionId = await openCheckout('IE');
    const res = await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    const product = getProduct('2');
    expect(html).toContain('TEST MODE');
    expect(html).toContain(product?.name);
    expect(html).toContain('Gift wrap');
    expect(html).toContain(`value="${SHOPPER}"`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const id of [
      'email',
      'name',
      'line1',
      'city',
      'postalCode',
      'country',
      'cardNumber',
      'expiry',
      'cvc',
    ]) {
      expect(html).toMatch(new RegExp(`<label for="f-${id}">`));
      expect(html).toMatch(new RegExp(`id="f-${id}"[^>]*required`));
    }
    const countries = [...html.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(countries).toEqual(['IE']);
    expect(html).toContain('Proceed to Payment');
    // Cancelling goes through the test checkout (it ends the session), which then sends the shopper back.
    expect(html).toMatch(/href="\/test-checkout\/cs_test_[A-Za-z0-9]+\/cancel"/);
  });

  it('shows the dispatch date and delivery window as Stripe’s hosted page does (custom text)', async () => {
    const before = deliveryPromise(new Date(), 'EU');
    const sessionId = await openCheckout('EU');
    const after = deliveryPromise(new Date(), 'EU');
    const html = (await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` })).body;
    const shown = /<p class="muted" data-testid="delivery-promise">([^<]*)<\/p>/.exec(html)?.[1];
    expect([deliveryPromiseText(before), deliveryPromiseText(after)]).toContain(shown);
    expect(shown).toMatch(/^Dispatched by \w+day \d{1,2} \w+; delivery expected /);
  });

  it('offers exactly the EU countries for an EU order', async () => {
    const sessionId = await openCheckout('EU');
    const html = (await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` })).body;
    const countries = [...html.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]).sort();
    expect(countries).toEqual([...SHIPPING_ZONES.EU.countries].sort());
  });

  it('answers an unknown session with a 404 page', async () => {
    const res = await app.inject({ method: 'GET', url: '/test-checkout/cs_test_unknownsession1234' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Checkout not found');
  });

  it('serves its stylesheet, and loads its script from the front end’s build', async () => {
    const sessionId = await openCheckout();
    const html = (await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` })).body;
    expect(html).toContain(`<script src="${TEST_CHECKOUT_SCRIPT}" defer></script>`);
    const css = await app.inject({ method: 'GET', url: '/test-checkout/assets/test-checkout.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });
});

describe('paying on the test checkout', () => {
  it('re-shows the form with field messages when details are missing, keeping the address but not the card', async () => {
    const sessionId = await openCheckout();
    const res = await pay(sessionId, { ...GOOD_FORM, city: '', country: 'FR', expiry: '13/30' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(FIELD_MESSAGES.city);
    expect(res.body).toContain(FIELD_MESSAGES.country);
    expect(res.body).toContain(FIELD_MESSAGES.expiry);
    expect(res.body).toContain('value="4 Quay Street"');
    expect(res.body).not.toContain('4242 4242 4242 4242"');
    expect((await orderRows(app))[0]?.status).toBe('pending');
  });

  it('declines 4000 0000 0000 0002 with a clear message, then lets the shopper pay', async () => {
    const sessionId = await openCheckout();
    const declined = await pay(sessionId, { ...GOOD_FORM, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(DECLINED_MESSAGE);
    expect(declined.body).toContain('role="alert"');
    expect((await orderRows(app))[0]?.status).toBe('pending');

    const paid = await pay(sessionId, GOOD_FORM);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${TEST_PUBLIC_URL}/#/order-confirmation?session_id=${sessionId}`);
    expect((await orderRows(app))[0]?.status).toBe('paid');
  });

  it('refuses card numbers other than the test cards, without taking the order', async () => {
    const sessionId = await openCheckout();
    const res = await pay(sessionId, { ...GOOD_FORM, cardNumber: '5555 5555 5555 4444' });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('test cards only');
    expect((await orderRows(app))[0]?.status).toBe('pending');
  });

  it('pays with 4242, confirms on the server and writes exactly two .eml files, once', async () => {
    const sessionId = await openCheckout();
    const reference = orderReference(sessionId);
    const res = await pay(sessionId, GOOD_FORM);
    expect(res.statusCode).toBe(303);
    await app.platform.outbox.idle();
    await expect.poll(() => emlFiles().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    const confirm = await app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    const [order] = await orderRows(app);
    expect(confirm.json()).toMatchObject({
      status: 'paid',
      reference,
      total: order?.total,
    });

    // A double submit and a reload change nothing.
    expect((await pay(sessionId, GOOD_FORM)).statusCode).toBe(303);
    const page = await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
    expect(page.body).toContain('Payment received');
    await app.platform.outbox.idle();

    const files = emlFiles();
    expect(files).toHaveLength(2);
    const mails = await Promise.all(
      files.map((f) => simpleParser(readFileSync(path.join(data.dir, 'outbox', f)))),
    );
    const recipients = mails.map((m) => (Array.isArray(m.to) ? '' : m.to?.value[0]?.address)).sort();
    expect(recipients).toEqual([SHOPPER, OWNER].sort());
    for (const mail of mails) {
      expect(mail.subject).toContain(reference);
      expect(mail.text).toContain(formatEuro(cents(order?.total ?? -1)));
      expect(mail.text).toContain('H91 AB12');
      expect(mail.text).not.toContain('4242');
    }
  });
});

describe('the test checkout of gift cards alone', () => {
  it('asks for no address and shows no delivery; paid, the order and its e-mails name none', async () => {
    // The EU zone (several countries) and no country: nothing carries VAT, so none is asked for.
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: {
        email: SHOPPER,
        items: [],
        giftCardsFrom: 'Seán Murphy',
        zone: 'EU',
        giftCards: [{ amount: 5000, recipientName: 'Niamh', recipientEmail: 'niamh@example.ie' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json() as { sessionId: string };
    const html = (await app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` })).body;
    expect(html).toContain('Solas gift card');
    expect(html).toContain('Pay €50.00');
    expect(html).not.toContain('Delivery address');
    expect(html).not.toContain('name="country"');
    expect(html).not.toContain('<dt>Delivery');
    expect(html).not.toContain('data-testid="delivery-promise"');

    // The e-mail and the card alone pay.
    const { email, cardNumber, expiry, cvc } = GOOD_FORM;
    const paid = await pay(sessionId, { email, cardNumber, expiry, cvc });
    expect(paid.statusCode).toBe(303);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({ status: 'paid', total: 5000, giftCardsAlone: true });
    expect(confirmed.json()).not.toHaveProperty('delivery');
    const order = (await orderRows(app)).find((o) => o.session_id === sessionId);
    expect(order).toMatchObject({ shipping_name: null, shipping_address: null, dispatch_date: null });

    await outboxSettled(app);
    const mails = await outboxRows(app);
    const shopper = mails.find((m) => m.kind === ORDERS_MAIL_KINDS.customer);
    const owner = mails.find((m) => m.kind === ORDERS_MAIL_KINDS.owner);
    expect(shopper?.text_body).toContain(GIFT_CARDS_ALONE_TEXTS.delivery);
    expect(owner?.text_body).toContain(GIFT_CARDS_ALONE_TEXTS.owner);
    for (const mail of [shopper, owner]) {
      expect(mail?.text_body).not.toContain('no delivery address was collected');
      expect(mail?.text_body).not.toMatch(/dispatch|Delivery \(/);
    }
  });
});
