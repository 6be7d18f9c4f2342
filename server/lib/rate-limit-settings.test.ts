import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEFAULT_RATE_LIMITS, parseRateLimits, RATE_LIMITS_OFF } from './rate-limit-settings';

describe('RATE_LIMITS', () => {
  it('defaults when unset or empty, everything off with "off" in any case', () => {
    expect(parseRateLimits(undefined)).toEqual({ ok: true, value: DEFAULT_RATE_LIMITS });
    expect(parseRateLimits('  ')).toEqual({ ok: true, value: DEFAULT_RATE_LIMITS });
    expect(parseRateLimits('OFF')).toEqual({ ok: true, value: RATE_LIMITS_OFF });
    expect(Object.values(RATE_LIMITS_OFF)).toEqual([null, null, null, null, null, null, null, null, null]);
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
