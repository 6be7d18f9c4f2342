/**
 * E-mail header injection. Addresses, names and addresses of delivery with CR/LF or other control
 * characters never reach a header; every message goes to exactly one recipient, the order's e-mail or
 * OWNER_EMAIL, checked on the SMTP envelope of a real in-process mail server.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkEmail } from '../../domain/shared/email';
import { type FakeStripe, startFakeStripe } from '../../tests/support/fake-stripe';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import { buildTestApp, outboxSettled, tempDataDir } from '../../tests/support/test-app';
import { ConfigError, loadConfig } from '../config';

const OWNER = 'owner@solas.test';
const SHOPPER = 'orla.kavanagh@example.ie';
const EVIL = 'victim@attacker.test';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const UNSAFE_IN_HEADER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]/;
const LINE_BREAKERS = [
  '\r',
  '\n',
  '\r\n',
  '\u0000',
  '\u000b',
  '\u000c',
  '\u0085',
  '\u2028',
  '\u2029',
  '\t',
  ' ',
];

let smtp: SmtpSink;
let stripe: FakeStripe;
let data: ReturnType<typeof tempDataDir>;
const apps: FastifyInstance[] = [];

beforeEach(async () => {
  smtp = await startSmtpSink();
  stripe = await startFakeStripe();
  data = tempDataDir();
});
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  await smtp.stop();
  await stripe.close();
  data.remove();
});

function headerBlock(mail: ReceivedMail): string {
  return mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
}

function expectOnlyRecipients(messages: readonly ReceivedMail[]): void {
  expect(messages.map((m) => m.envelopeTo).sort()).toEqual([[OWNER], [SHOPPER]].sort());
  for (const m of messages) {
    const headers = headerBlock(m);
    expect(headers).not.toMatch(/^(bcc|cc):/im);
    // The owner's notice answers the customer (one checked address); the shopper's has none here (her
    // contact address is the sender's).
    const replyTo = m.parsed.replyTo?.value.map((v) => v.address);
    expect(replyTo).toEqual(m.envelopeTo.includes(OWNER) ? [SHOPPER] : undefined);
    expect(headers.toLowerCase()).not.toContain('attacker');
    expect(m.parsed.to && !Array.isArray(m.parsed.to) ? m.parsed.to.value.map((v) => v.address) : []).toEqual(
      m.envelopeTo,
    );
    expect(m.parsed.cc).toBeUndefined();
    expect(m.parsed.bcc).toBeUndefined();
  }
}

describe('addresses', () => {
  it('checkEmail never accepts an address that could break a header (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc
            .tuple(
              fc.emailAddress(),
              fc.constantFrom(...LINE_BREAKERS),
              fc.nat(),
              fc.string({ maxLength: 30 }),
            )
            .map(([email, brk, at, tail]) => {
              const i = at % (email.length + 1);
              return `${email.slice(0, i)}${brk}${tail}${email.slice(i)}`;
            }),
        ),
        (raw) => {
          const result = checkEmail(raw);
          if (result.ok) expect(result.email).not.toMatch(UNSAFE_IN_HEADER);
        },
      ),
      { seed: 8_2026, numRuns: 3_000 },
    );
  });

  it.each(LINE_BREAKERS)('checkout refuses an e-mail with %j inside', async (brk) => {
    const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off' });
    apps.push(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: `orla${brk}Bcc: ${EVIL}@example.ie`, items: [{ id: '1', quantity: 1 }] },
    });
    expect(res.statusCode).toBe(400);
  });

  it('OWNER_EMAIL and MAIL_FROM with a line break are configuration errors', () => {
    expect(() => loadConfig({ OWNER_EMAIL: `${OWNER}\r\nBcc: ${EVIL}` })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: `shop@solas.test\nBcc: ${EVIL}` })).toThrow(ConfigError);
  });
});

describe('names and delivery addresses from the payment provider', () => {
  /** A shop mailing through the SMTP sink (with `env`), and the shopper's open checkout of one piece. */
  async function openCheckout(env: Record<string, string>) {
    const app = await buildTestApp({
      DATA_DIR: data.dir,
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      RATE_LIMITS: 'off',
      ...env,
    });
    apps.push(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: SHOPPER, items: [{ id: '2', quantity: 1 }], zone: 'IE' },
    });
    return { app, sessionId: (created.json() as { sessionId: string }).sessionId };
  }

  it('a Stripe shipping name full of header lines stays in the body; recipients are exactly two', async () => {
    const { app, sessionId } = await openCheckout({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_URL: stripe.url,
    });
    stripe.pay(sessionId, {
      name: `Orla\r\nBcc: ${EVIL}\r\nSubject: free\u0085Cc: ${EVIL}\u2028To: ${EVIL}\u0000`,
      country: 'IE',
    });
    const res = await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
    expect(res.json()).toMatchObject({ status: 'paid' });
    await smtp.waitFor(2);
    await outboxSettled(app);
    expect(smtp.messages).toHaveLength(2);
    expectOnlyRecipients(smtp.messages);
    // The name is there, as text, where it belongs.
    expect(smtp.messages.some((m) => (m.parsed.text ?? '').includes('Orla'))).toBe(true);
    for (const m of smtp.messages) expect(m.parsed.subject).not.toMatch(/free|attacker/i);
  });

  it('the test checkout refuses control characters in every field and sends nothing', async () => {
    const { app, sessionId } = await openCheckout({});
    const good = {
      email: SHOPPER,
      name: 'Orla Kavanagh',
      line1: '3 Strand Road',
      city: 'Bray',
      postalCode: 'A98 X1Y2',
      country: 'IE',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 39',
      cvc: '123',
    };
    const pay = (form: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/test-checkout/${sessionId}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    for (const field of ['email', 'name', 'line1', 'city', 'postalCode'] as const) {
      const res = await pay({ ...good, [field]: `${good[field]}\r\nBcc: ${EVIL}` });
      expect(res.statusCode, field).toBe(400);
    }
    await outboxSettled(app);
    expect(smtp.messages).toHaveLength(0);

    // Unicode's line separators and the C1 next line break a line too: refused as well.
    for (const name of [`Orla\u2028Bcc: ${EVIL}`, `Orla\u2029Bcc: ${EVIL}`, `Orla\u0085Cc: ${EVIL}`]) {
      expect((await pay({ ...good, name })).statusCode, JSON.stringify(name)).toBe(400);
    }
    expect(smtp.messages).toHaveLength(0);
    expect((await pay(good)).statusCode).toBe(303);
    await smtp.waitFor(2);
    await outboxSettled(app);
    expect(smtp.messages).toHaveLength(2);
    expectOnlyRecipients(smtp.messages);
  });
});
