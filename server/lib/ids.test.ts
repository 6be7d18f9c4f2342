import { describe, expect, it } from 'vitest';
import { newOrderId, randomAlphanumeric } from './ids';

describe('random ids', () => {
  it('are the length asked, of [A-Za-z0-9] only, longer than the byte pool too', () => {
    for (const length of [1, 8, 58, 5000]) {
      const id = randomAlphanumeric(length);
      expect(id).toHaveLength(length);
      expect(id).toMatch(/^[A-Za-z0-9]+$/);
    }
  });

  it('never repeat across many pool refills', () => {
    // 20,000 ids of 58 characters draw about 1.3 MB of bytes: some 330 refills of the 4 KiB pool.
    const ids = new Set(Array.from({ length: 20_000 }, () => randomAlphanumeric(58)));
    expect(ids.size).toBe(20_000);
  });

  it('use every character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const sample = randomAlphanumeric(620_000);
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Each character is expected 10,000 times; 5 standard deviations (about 500) either side.
    for (const n of counts.values()) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });

  it('order ids sort in time order, whatever their random part', () => {
    const ids = [3, 1, 2].map((n) => newOrderId(Date.UTC(2026, 10, n)));
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0]]);
    for (const id of ids) expect(id).toMatch(/^ord_[0-9a-z]{9}[A-Za-z0-9]{15}$/);
  });
});
