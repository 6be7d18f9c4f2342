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
import { IMAGE_EDIT_PATH } from '../../domain/image-edit';
import { startServerProcess, tinyWebDist } from '../../tests/support/server-process';
import { tempDataDir } from '../../tests/support/test-app';
import { loadConfig } from '../config';
import { TurnBatchedLogStream } from './log-stream';
import {
  completedRequestLog,
  millisecondsText,
  REDACTED,
  REQUEST_ID_CHARS,
  requestIdGenerator,
  scrubLogObject,
  scrubPatterns,
  scrubText,
  scrubUrl,
  serializeError,
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
    const text = 'order ord_Ab12Cd34 total 3845 at 1795320088650 session cs_test_a1B2c3D4e5F6g7H8';
    expect(scrubText(text)).toBe(text);
  });

  it('scrubs nested log fields and errors, but leaves serialized objects to their serializers', () => {
    const req = { method: 'GET', url: '/?e=a@b.ie' };
    const out = scrubLogObject({
      err: 'x',
      req,
      detail: { message: 'Invalid email address: someone@example.ie', list: ['4242424242424242'] },
      cause: new Error('for someone@example.ie'),
    });
    expect(out.req).toBe(req);
    expect(out.detail).toEqual({
      message: 'Invalid email address: s***@example.ie',
      list: ['[card number]'],
    });
    expect((out.cause as { message: string }).message).toBe('for s***@example.ie');
    const err = Object.assign(new Error('Stripe: No such customer: x@y.ie'), { code: 'resource_missing' });
    expect(serializeError(err)).toMatchObject({
      type: 'Error',
      message: 'Stripe: No such customer: x***@y.ie',
      code: 'resource_missing',
    });
  });
});

describe('sensitive fields', () => {
  it('are redacted by name at any depth, in errors too, before the line is written', () => {
    const chunks: string[] = [];
    const options = serverLogOptions(loadConfig({ LOG_LEVEL: 'info' })).logger;
    if (!options || options === true) throw new Error('no logger options');
    const log = pino(options as pino.LoggerOptions, { write: (line: string) => chunks.push(line) });
    const err = Object.assign(new Error('declined'), { email: 'a@b.ie', code: 'card_declined' });
    log.info(
      {
        email: 'shopper@example.ie',
        token: 'tok_1',
        shipping: { name: 'n', contact: { email: 'deep@example.ie', phone: 'x' } },
        list: [{ cardNumber: '4242' }],
        headers: { authorization: 'Bearer abc', 'stripe-signature': 't=1,v1=x' },
        err,
      },
      'paid',
    );
    const line = JSON.parse(chunks.join('')) as Record<string, unknown>;
    expect(line).toMatchObject({
      email: REDACTED,
      token: REDACTED,
      shipping: { name: 'n', contact: { email: REDACTED, phone: 'x' } },
      list: [{ cardNumber: REDACTED }],
      headers: { authorization: REDACTED, 'stripe-signature': REDACTED },
      err: { message: 'declined', email: REDACTED, code: 'card_declined' },
      msg: 'paid',
    });
    expect(chunks.join('')).not.toMatch(/example\.ie|tok_1|Bearer|4242/);
  });
});

describe('the log destination', () => {
  it('is stdout behind the per-turn batching stream (log-stream.ts), for every line of the app', () => {
    const options = serverLogOptions(loadConfig({ LOG_LEVEL: 'info' })).logger;
    if (!options || options === true) throw new Error('no logger options');
    expect((options as { stream?: unknown }).stream).toBeInstanceOf(TurnBatchedLogStream);
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
    expect(scrubUrl('/api/orders/cs_test_abc12345/confirm')).toBe('/api/orders/cs_test_abc12345/confirm');
    expect(scrubUrl('/api/x/aoife%40example.ie')).toBe('/api/x/a***@example.ie');
    expect(scrubUrl('/bad/%E0%A4%A')).toBe('/bad/%E0%A4%A');
  });
});

