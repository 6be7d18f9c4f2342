/**
 * The guard in front of every state-changing route, on the real app: cross-site refusal, JSON only,
 * rate limits with Retry-After, the webhook's exemption, and nothing stored by a refused request.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_EDIT_PATH } from '../../domain/media/image-edit';
import { buildTestApp, orderRows, TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { loadConfig } from '../config';
import { testCheckoutPolicy } from './csp';
import { crossSiteReason, GUARD_MESSAGES } from './request-guard';

const ADMIN_TOKEN = 'guard-test-admin-token';
let data: ReturnType<typeof tempDataDir>;
const apps: FastifyInstance[] = [];

async function app(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const a = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN, ...env });
  apps.push(a);
  return a;
}

beforeEach(() => {
  data = tempDataDir();
});
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  data.remove();
});

const CART = { email: 'guard@example.ie', items: [{ id: '2', quantity: 1 }] };
const SESSION = `cs_test_${'a'.repeat(58)}`;

/** Every state-changing route with a body it would accept. */
const JSON_ROUTES: readonly {
  name: string;
  url: string;
  payload: string;
  headers?: Record<string, string>;
}[] = [
  { name: 'checkout', url: '/api/checkout', payload: JSON.stringify(CART) },
  { name: 'confirm', url: `/api/orders/${SESSION}/confirm`, payload: '{}' },
  { name: 'newsletter', url: '/api/newsletter', payload: JSON.stringify({ email: 'n@example.ie' }) },
  {
    name: 'admin',
    url: IMAGE_EDIT_PATH,
    payload: JSON.stringify({ imageUrl: 'data:image/png;base64,AAAA', editInstruction: 'brighter' }),
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  },
];

function post(a: FastifyInstance, url: string, opts: Partial<InjectOptions> = {}) {
  return a.inject({ method: 'POST', url, ...opts } as InjectOptions);
}

