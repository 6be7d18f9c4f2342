import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../shared/email';
import { interpretNewsletterReply, newsletterRequest, newsletterRequestSchema } from './newsletter';
import { NEWSLETTER_MESSAGES } from './newsletter-messages';

describe('newsletterRequest', () => {
  const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.ie`;
  it.each<[string, ReturnType<typeof newsletterRequest>]>([
    ['a@b.co', { ok: true, body: { email: 'a@b.co', source: 'home' } }],
    ['  Shopper@Example.IE \n', { ok: true, body: { email: 'Shopper@Example.IE', source: 'home' } }],
    ['', { ok: false, message: EMAIL_MESSAGES.invalid }],
    ['   ', { ok: false, message: EMAIL_MESSAGES.invalid }],
    ['not-an-email', { ok: false, message: EMAIL_MESSAGES.invalid }],
    ['a@b', { ok: false, message: EMAIL_MESSAGES.invalid }],
    ['a@b.co\r\nBcc: x@y.z', { ok: false, message: EMAIL_MESSAGES.invalid }],
    [long, { ok: false, message: EMAIL_MESSAGES.tooLong }],
  ])('%j', (raw, expected) => {
    expect(newsletterRequest(raw, 'home')).toEqual(expected);
  });

  it('builds bodies the strict schema accepts', () => {
    const result = newsletterRequest('a@b.co', 'coming-soon');
    if (!result.ok) throw new Error('expected a valid request');
    expect(newsletterRequestSchema.safeParse(result.body).success).toBe(true);
  });

  it.each([
    [{ email: 'a@b.co', source: 'home', price: 1 }],
    [{ email: 'a@b.co', source: 'elsewhere' }],
    [{ email: 'a@b.co' }],
    [{ email: 42, source: 'home' }],
  ])('the schema rejects %j', (body) => {
    expect(newsletterRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('interpretNewsletterReply', () => {
  it.each<[number, unknown, ReturnType<typeof interpretNewsletterReply>]>([
    [200, { ok: true }, { ok: true }],
    [201, { ok: true }, { ok: true }],
    [200, { ok: false, error: 'x' }, { ok: false, message: NEWSLETTER_MESSAGES.failed }],
    [200, null, { ok: false, message: NEWSLETTER_MESSAGES.failed }],
    [200, 'ok', { ok: false, message: NEWSLETTER_MESSAGES.failed }],
    [400, { ok: false, error: EMAIL_MESSAGES.invalid }, { ok: false, message: EMAIL_MESSAGES.invalid }],
    [429, { ok: false, error: 'Too many requests' }, { ok: false, message: 'Too many requests' }],
    [400, { ok: false, error: '  ' }, { ok: false, message: NEWSLETTER_MESSAGES.failed }],
    [400, { ok: true }, { ok: false, message: NEWSLETTER_MESSAGES.failed }],
    [
      500,
      { ok: false, error: 'SQLITE_BUSY: database is locked' },
      { ok: false, message: NEWSLETTER_MESSAGES.failed },
    ],
    [503, undefined, { ok: false, message: NEWSLETTER_MESSAGES.failed }],
  ])('status %i, body %j', (status, body, expected) => {
    expect(interpretNewsletterReply(status, body)).toEqual(expected);
  });
});