describe('request ids', () => {
  it('are random unless a trusted proxy sent a well-formed one', () => {
    const own = requestIdGenerator(false);
    const a = own({ headers: { 'x-request-id': 'proxy-id-12345678' } });
    expect(a).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(own({ headers: {} })).not.toBe(a);
    const behindProxy = requestIdGenerator(true);
    expect(behindProxy({ headers: { 'x-request-id': 'proxy-id-12345678' } })).toBe('proxy-id-12345678');
    expect(behindProxy({ headers: { 'x-request-id': 'bad id\n{"level":60}' } })).not.toContain('level');
  });
});

describe("the page fast path's log line", () => {
  it('request ids, fresh or from a trusted proxy, need no JSON escaping (the line writes them as they are)', () => {
    const own = requestIdGenerator(false);
    const behindProxy = requestIdGenerator(true);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (incoming) => {
        for (const id of [own({ headers: {} }), behindProxy({ headers: { 'x-request-id': incoming } })]) {
          expect(id).toMatch(REQUEST_ID_CHARS);
          expect(JSON.parse(`"${id}"`)).toBe(id);
        }
      }),
    );
  });

  it('prints milliseconds to the microsecond as a JSON number', () => {
    expect(millisecondsText(0)).toBe('0.000');
    expect(millisecondsText(0.0452910065)).toBe('0.045');
    expect(millisecondsText(1.0005)).toBe('1.001');
    expect(millisecondsText(12.3)).toBe('12.300');
    expect(millisecondsText(Number.NaN)).toBe('0');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ms) => {
        const value = JSON.parse(millisecondsText(ms)) as number;
        expect(value).toBeCloseTo(Math.round(ms * 1000) / 1000, 6);
      }),
    );
  });

  it('writes one valid JSON line per request, escaping whatever address a proxy named', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const writers = completedRequestLog(logger);
    if (!writers) throw new Error('no writer');
    const line = writers('GET', '/product/1');
    line('abcDEF123_-x', '203.0.113.7', 50123, 200, 0.25);
    line('abcDEF123_-x', '"},"level":60,"x":"', 50123, 200, 0.25);
    line('abcDEF123_-x', undefined, undefined, 304, 1.5);
    // An id that is not in the generators' alphabet goes through the logger's own serialisation.
    line('bad"id', '203.0.113.7', 1, 200, 0.1);
    expect(lines).toHaveLength(4);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed[0]).toMatchObject({
      level: 30,
      reqId: 'abcDEF123_-x',
      req: { method: 'GET', url: '/product/1', remoteAddress: '203.0.113.7', remotePort: 50123 },
      res: { statusCode: 200 },
      responseTime: 0.25,
      msg: 'request completed',
    });
    expect(parsed[1]).toMatchObject({ level: 30, req: { remoteAddress: '"},"level":60,"x":"' } });
    expect(parsed[2]).toMatchObject({ req: { method: 'GET', url: '/product/1' }, res: { statusCode: 304 } });
    expect(parsed[2]?.req).not.toHaveProperty('remoteAddress');
    expect(parsed[3]).toMatchObject({ reqId: 'bad"id', msg: 'request completed' });
    // The first three were put together directly (the time to the microsecond), the last by pino.
    expect(lines[0]).toContain('"responseTime":0.250,');
    expect(lines[3]).toContain('"responseTime":0.1,');
    logger.level = 'warn';
    line('abcDEF123_-x', '203.0.113.7', 1, 200, 0.1);
    expect(lines).toHaveLength(4);
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
      // The order page, opened the way its e-mail's link and the page do: the key in a path form's query and
      // in a POST body. Neither may reach a log line.
      for (let i = 0; i < 100 && delivered.length < 2; i += 1) await new Promise((r) => setTimeout(r, 50));
      const mails = await Promise.all(bodies.map((b) => simpleParser(b)));
      const link = mails
        .map((m) => /#\/order\/(SOL-[A-Z0-9]+)\?key=([A-Za-z0-9_-]+)/.exec(m.text ?? ''))
        .find((m) => m !== null);
      const [, reference = '', key = ''] = link ?? [];
      orderKey = key;
      expect(orderKey.length).toBeGreaterThanOrEqual(22);
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
      for (let i = 0; i < 100 && delivered.length < 3; i += 1) await new Promise((r) => setTimeout(r, 50));
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
      expect(erased.status).toBe(200);
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
      await new Promise((r) => setTimeout(r, 200));
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
});
