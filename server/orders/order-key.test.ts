import { describe, expect, it } from 'vitest';
import { scrubUrl } from '../ops/logging';
import { hashKey, newOrderKey, ORDER_KEY_BYTES } from './order-key';

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

  it('is kept as its SHA-256: the same key always gives the same hash, and the hash is not the key', () => {
    const key = newOrderKey();
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashKey(key)).toBe(hashKey(key));
    expect(hashKey(`${key}x`)).not.toBe(hashKey(key));
    expect(hashKey(key)).not.toContain(key);
  });

  it('in the path form of the order page, never reaches a log line', () => {
    const key = newOrderKey();
    const logged = scrubUrl(`/order/SOL-AB12CD34?key=${key}`);
    expect(logged).toBe('/order/SOL-AB12CD34?key=*');
    expect(logged).not.toContain(key);
  });
});
