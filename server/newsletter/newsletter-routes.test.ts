/**
 * The newsletter's double opt-in through the real app and a real SMTP server: the sign-up sends one
 * confirmation e-mail with the RFC 8058 headers, the address is subscribed only after the link's page is
 * submitted, the one-click POST works from anywhere (a mail provider's servers) without a browser, and
 * the landing pages are noindex and keep the token to the shop. Also the owner's privacy API.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import { buildTestApp, TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { NEWSLETTER_CONFIRMATION_SUBJECT } from './newsletter-mail';

const ADMIN_TOKEN = 'newsletter-test-admin-token';

let app: FastifyInstance;
let data: ReturnType<typeof tempDataDir>;
let smtp: SmtpSink;
let client = 0;

/** Each request from its own address: the newsletter rate limit is per client. */
function from(): string {
  client += 1;
  return `192.0.2.${client}`;
}

beforeAll(async () => {
  data = tempDataDir();
  smtp = await startSmtpSink();
  app = await buildTestApp({ DATA_DIR: data.dir, SMTP_URL: smtp.url, ADMIN_TOKEN });
});

afterAll(async () => {
  await app.close();
  await smtp.stop();
  data.remove();
});

async function signUp(email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email, source: 'home' },
    headers: { origin: TEST_PUBLIC_URL },
    remoteAddress: from(),
  });
}

async function subscribers() {
  return app.newsletter.store.subscribers();
}

describe('newsletter double opt-in', () => {
  let token = '';

  it('answers a sign-up with ok and sends one confirmation e-mail with the one-click headers', async () => {
    const res = await signUp('reader@example.ie');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['reader@example.ie']);
    expect(mail?.parsed.subject).toBe(NEWSLETTER_CONFIRMATION_SUBJECT);
    // Unfolded: a long header continues on indented lines.
    const raw = (mail?.raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(raw)?.[1] ?? '';
    expect(unsubscribe).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{32}$`),
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    token = new URL(unsubscribe).searchParams.get('token') ?? '';
    expect(mail?.parsed.text).toContain(`${TEST_PUBLIC_URL}/newsletter/confirm?token=${token}`);
    expect(mail?.parsed.text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect(mail?.parsed.html).toContain(`/newsletter/unsubscribe?token=${token}`);
    // Not subscribed yet.
    expect(await subscribers()).toEqual([]);
  });

  it('sends no second confirmation within the hour, and answers the same', async () => {
    const res = await signUp('READER@example.ie');
    expect(res.json()).toEqual({ ok: true });
    await app.platform.outbox.idle();
    const rows = await app.platform.db.selectFrom('outbox').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('shows the confirmation page on GET without confirming: link scanners change nothing', async () => {
    const res = await app.inject({ method: 'GET', url: `/newsletter/confirm?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toContain('<h1 id="page-title">Confirm your subscription</h1>');
    expect(res.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect(await subscribers()).toEqual([]);
  });

  it("refuses the confirmation from another site's page", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/newsletter/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: `token=${token}`,
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(403);
    expect(await subscribers()).toEqual([]);
  });

  it("subscribes once the page's button is pressed", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/newsletter/confirm',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: TEST_PUBLIC_URL,
        'sec-fetch-site': 'same-origin',
      },
      payload: `token=${token}`,
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You’re subscribed');
    expect((await subscribers()).map((s) => s.email)).toEqual(['reader@example.ie']);
  });

  it('answers an unknown or malformed link with the same not-valid page', async () => {
    for (const url of ['/newsletter/confirm?token=nope', `/newsletter/confirm?token=${'A'.repeat(32)}`]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
        payload: '',
        remoteAddress: from(),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('This link is no longer valid');
    }
    const page = await app.inject({ method: 'GET', url: '/newsletter/unsubscribe?token=%3Cscript%3E' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('<script>');
  });

  it('unsubscribes with the one-click POST of a mail provider: no browser, no Origin, or a foreign one', async () => {
    const page = await app.inject({ method: 'GET', url: `/newsletter/unsubscribe?token=${token}` });
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await subscribers()).toHaveLength(1);

    const res = await app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You’re unsubscribed');
    expect(await subscribers()).toEqual([]);
    // Again (the mail program retries, or the reader clicks twice), as multipart: done is done.
    const again = await app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);
    // Never e-mailed again: nothing was queued for it.
    await app.platform.outbox.idle();
    expect(smtp.messages).toHaveLength(1);
  });

  it('refuses a JSON body on the one-click URL (415), never a 5xx', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("the owner's privacy API", () => {
  it('needs the admin token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/privacy/export?email=reader@example.ie' });
    expect(res.statusCode).toBe(401);
    const erase = await app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      payload: { email: 'reader@example.ie' },
      headers: { authorization: 'Bearer wrong-token-wrong-token' },
    });
    expect(erase.statusCode).toBe(401);
  });

  it('exports what is stored about an address and erases it', async () => {
    await signUp('other@example.ie');
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/privacy/export?email=Other@Example.ie',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      ok: true,
      email: 'other@example.ie',
      orders: [],
      newsletter: { email: 'other@example.ie', status: 'pending', source: 'home' },
    });
    const erase = await app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      payload: { email: 'other@example.ie' },
      headers: auth,
    });
    expect(erase.statusCode).toBe(200);
    expect(erase.json()).toMatchObject({ ok: true, newsletterSignupsDeleted: 1, paidOrdersKept: [] });
    const after = await app.inject({
      method: 'GET',
      url: '/api/admin/privacy/export?email=other@example.ie',
      headers: auth,
    });
    expect(after.json()).toMatchObject({ newsletter: null });
  });

  it('answers malformed requests with 400 and a message', async () => {
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    for (const [method, url, payload] of [
      ['GET', '/api/admin/privacy/export', undefined],
      ['GET', '/api/admin/privacy/export?email=not-an-address', undefined],
      ['POST', '/api/admin/privacy/erase', { email: 'a@example.ie', extra: 1 }],
      ['POST', '/api/admin/privacy/erase', { email: 42 }],
      ['POST', '/api/admin/privacy/erase', []],
    ] as const) {
      const res = await app.inject({ method, url, payload, headers: auth });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: expect.any(String) });
    }
  });
});
