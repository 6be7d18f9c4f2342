import { describe, expect, it } from 'vitest';
import { secureRandomBytes, secureRandomId } from './random';

describe('secureRandomBytes', () => {
  it('hands out the requested number of bytes, never the same bytes twice', () => {
    const seen = new Set<string>();
    // More than one pool's worth, so a refill happens in between.
    for (let i = 0; i < 1000; i++) {
      const bytes = secureRandomBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(1000);
  });

  it('serves requests larger than the pool and zero-length ones', () => {
    expect(secureRandomBytes(10_000)).toHaveLength(10_000);
    expect(secureRandomBytes(0)).toHaveLength(0);
  });

  it('returns a copy the caller owns', () => {
    const a = secureRandomBytes(32);
    const copy = Buffer.from(a);
    secureRandomBytes(4096);
    expect(a.equals(copy)).toBe(true);
  });

  it('spreads values over the whole byte range', () => {
    const counts = new Array<number>(256).fill(0);
    const bytes = secureRandomBytes(256 * 400);
    for (const b of bytes) counts[b] = (counts[b] ?? 0) + 1;
    // 400 expected per value; a fair source stays far inside these bounds.
    expect(Math.min(...counts)).toBeGreaterThan(250);
    expect(Math.max(...counts)).toBeLessThan(560);
  });

  it('rejects a negative or fractional length', () => {
    expect(() => secureRandomBytes(-1)).toThrow(RangeError);
    expect(() => secureRandomBytes(1.5)).toThrow(RangeError);
  });
});

describe('secureRandomId', () => {
  it('is base64url text of the requested number of bytes, never the same twice, across refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = secureRandomId(9);
      expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(9);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
  });

  it('shares the pool with secureRandomBytes without handing out the same bytes', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 600; i++) {
      ids.add(secureRandomId(6));
      ids.add(secureRandomBytes(6).toString('base64url'));
    }
    expect(ids.size).toBe(1200);
  });

  it('rejects a length the pool cannot serve', () => {
    expect(() => secureRandomId(-1)).toThrow(RangeError);
    expect(() => secureRandomId(4097)).toThrow(RangeError);
  });
});
