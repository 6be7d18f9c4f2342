import { describe, expect, it } from 'vitest';
import { randomAlphanumeric } from './ids';
import { randomPoolBytes } from './random-pool';

describe('randomPoolBytes', () => {
  it('hands out every byte once: 20,000 draws of 16 bytes across many refills are all different', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) seen.add(randomPoolBytes(16).toString('hex'));
    expect(seen.size).toBe(20_000);
  });

  it('gives copies of their own, and serves sizes larger than the pool', () => {
    const a = randomPoolBytes(32);
    const kept = Buffer.from(a);
    for (let i = 0; i < 300; i += 1) randomPoolBytes(100);
    expect(a.equals(kept)).toBe(true);
    expect(randomPoolBytes(10_000)).toHaveLength(10_000);
    expect(randomPoolBytes(0)).toHaveLength(0);
  });

  it('looks uniform: each byte value within 5 standard deviations of its mean over 1 MB', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 1024; i += 1) for (const b of randomPoolBytes(1024)) counts[b] = (counts[b] ?? 0) + 1;
    const mean = (1024 * 1024) / 256;
    const sd = Math.sqrt(mean * (1 - 1 / 256));
    for (const c of counts) expect(Math.abs(c - mean)).toBeLessThan(5 * sd);
  });
});

describe('randomAlphanumeric', () => {
  it('gives the asked length from [A-Za-z0-9], using every character', () => {
    const text = Array.from({ length: 200 }, () => randomAlphanumeric(58)).join('');
    expect(text).toMatch(/^[A-Za-z0-9]{11600}$/);
    expect(new Set(text).size).toBe(62);
  });
});
