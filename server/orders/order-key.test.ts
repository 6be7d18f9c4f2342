import { describe, expect, it } from 'vitest';
import { scrubUrl } from '../ops/logging';
import { keysMatch, newOrderKey, ORDER_KEY_BYTES } from './order-key';

describe('the order key', () => {
  it('is at least 128 random bits, URL-safe, different every time', () => {
    const keys = new Set(Array.from({ length: 200 }, newOrderKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(key, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(Buffer.from(key, 'base64url').length).toBe(ORDER_KEY_BYTES);
    }
  });

  it('matches only itself, whatever the length of the guess, and never when the order has no key', () => {
    const key = newOrderKey();
    expect(keysMatch(key, key)).toBe(true);
    expect(keysMatch(key, `${key}x`)).toBe(false);
    expect(keysMatch(key, key.slice(0, -1))).toBe(false);
    expect(keysMatch(key, '')).toBe(false);
    expect(keysMatch(null, key)).toBe(false);
    expect(keysMatch(null, '')).toBe(false);
  });

  it('in the path form of the order page, never reaches a log line', () => {
    const key = newOrderKey();
    const logged = scrubUrl(`/order/SOL-AB12CD34?key=${key}`);
    expect(logged).toBe('/order/SOL-AB12CD34?key=*');
    expect(logged).not.toContain(key);
  });
});
