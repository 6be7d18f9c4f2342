/**
 * Logs carry no card data, no full e-mail address and no secret. Unit checks of the scrubbing, then the
 * real server process (its real logger configuration) through a checkout, a card payment, a confirmation
 * with SMTP delivery (credentials in SMTP_URL), admin calls and hostile requests: its whole output is
 * searched for every sensitive value. Every line is JSON and request lines carry the X-Request-Id.
 */

import path from 'node:path';
import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_EDIT_PATH } from '../../domain/media/image-edit';
import { startServerProcess, tinyWebDist } from '../../tests/support/server-process';
import { tempDataDir } from '../../tests/support/test-app';
import { loadConfig } from '../config';
import {
  REDACTED,
  requestIdGenerator,
  scrubPatterns,
  scrubText,
  scrubUrl,
  serializeError,
  serializeRequest,
  serverLogOptions,
} from './logging';

describe('scrubText', () => {
  it.each([
    ['mail to aoife.byrne@example.ie failed', 'mail to a***@example.ie failed'],
    ['card 4242 4242 4242 4242 declined', 'card [card number] declined'],
    ['card 4000-0000-0000-0002', 'card [card number]'],
    ['pan=4242424242424242&x=1', 'pan=[card number]&x=1'],
    ['key sk_live_51AbCdEf and whsec_abc123', 'key [secret] and [secret]'],
    ['Authorization: Bearer abc.def-123', 'Authorization: [secret]'],
    ['smtp://shop:hunter2@mail.example.ie:587', 'smtp://[credentials]@mail.example.ie:587'],
    ['-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----', '[secret]'],
  ])('%j -> %j', (input, output) => {
    expect(scrubText(input)).toBe(output);
  });

  it('leaves ids, totals and timestamps alone (no card-number false positives)', () => {
    const text = 'order ord_Ab12Cd34 total 3845 at 1795320088650 reference SOL-A1B2C3D4';
    expect(scrubText(text)).toBe(text);
  });

  it('masks checkout session ids, which open the order they paid for: only their first characters stay', () => {
    const id = `cs_test_${'a1B2c3D4'.repeat(7)}xy`;
    expect(scrubText(`session ${id} paid`)).toBe('session cs_test_a1B2*** paid');
    expect(scrubText('cs_live_Zz9Yy8Xx7Ww6')).toBe('cs_live_Zz9Y***');
  });

  it('scrubs errors, which quote what was sent, in their message and their own fields', () => {
    const err = Object.assign(new Error('Stripe: No such customer: x@y.ie'), {
      code: 'resource_missing',
      param: 'customer 4242424242424242',
    });
    expect(serializeError(err)).toMatchObject({
      type: 'Error',
      message: 'Stripe: No such customer: x***@y.ie',
      code: 'resource_missing',
      param: 'customer [card number]',
    });
    expect(serializeError('for someone@example.ie')).toMatchObject({ message: 'for s***@example.ie' });
  });
});

describe('sensitive fields', () => {
  it("are redacted by name (pino's redact), in errors too; session ids masked, free texts scrubbed", () => {
    const chunks: string[] = [];
    const options = serverLogOptions(loadConfig({ LOG_LEVEL: 'info' })).logger;
    if (!options || options === true) throw new Error('no logger options');
    const log = pino(options as pino.LoggerOptions, { write: (line: string) => chunks.push(line) });
    const err = Object.assign(new Error('declined'), { email: 'a@b.ie', code: 'card_declined' });
    log.info(
      {
        email: 'shopper@example.ie',
        token: 'tok_1',
        cardNumber: '4242',
        key: 'order-key-secret',
        shipping_address: '12 Harbour Road',
        'set-cookie': 'solas_desk=abc',
        sessionId: 'cs_test_Q1w2E3r4T5y6U7i8O9p0',
        detail: '250 accepted for shopper@example.ie',
        orderId: 'ord_1',
        err,
      },
      'paid',
    );
    const line = JSON.parse(chunks.join('')) as Record<string, unknown>;
    expect(line).toMatchObject({
      email: REDACTED,
      token: REDACTED,
      cardNumber: REDACTED,
      key: REDACTED,
      shipping_address: REDACTED,
      'set-cookie': REDACTED,
      sessionId: 'cs_test_Q1w2***',
      detail: '250 accepted for s***@example.ie',
      orderId: 'ord_1',
      err: { message: 'declined', email: REDACTED, code: 'card_declined' },
      msg: 'paid',
    });
    expect(chunks.join('')).not.toMatch(/shopper@|a@b|tok_1|4242|order-key|Harbour|abc|Q1w2E3/);
  });
});

