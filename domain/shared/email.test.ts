import { describe, expect, it } from 'vitest';
import { canonicalEmail, checkEmail, EMAIL_MESSAGES, maskEmail } from './email';

describe('checkEmail', () => {
  it.each(['a@b.co', '  shopper@example.ie  ', 'first.last+tag@mail.example.com'])('accepts %j', (raw) => {
    expect(checkEmail(raw)).toEqual({ ok: true, email: raw.trim() });
  });

  it.each(['', '   ', 'plain', 'a@b', '@b.co', 'a@b..co', 'a b@c.co', 'a@b.co\r\nBcc: x@y.z', 'a@-b.co'])(
    'rejects %j with the invalid-address message',
    (raw) => {
      expect(checkEmail(raw)).toEqual({ ok: false, message: EMAIL_MESSAGES.invalid });
    },
  );

  it('rejects addresses over 255 characters with the length message', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.ie`;
    expect(long.length).toBeGreaterThan(255);
    expect(checkEmail(long)).toEqual({ ok: false, message: EMAIL_MESSAGES.tooLong });
  });

  it('has the exact messages of docs/product/texts.md §3.2', () => {
    expect(EMAIL_MESSAGES.invalid).toBe('Please enter a valid email address');
    expect(EMAIL_MESSAGES.tooLong).toBe('Email must be less than 255 characters');
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('shopper@example.ie')).toBe('s***@example.ie');
    expect(maskEmail('nope')).toBe('***');
  });
});

describe('canonicalEmail (once per e-mail address)', () => {
  it.each([
    ['shopper@example.ie', 'shopper@example.ie'],
    ['  Shopper@Example.IE ', 'shopper@example.ie'],
    ['shopper+2@example.ie', 'shopper@example.ie'],
    ['shopper+a+b@example.ie', 'shopper@example.ie'],
    // Dots are part of the address except where the provider ignores them.
    ['s.hopper@example.ie', 's.hopper@example.ie'],
    ['S.Hopper+x@gmail.com', 'shopper@gmail.com'],
    ['s.h.o.p.p.e.r@googlemail.com', 'shopper@gmail.com'],
    // Nothing before the tag: kept whole rather than made empty.
    ['+tag@example.ie', '+tag@example.ie'],
  ])('%j -> %j', (raw, canonical) => {
    expect(canonicalEmail(raw)).toBe(canonical);
  });
});
