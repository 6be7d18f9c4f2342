import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import {
  clientKey,
  DEFAULT_RATE_LIMITS,
  describeRateLimits,
  parseRateLimits,
  RATE_LIMITS_OFF,
  RateLimiters,
  TokenBucketLimiter,
} from './rate-limit';

describe('RATE_LIMITS', () => {
  it('defaults when unset or empty, everything off with "off" in any case', () => {
    expect(parseRateLimits(undefined)).toEqual({ ok: true, value: DEFAULT_RATE_LIMITS });
    expect(parseRateLimits('  ')).toEqual({ ok: true, value: DEFAULT_RATE_LIMITS });
    expect(parseRateLimits('OFF')).toEqual({ ok: true, value: RATE_LIMITS_OFF });
    expect(describeRateLimits(RATE_LIMITS_OFF)).toBe(
      'checkout=off, confirm=off, newsletter=off, pay=off, admin=off, other=off',
    );
  });

  it('overrides the named limits only, and switches single ones off', () => {
    const parsed = parseRateLimits(' checkout = 20/120 , newsletter=off ');
    expect(parsed).toEqual({
      ok: true,
      value: {
        ...DEFAULT_RATE_LIMITS,
        checkout: { requests: 20, perSeconds: 120 },
        newsletter: null,
      },
    });
  });

  it.each([
    ['chekout=5/60', /unknown limit "chekout" \(known: checkout, confirm/],
    ['checkout=5', /expected name=requests\/seconds/],
    ['checkout=0/60', /requests must be between 1 and/],
    ['checkout=5/0', /seconds must be between 1 and/],
    ['checkout=5/60,checkout=6/60', /given twice/],
    ['checkout=-1/60', /expected name=requests\/seconds/],
  ])('refuses %j with a clear message', (value, message) => {
    const parsed = parseRateLimits(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join('\n')).toMatch(message);
  });

  it('is part of the configuration, with its errors in the start-up message', () => {
    expect(loadConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toEqual(RATE_LIMITS_OFF);
    expect(() => loadConfig({ RATE_LIMITS: 'checkout=lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMITS: 'checkout=lots' })).toThrow(/RATE_LIMITS: "checkout=lots"/);
  });
});

describe('TokenBucketLimiter', () => {
  it('allows a burst of `requests`, then refills evenly over `perSeconds`', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter({ requests: 3, perSeconds: 60 }, { now: () => now });
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfter: 20 });
    now = 19_000;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfter: 1 });
    now = 20_000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    // Another client is not affected.
    expect(limiter.take('b').allowed).toBe(true);
    // A long pause refills the bucket, but never beyond its size.
    now = 10 * 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a').allowed)).toEqual([true, true, true, false]);
  });

  it('keeps a bounded number of clients, forgetting idle ones first', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter({ requests: 2, perSeconds: 1 }, { maxKeys: 100, now: () => now });
    limiter.take('busy');
    limiter.take('busy');
    for (let i = 0; i < 1_000; i += 1) {
      now += 1;
      limiter.take(`client-${i}`);
      limiter.take('busy');
      expect(limiter.size).toBeLessThanOrEqual(101);
    }
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:db8:abcd:12::9', '2001:db8:abcd:12::/64'],
    ['2001:0DB8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s -> %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('puts the addresses of one IPv6 /64 in one bucket', () => {
    const limiters = new RateLimiters({ ...RATE_LIMITS_OFF, newsletter: { requests: 2, perSeconds: 60 } });
    expect(limiters.take('newsletter', '2001:db8:1:2::1').allowed).toBe(true);
    expect(limiters.take('newsletter', '2001:db8:1:2::2').allowed).toBe(true);
    expect(limiters.take('newsletter', '2001:db8:1:2:ffff::3').allowed).toBe(false);
    expect(limiters.take('newsletter', '2001:db8:1:3::1').allowed).toBe(true);
    expect(limiters.take('checkout', '2001:db8:1:2::1').allowed).toBe(true);
  });
});
