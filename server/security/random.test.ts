import { describe, expect, it } from 'vitest';
import { randomRequestId, secureRandomBytes } from './random';

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

describe('randomRequestId', () => {
  it('is base64url text of 9 random bytes, never the same twice, across refills', () => {
    const seen = new Set<string>();
    // 1,000 ids: about four refills of 256.
    for (let i = 0; i < 1000; i++) {
      const id = randomRequestId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(9);
      expect(Buffer.from(id, 'base64url').toString('base64url')).toBe(id);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
  });

  it('uses every character value evenly (each cut is the encoding of its own bytes)', () => {
    const counts = new Map<string, number>();
    const ids = 20_000;
    for (let i = 0; i < ids; i++) {
      for (const c of randomRequestId()) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(64);
    const expected = (ids * 12) / 64;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.1);
  });
});
