/**
 * The JSON API's edges with the embedded defaults (built-in test checkout, .eml outbox): every malformed
 * request is a 4xx with a message, never a 5xx and never a half-written order; the newsletter stores each
 * address once.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS } from '../../domain/checkout/checkout';
import { LIMITS } from '../../domain/config';
import { EMAIL_MESSAGES } from '../../domain/shared/email';
import { buildTestApp, orderRows, tempDataDir } from '../../tests/support/test-app';
import { API_MESSAGES } from '../lib/api-support';

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance;

beforeEach(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir });
});

afterEach(async () => {
  await app.close();
  data.remove();
});

const VALID = { email: 'niamh@example.ie', items: [{ id: '3', quantity: 1 }] };

async function post(url: string, payload: string, contentType = 'application/json') {
  const res = await app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
  return { status: res.statusCode, body: res.json() as { ok: boolean; error?: string } };
}

describe('POST /api/checkout rejects bad requests with a 4xx and a message', () => {
  const cases: [string, string, number, string | RegExp][] = [
    ['an empty cart', JSON.stringify({ ...VALID, items: [] }), 400, CHECKOUT_ERRORS.emptyCart],
    [
      'an unknown product',
      JSON.stringify({ ...VALID, items: [{ id: '99', quantity: 1 }] }),
      400,
      CHECKOUT_ERRORS.unknownProduct,
    ],
    [
      'a prototype-named product',
      JSON.stringify({ ...VALID, items: [{ id: 'toString', quantity: 1 }] }),
      400,
      CHECKOUT_ERRORS.unknownProduct,
    ],
    [
      'a quantity above the maximum',
      JSON.stringify({ ...VALID, items: [{ id: '3', quantity: LIMITS.maxQuantityPerLine + 1 }] }),
      400,
      CHECKOUT_ERRORS.quantity,
    ],
    [
      'a quantity of zero',
      JSON.stringify({ ...VALID, items: [{ id: '3', quantity: 0 }] }),
      400,
      CHECKOUT_ERRORS.quantity,
    ],
    [
      'a quantity as text',
      JSON.stringify({ ...VALID, items: [{ id: '3', quantity: '2' }] }),
      400,
      CHECKOUT_ERRORS.quantity,
    ],
    [
      'too many lines',
      JSON.stringify({
        ...VALID,
        items: Array.from({ length: LIMITS.maxCartLines + 1 }, (_, i) => ({
          id: String(i + 1),
          quantity: 1,
        })),
      }),
      400,
      CHECKOUT_ERRORS.tooManyLines,
    ],
    [
      'the same product twice',
      JSON.stringify({
        ...VALID,
        items: [
          { id: '3', quantity: 1 },
          { id: '3', quantity: 2 },
        ],
      }),
      400,
      CHECKOUT_ERRORS.duplicateLine,
    ],
    ['a bad e-mail', JSON.stringify({ ...VALID, email: 'not-an-email' }), 400, EMAIL_MESSAGES.invalid],
    [
      'an over-long e-mail',
      JSON.stringify({ ...VALID, email: `${'a'.repeat(250)}@example.ie` }),
      400,
      EMAIL_MESSAGES.tooLong,
    ],
    [
      'an e-mail with a line break',
      JSON.stringify({ ...VALID, email: 'a@example.ie\r\nBcc: x@evil.test' }),
      400,
      EMAIL_MESSAGES.invalid,
    ],
    ['an unknown zone', JSON.stringify({ ...VALID, zone: 'MARS' }), 400, /zone/],
    [
      'a price on a line',
      JSON.stringify({ ...VALID, items: [{ id: '3', quantity: 1, price: 100 }] }),
      400,
      /"price"/,
    ],
    ['an amount', JSON.stringify({ ...VALID, amount: 1 }), 400, /"amount"/],
    [
      'a __proto__ key',
      '{"email":"a@example.ie","items":[{"id":"3","quantity":1}],"__proto__":{"x":1}}',
      400,
      /not valid JSON|forbidden key/,
    ],
    ['a JSON array', '[1,2,3]', 400, 'The request body must be a JSON object'],
    ['JSON null', 'null', 400, 'The request body must be a JSON object'],
    ['broken JSON', '{"email": ', 400, API_MESSAGES.invalidJson],
    ['an empty body', '', 400, API_MESSAGES.emptyBody],
    ['a form post', 'email=a%40example.ie', 415, API_MESSAGES.json],
    ['text/plain JSON', JSON.stringify(VALID), 415, API_MESSAGES.json],
    [
      'a body over the limit',
      JSON.stringify({ ...VALID, pad: 'x'.repeat(20_000) }),
      413,
      API_MESSAGES.tooLarge,
    ],
  ];

  it.each(cases)('%s', async (label, payload, status, message) => {
    const type =
      label === 'a form post'
        ? 'application/x-www-form-urlencoded'
        : label === 'text/plain JSON'
          ? 'text/plain'
          : 'application/json';
    const res = await post('/api/checkout', payload, type);
    expect(res.status).toBe(status);
    expect(res.body.ok).toBe(false);
    if (typeof message === 'string') expect(res.body.error).toBe(message);
    else expect(res.body.error).toMatch(message);
    expect(await orderRows(app)).toHaveLength(0);
  });

  it('accepts a valid cart with the built-in test checkout', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: VALID });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { ok: boolean; url: string; sessionId: string };
    expect(body.ok).toBe(true);
    expect(body.sessionId).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(body.url).toBe(`http://shop.test/test-checkout/${body.sessionId}`);
    const rows = await orderRows(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      provider: 'test-checkout',
      session_id: body.sessionId,
    });
  });
});

describe('POST /api/orders/{sessionId}/confirm edges', () => {
  it('accepts no body, refuses other content and fields', async () => {
    const id = 'cs_test_abcdefghijklmnop';
    expect((await app.inject({ method: 'POST', url: `/api/orders/${id}/confirm` })).statusCode).toBe(404);
    expect((await post(`/api/orders/${id}/confirm`, '{"status":"paid"}')).status).toBe(400);
    expect((await post(`/api/orders/${id}/confirm`, 'paid', 'text/plain')).status).toBe(415);
    expect((await post('/api/orders/..%2f..%2fetc/confirm', '{}')).status).toBe(400);
  });
});

describe('POST /api/newsletter', () => {
  async function count(): Promise<number> {
    const rows = await app.platform.db.selectFrom('newsletter_signups').selectAll().execute();
    return rows.length;
  }

  it('stores an address once, whatever its case, and always answers ok', async () => {
    expect(
      await post('/api/newsletter', JSON.stringify({ email: ' Orla@Example.ie ', source: 'home' })),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(
      (await post('/api/newsletter', JSON.stringify({ email: 'orla@example.IE', source: 'brooches' }))).body,
    ).toEqual({
      ok: true,
    });
    const rows = await app.platform.db.selectFrom('newsletter_signups').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Orla@Example.ie', email_key: 'orla@example.ie', source: 'home' });
  });

  it.each([
    [{ email: 'nope' }, 400, EMAIL_MESSAGES.invalid],
    [{ email: `${'b'.repeat(260)}@example.ie` }, 400, EMAIL_MESSAGES.tooLong],
    [{ email: 42 }, 400, EMAIL_MESSAGES.invalid],
    [{}, 400, EMAIL_MESSAGES.invalid],
    [{ email: 'a@example.ie', source: 'Home Page!' }, 400, /source/],
    [{ email: 'a@example.ie', admin: true }, 400, /admin/],
  ])('refuses %j', async (payload, status, message) => {
    const res = await post('/api/newsletter', JSON.stringify(payload));
    expect(res.status).toBe(status);
    expect(res.body.ok).toBe(false);
    if (typeof message === 'string') expect(res.body.error).toBe(message);
    else expect(res.body.error).toMatch(message);
    expect(await count()).toBe(0);
  });

  it('refuses a form post with 415', async () => {
    expect(
      (await post('/api/newsletter', 'email=a%40example.ie', 'application/x-www-form-urlencoded')).status,
    ).toBe(415);
  });
});