describe('scrubText quick check', () => {
  it('skips only strings that no pattern could change', () => {
    // Pieces of every pattern, mixed with ordinary text: the quick check must never skip a string the
    // full scrub would change.
    const piece = fc.constantFrom(
      'a',
      'Z',
      ' ',
      '-',
      '_',
      '.',
      '/',
      ':',
      '=',
      '+',
      '\n',
      '@',
      '4',
      '0',
      '4242 4242 4242 4242',
      '4111111111111111',
      'sk_',
      'rk_',
      'live_',
      'test_',
      'sk_live_',
      'rk_test_',
      'cs_test_',
      'cs_live_Ab12',
      'whsec_',
      'WHSEC_',
      'Bearer ',
      'bearer ',
      'Basic ',
      'BASIC ',
      '-----BEGIN PRIVATE KEY-----',
      '-----begin rsa private key-----',
      'smtp://',
      'user:pw@',
      'shopper@example.ie',
      'x@y.z',
      'example.ie',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(scrubText(text)).toBe(scrubPatterns(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('scrubUrl', () => {
  it('keeps the path and the query parameter names, never their values', () => {
    expect(scrubUrl('/shop?email=a%40b.ie&card=4242424242424242&token=abc')).toBe(
      '/shop?email=*&card=*&token=*',
    );
    expect(scrubUrl('/api/orders/cs_test_abc12345/confirm')).toBe('/api/orders/cs_test_abc1***/confirm');
    expect(scrubUrl('/test-checkout/cs_test_a1B2c3D4e5F6g7H8/pay')).toBe(
      '/test-checkout/cs_test_a1B2***/pay',
    );
    expect(scrubUrl('/api/x/aoife%40example.ie')).toBe('/api/x/a***@example.ie');
    expect(scrubUrl('/bad/%E0%A4%A')).toBe('/bad/%E0%A4%A');
  });

  it("masks the cart reminder's restore token, as it masks a session id", () => {
    const token = 'Ab3dEfGhIjKlMnOpQrStUvWxYz012345';
    expect(scrubUrl(`/api/cart-reminders/${token}`)).toBe('/api/cart-reminders/Ab3d***');
    expect(scrubUrl(`/api/cart-reminders/${token}?x=1`)).toBe('/api/cart-reminders/Ab3d***?x=*');
    expect(serializeRequest({ method: 'POST', url: `/api/cart-reminders/${token}` }).url).not.toContain(
      token.slice(4),
    );
  });
});

describe('request ids', () => {
  it('are random unless a trusted proxy sent a well-formed one', () => {
    const own = requestIdGenerator(false);
    const a = own({ headers: { 'x-request-id': 'proxy-id-12345678' } });
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(own({ headers: {} })).not.toBe(a);
    const behindProxy = requestIdGenerator(true);
    expect(behindProxy({ headers: { 'x-request-id': 'proxy-id-12345678' } })).toBe('proxy-id-12345678');
    expect(behindProxy({ headers: { 'x-request-id': 'bad id\n{"level":60}' } })).not.toContain('level');
  });
});

describe('the real server log', () => {
  const SHOPPER = 'aoife.byrne@example.ie';
  const ADMIN_TOKEN = 'log-test-admin-token-XYZ123';
  const SMTP_PASSWORD = 'smtp-Pa55word-xyz';
  const CARD = '4242424242424242';

  let data: ReturnType<typeof tempDataDir>;
  let smtp: SMTPServer;
  let smtpPort = 0;
  const delivered: string[] = [];
  const bodies: string[] = [];

  beforeEach(async () => {
    data = tempDataDir();
    smtp = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'shop' && auth.password === SMTP_PASSWORD)
          return callback(null, { user: 'shop' });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          delivered.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          bodies.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    data.remove();
  });

  it('never contains card data, the full e-mail, the admin token, the SMTP password or an order key', async () => {
    const server = await startServerProcess({
      DATA_DIR: path.join(data.dir, 'data'),
      WEB_DIST_DIR: tinyWebDist(path.join(data.dir, 'web')),
      LOG_LEVEL: 'trace',
      ADMIN_TOKEN,
      SMTP_URL: `smtp://shop:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`,
      OWNER_EMAIL: 'owner@solas.test',
      RATE_LIMITS: 'off',
    });
    let requestId = '';
    let checkoutSession = 'not-read';
    let newsletterToken = 'not-read';
    let orderKey = 'not-read';
    let answerKey = 'not-read';
    try {
      const json = { 'content-type': 'application/json' };
      const created = await fetch(`${server.url}/api/checkout`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: SHOPPER, items: [{ id: '1', quantity: 1 }] }),
      });
      requestId = created.headers.get('x-request-id') ?? 'missing';
      const { sessionId } = (await created.json()) as { sessionId: string };
      checkoutSession = sessionId;
      const form = {
        email: SHOPPER,
        name: 'Aoife Byrne',
        line1: '12 Harbour Road',
        city: 'Howth',
        postalCode: 'D13 X2Y4',
        country: 'IE',
        expiry: '12 / 39',
        cvc: '123',
      };
      const pay = (cardNumber: string) =>
        fetch(`${server.url}/test-checkout/${sessionId}/pay`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...form, cardNumber }).toString(),
        });
      expect((await pay('4000 0000 0000 0002')).status).toBe(402);
      expect((await pay('5555 5555 5555 4444')).status).toBe(402);
      expect((await pay(CARD)).status).toBe(303);
      const confirmed = await fetch(`${server.url}/api/orders/${sessionId}/confirm`, {
        method: 'POST',
        headers: json,
        body: '{}',
      });
      expect(confirmed.status).toBe(200);
      const confirmedOrder = (await confirmed.json()) as { orderPagePath?: string };
      // The order page, opened the way its e-mail's link and the page do: the key in a path form's query and
      // in a POST body. Neither may reach a log line.
      await expect.poll(() => delivered.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const mails = await Promise.all(bodies.map((b) => simpleParser(b)));
      const link = mails
        .map((m) => /#\/order\/(SOL-[A-Z0-9]+)\?key=([A-Za-z0-9_-]+)/.exec(m.text ?? ''))
        .find((m) => m !== null);
      const [, reference = '', key = ''] = link ?? [];
      orderKey = key;
      expect(orderKey.length).toBeGreaterThanOrEqual(22);
      // The confirmation's answer carries the order page's link with a key of its own (each link given out
      // has one): no more in a log line than the e-mail's.
      answerKey = /\?key=([A-Za-z0-9_-]+)$/.exec(confirmedOrder.orderPagePath ?? '')?.[1] ?? '';
      expect(answerKey.length).toBeGreaterThanOrEqual(22);
      expect(confirmedOrder.orderPagePath).toBe(`/#/order/${reference}?key=${answerKey}`);
      await fetch(`${server.url}/order/${reference}?key=${orderKey}`);
      const orderPage = await fetch(`${server.url}/api/order-page`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ reference, key: orderKey }),
      });
      expect(orderPage.status).toBe(200);
      const png =
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDAwMDAAAANAAGfqnXbAAAAAElFTkSuQmCC';
      const edited = await fetch(`${server.url}${IMAGE_EDIT_PATH}`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${ADMIN_TOKEN}` },
        body: JSON.stringify({ imageUrl: `data:image/png;base64,${png}`, editInstruction: 'brighter' }),
      });
      expect(edited.status).toBeLessThan(500);
      // Hostile or careless requests that quote sensitive values.
      await fetch(`${server.url}${IMAGE_EDIT_PATH}`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${ADMIN_TOKEN}-wrong` },
        body: '{}',
      });
      await fetch(`${server.url}/api/checkout`, {
        method: 'POST',
        headers: json,
        body: `{"email":"${SHOPPER}","card":"${CARD}"`,
      });
      // The newsletter, the whole way: sign up, confirm with the e-mail's link, one-click unsubscribe.
      const signedUp = await fetch(`${server.url}/api/newsletter`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: SHOPPER }),
      });
      expect(signedUp.status).toBe(200);
      await expect.poll(() => delivered.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      const confirmation = bodies.find((b) => b.includes('List-Unsubscribe-Post')) ?? '';
      newsletterToken = /token=([A-Za-z0-9_-]{32})/.exec(confirmation)?.[1] ?? '';
      expect(newsletterToken).not.toBe('');
      const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
      const confirmedSignup = await fetch(`${server.url}/newsletter/confirm`, {
        method: 'POST',
        headers: formHeaders,
        body: `token=${newsletterToken}`,
      });
      expect(confirmedSignup.status).toBe(200);
      const unsubscribed = await fetch(`${server.url}/newsletter/unsubscribe?token=${newsletterToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(unsubscribed.status).toBe(200);
      // The owner's privacy requests name the address in the query and in the body.
      const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const exported = await fetch(
        `${server.url}/api/admin/privacy/export?email=${encodeURIComponent(SHOPPER)}`,
        {
          headers: admin,
        },
      );
      expect(exported.status).toBe(200);
      const erased = await fetch(`${server.url}/api/admin/privacy/erase`, {
        method: 'POST',
        headers: { ...json, ...admin },
        body: JSON.stringify({ email: SHOPPER }),
      });
      // Refused while the paid order is not delivered (docs/product/privacy.md §12.2): the body named the address all the same.
      expect(erased.status).toBe(409);
      await fetch(
        `${server.url}/shop?email=${encodeURIComponent(SHOPPER)}&card=${CARD}&token=${ADMIN_TOKEN}`,
      );
      await fetch(`${server.url}/api/nothing/${SHOPPER}`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(delivered.sort()).toEqual([SHOPPER, SHOPPER, 'owner@solas.test'].sort());
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }

    const output = server.output();
    const lines = output.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(output).toContain('"msg":"e-mail sent"');
    // The checkout says what it opened on its one request line, without the session id (it opens the
    // order's confirmation).
    const checkoutLines = lines.filter((l) => l.includes(`"reqId":"${requestId}"`));
    expect(checkoutLines).toHaveLength(1);
    expect(JSON.parse(checkoutLines[0] ?? '{}')).toMatchObject({
      msg: 'request completed',
      orderId: expect.stringMatching(/^ord_[a-z0-9]{9}[A-Za-z0-9]{15}$/),
      total: expect.any(Number),
      items: 1,
      zone: 'IE',
      req: { method: 'POST', url: '/api/checkout' },
      res: { statusCode: 200 },
    });
    expect(checkoutLines[0]).not.toContain(checkoutSession);
    expect(output).toContain('a***@example.ie');
    for (const secret of [
      SHOPPER,
      CARD,
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '5555 5555 5555 4444',
      ADMIN_TOKEN,
      SMTP_PASSWORD,
      // The shopper's name and address as typed on the payment page, and the newsletter links' secret.
      'Aoife Byrne',
      '12 Harbour Road',
      'D13 X2Y4',
      newsletterToken,
      orderKey,
      answerKey,
      // The test checkout's pages and the confirmation carry it in their paths.
      checkoutSession,
    ]) {
      expect(output.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    expect(output).not.toMatch(/Bearer\s+\S/);
  }, 60_000);

  it('puts the response X-Request-Id on the request log lines', async () => {
    const server = await startServerProcess({
      DATA_DIR: path.join(data.dir, 'data2'),
      WEB_DIST_DIR: tinyWebDist(path.join(data.dir, 'web2')),
    });
    try {
      const res = await fetch(`${server.url}/api/health`);
      const id = res.headers.get('x-request-id') ?? 'missing';
      // The child's log line arrives after its answer, in its own time: waited for, whole.
      const whole = () => server.output().split('\n').slice(0, -1);
      await expect
        .poll(() => whole().some((l) => l.includes(`"reqId":"${id}"`)), { timeout: 15_000 })
        .toBe(true);
      const mine = server
        .output()
        .split('\n')
        .filter((l) => l.includes(`"reqId":"${id}"`));
      // One line per request, with the request line and the status (OneLineRequestLog).
      const lines = mine.map(
        (l) =>
          JSON.parse(l) as {
            msg: string;
            req?: { method?: string; url?: string };
            res?: { statusCode?: number };
            responseTime?: number;
          },
      );
      expect(lines.map((l) => l.msg)).toEqual(['request completed']);
      expect(lines[0]?.req).toMatchObject({ method: 'GET', url: '/api/health' });
      expect(lines[0]?.res?.statusCode).toBe(200);
      expect(typeof lines[0]?.responseTime).toBe('number');
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('logs a page served as it should be at debug, and a missing page or an API answer at info', async () => {
    const server = await startServerProcess({
      DATA_DIR: path.join(data.dir, 'data3'),
      WEB_DIST_DIR: tinyWebDist(path.join(data.dir, 'web3')),
    });
    try {
      const page = await fetch(`${server.url}/shop`);
      const pageId = page.headers.get('x-request-id') ?? 'missing';
      const missing = await fetch(`${server.url}/product/9999`);
      const missingId = missing.headers.get('x-request-id') ?? 'missing';
      const api = await fetch(`${server.url}/api/health`);
      const apiId = api.headers.get('x-request-id') ?? 'missing';
      expect([page.status, missing.status, api.status]).toEqual([200, 404, 200]);
      const whole = () => server.output().split('\n').slice(0, -1);
      // The API answer comes last: once its line is there, the earlier requests' lines would be too.
      await expect
        .poll(() => whole().some((l) => l.includes(`"reqId":"${apiId}"`)), { timeout: 15_000 })
        .toBe(true);
      expect(whole().some((l) => l.includes(`"reqId":"${missingId}"`))).toBe(true);
      expect(whole().some((l) => l.includes(`"reqId":"${pageId}"`))).toBe(false);
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});