async function counts(a: FastifyInstance) {
  const db = a.platform.db;
  const [orders, news, sessions] = await Promise.all([
    db.selectFrom('orders').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('newsletter_signups').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('test_checkout_sessions')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: Number(orders.n), news: Number(news.n), sessions: Number(sessions.n) };
}

describe('crossSiteReason', () => {
  const shop = 'https://solas.ie';
  it.each([
    [undefined, undefined, null],
    ['same-origin', 'https://solas.ie', null],
    [undefined, 'https://solas.ie', null],
    [undefined, 'HTTPS://SOLAS.IE', null],
    // A development proxy or another host name: the browser itself says same-origin.
    ['same-origin', 'http://localhost:5173', null],
    ['none', undefined, null],
    ['cross-site', 'https://solas.ie', 'Sec-Fetch-Site: cross-site'],
    ['cross-site', undefined, 'Sec-Fetch-Site: cross-site'],
    [undefined, 'https://evil.example', 'Origin https://evil.example is not https://solas.ie'],
    ['same-site', 'https://shop.solas.ie', 'Origin https://shop.solas.ie is not https://solas.ie'],
    ['same-site', undefined, 'Sec-Fetch-Site: same-site without an Origin'],
    [undefined, 'null', 'Origin null is not https://solas.ie'],
    [
      undefined,
      'https://solas.ie.evil.example',
      'Origin https://solas.ie.evil.example is not https://solas.ie',
    ],
  ])('Sec-Fetch-Site %s, Origin %s -> %s', (site, origin, expected) => {
    expect(crossSiteReason(site, origin, shop)).toBe(expected);
  });
});

describe('cross-site requests', () => {
  it.each(JSON_ROUTES)('$name: 403 for Sec-Fetch-Site cross-site or a foreign Origin', async (route) => {
    const a = await app();
    for (const extra of [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const res = await post(a, route.url, {
        payload: route.payload,
        headers: { 'content-type': 'application/json', ...route.headers, ...extra },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ok: false, error: GUARD_MESSAGES.crossSite });
    }
    expect(await counts(a)).toEqual({ orders: 0, news: 0, sessions: 0 });
  });

  it('accepts the shop origin, a same-origin fetch and non-browser clients', async () => {
    const a = await app();
    const variants = [
      { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const extra of variants) {
      const res = await post(a, '/api/checkout', {
        payload: JSON.stringify(CART),
        headers: { 'content-type': 'application/json', ...extra },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await orderRows(a)).length).toBe(3);
  });

  it('the test checkout form: 403 page for a foreign Origin, its own Origin pays', async () => {
    const a = await app();
    const { sessionId } = (
      await post(a, '/api/checkout', {
        payload: JSON.stringify(CART),
        headers: { 'content-type': 'application/json' },
      })
    ).json() as { sessionId: string };
    const form = new URLSearchParams({
      email: CART.email,
      name: 'Róisín Daly',
      line1: '1 Main Street',
      city: 'Cork',
      postalCode: 'T12 AB34',
      country: 'IE',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 39',
      cvc: '123',
    }).toString();
    const pay = (headers: Record<string, string>) =>
      post(a, `/test-checkout/${sessionId}/pay`, {
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const refused = await pay({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    // The test checkout's own policy, the same as on its pages.
    expect(refused.headers['content-security-policy']).toBe(testCheckoutPolicy(TEST_PUBLIC_URL));
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain(GUARD_MESSAGES.crossSite.replace("'", '&#39;'));
    expect(refused.body).toContain(`href="/test-checkout/${sessionId}"`);
    const json = await a.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      payload: JSON.stringify(Object.fromEntries(new URLSearchParams(form))),
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain(GUARD_MESSAGES.form);
    expect((await orderRows(a))[0]?.status).toBe('pending');

    const paid = await pay({ origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' });
    expect(paid.statusCode).toBe(303);
    expect((await orderRows(a))[0]?.status).toBe('paid');
  });

  it('the Stripe webhook is exempt: a cross-site delivery is judged by its signature (400), never 403', async () => {
    const a = await app();
    const res = await post(a, '/api/webhooks/stripe', {
      payload: '{}',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
        origin: 'https://x.example',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('content types', () => {
  it.each(JSON_ROUTES)('$name: 415 for anything but application/json', async (route) => {
    const a = await app();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
    ]) {
      const res = await post(a, route.url, {
        payload: route.payload,
        headers: { 'content-type': type, ...route.headers },
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ ok: false, error: GUARD_MESSAGES.json });
    }
    const charset = await post(a, route.url, {
      payload: route.payload,
      headers: { 'content-type': 'Application/JSON; charset=utf-8', ...route.headers },
    });
    expect(charset.statusCode).not.toBe(415);
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After per client address, and refused requests store nothing', async () => {
    const a = await app({ RATE_LIMITS: 'checkout=2/60,newsletter=1/30' });
    const checkout = (ip: string) =>
      post(a, '/api/checkout', {
        payload: JSON.stringify(CART),
        headers: { 'content-type': 'application/json' },
        remoteAddress: ip,
      });
    expect((await checkout('198.51.100.1')).statusCode).toBe(200);
    expect((await checkout('198.51.100.1')).statusCode).toBe(200);
    const limited = await checkout('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    // A window of 60 s that began with the first request: about a minute to wait.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({ ok: false, error: GUARD_MESSAGES.rateLimited(retryAfter) });
    expect((await checkout('198.51.100.2')).statusCode).toBe(200);
    expect((await orderRows(a)).length).toBe(3);

    const news = (email: string) =>
      post(a, '/api/newsletter', {
        payload: JSON.stringify({ email }),
        headers: { 'content-type': 'application/json' },
        remoteAddress: '198.51.100.1',
      });
    expect((await news('one@example.ie')).statusCode).toBe(200);
    const second = await news('two@example.ie');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect((await counts(a)).news).toBe(1);
  });

  it('count an IPv6 client per /64, an IPv4-mapped address as IPv4, and each limit apart', async () => {
    const a = await app({ RATE_LIMITS: 'newsletter=2/60' });
    const news = (ip: string, n: number) =>
      post(a, '/api/newsletter', {
        payload: JSON.stringify({ email: `six${n}@example.ie` }),
        headers: { 'content-type': 'application/json' },
        remoteAddress: ip,
      });
    expect((await news('2001:db8:1:2::1', 1)).statusCode).toBe(200);
    expect((await news('2001:db8:1:2::2', 2)).statusCode).toBe(200);
    expect((await news('2001:db8:1:2:ffff::3', 3)).statusCode).toBe(429);
    expect((await news('2001:db8:1:3::1', 4)).statusCode).toBe(200);
    expect((await news('::ffff:198.51.100.7', 5)).statusCode).toBe(200);
    expect((await news('198.51.100.7', 6)).statusCode).toBe(200);
    expect((await news('198.51.100.7', 7)).statusCode).toBe(429);
    const checkout = await post(a, '/api/checkout', {
      payload: JSON.stringify(CART),
      headers: { 'content-type': 'application/json' },
      remoteAddress: '2001:db8:1:2::1',
    });
    expect(checkout.statusCode).toBe(200);
  });

  it('are on by default for every guarded route and never apply to the webhook', async () => {
    const a = await app();
    const config = loadConfig({});
    const confirmLimit = config.rateLimits.confirm?.requests ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i <= confirmLimit; i += 1) {
      statuses.push(
        (await post(a, `/api/orders/${SESSION}/confirm`, { remoteAddress: '203.0.113.9' })).statusCode,
      );
    }
    expect(statuses.slice(0, confirmLimit).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    for (let i = 0; i < 3 * confirmLimit; i += 1) {
      const res = await post(a, '/api/webhooks/stripe', {
        payload: '{}',
        headers: { 'content-type': 'application/json' },
        remoteAddress: '203.0.113.9',
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('admin requests count before the token is checked: guessing is slowed down', async () => {
    const a = await app({ RATE_LIMITS: 'admin=3/60' });
    const guess = () =>
      post(a, IMAGE_EDIT_PATH, {
        payload: '{}',
        headers: { 'content-type': 'application/json', authorization: 'Bearer wrong-token-000' },
      });
    expect([(await guess()).statusCode, (await guess()).statusCode, (await guess()).statusCode]).toEqual([
      401, 401, 401,
    ]);
    expect((await guess()).statusCode).toBe(429);
  });

  it("holds each wrong token's answer for its growing delay, on the token routes and the sign-in form", async () => {
    const holds: number[] = [];
    const a = await buildTestApp(
      { DATA_DIR: data.dir, ADMIN_TOKEN, RATE_LIMITS: 'off' },
      { signInHold: async (ms) => void holds.push(ms) },
    );
    apps.push(a);
    const remoteAddress = '203.0.113.40';
    const bearer = (token: string) =>
      a.inject({
        method: 'GET',
        url: '/api/admin/orders',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress,
      });
    const form = (token: string) =>
      a.inject({ method: 'POST', url: '/api/admin/session', payload: { token }, remoteAddress });
    expect((await bearer('wrong-token-1')).statusCode).toBe(401);
    expect((await form('wrong-token-2')).statusCode).toBe(401);
    expect((await bearer('wrong-token-3')).statusCode).toBe(401);
    expect(holds).toEqual([250, 500, 1_000]);
    // The right token is answered at once and forgets the failures.
    expect((await bearer(ADMIN_TOKEN)).statusCode).toBe(200);
    expect((await bearer('wrong-token-4')).statusCode).toBe(401);
    expect(holds).toEqual([250, 500, 1_000, 250]);
  });

  it("the owner's reads count against the admin limit too; other reads never", async () => {
    const a = await app({ RATE_LIMITS: 'admin=3/60' });
    const read = (url: string) =>
      a.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await read('/api/admin/orders')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await read('/api/admin/orders/SOL-AAAA-AAAA');
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ ok: false, error: GUARD_MESSAGES.rateLimited(wait) });
    for (let i = 0; i < 5; i += 1) expect((await read('/api/health')).statusCode).toBe(200);
  });

  it('RATE_LIMITS=off switches every limit off', async () => {
    const a = await app({ RATE_LIMITS: 'off' });
    for (let i = 0; i < 30; i += 1) {
      const res = await post(a, '/api/newsletter', {
        payload: JSON.stringify({ email: `n${i}@example.ie` }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
