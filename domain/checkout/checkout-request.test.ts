import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../catalogue/seed';
import { parseCartLines } from './checkout-request';

describe('parseCartLines and the materials', () => {
  it('refuses a size the materials cannot make, naming its line, before the paused product', () => {
    const seed = seedSnapshot();
    const [first, second] = seed.products;
    if (!first || !second) throw new Error('no seed products');
    const snapshot = {
      ...seed,
      products: [first, { ...second, status: 'paused' as const, unmakeableSizes: ['S', 'M', 'L'] as const }],
    };
    const items = [
      { id: first.id, size: 'M' as const, quantity: 1 },
      { id: second.id, size: 'L' as const, quantity: 1 },
    ];
    const parsed = parseCartLines(items, snapshot);
    expect(parsed).toEqual({
      ok: false,
      error: `items[1].size: ${second.name} cannot be made in size L right now: choose another size`,
    });
    expect(parseCartLines([items[0] as (typeof items)[0]], snapshot).ok).toBe(true);
  });
});
