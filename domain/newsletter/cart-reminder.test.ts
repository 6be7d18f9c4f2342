import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../catalogue/seed';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import { parseCheckoutRequest } from '../checkout/checkout-request';
import { checkoutRequestSchema } from '../checkout/checkout-request-schema';
import { cents } from '../shared/money';
import { cartRestoreUrl, repriceReminderLines } from './cart-reminder';

function catalogueWith(
  changes: Record<string, Partial<CatalogueSnapshot['products'][number]>>,
): CatalogueSnapshot {
  const seed = seedSnapshot();
  return { ...seed, products: seed.products.map((p) => ({ ...p, ...(changes[p.id] ?? {}) })) };
}

describe('repriceReminderLines', () => {
  it('prices the lines from the catalogue now and names what cannot be ordered, and why', () => {
    const catalogue = catalogueWith({
      '1': { price: cents(4200) },
      '2': { status: 'paused' },
      '3': { status: 'retired' },
      '4': { sizes: ['M'] },
    });
    const name = (id: string) => catalogue.products.find((p) => p.id === id)?.name;
    expect(
      repriceReminderLines(
        [
          { id: '1', size: 'M', quantity: 2 },
          { id: '2', size: 'M', quantity: 1 },
          { id: '3', size: 'M', quantity: 1 },
          { id: '4', size: 'L', quantity: 1 },
          { id: '9999', size: 'M', quantity: 1 },
        ],
        catalogue,
      ),
    ).toEqual({
      lines: [{ id: '1', name: name('1'), size: 'M', quantity: 2, unitPrice: 4200 }],
      unavailable: [
        { id: '2', name: name('2'), reason: 'paused' },
        { id: '3', name: name('3'), reason: 'retired' },
        { id: '4', name: `${name('4')} (size L)`, reason: 'size' },
        { id: '9999', name: 'A bracelet no longer in the shop', reason: 'unknown' },
      ],
    });
  });

  it('links to the cart page with the token in the hash', () => {
    expect(cartRestoreUrl('https://solas.example', 'abc_-1')).toBe(
      'https://solas.example/#/cart?restore=abc_-1',
    );
  });
});

describe('remindMe in the checkout request', () => {
  const body = { email: 'a@example.ie', items: [{ id: '1', quantity: 1 }] };
  it('defaults to false and accepts only true or false', () => {
    const parse = (extra: object) => {
      const shaped = checkoutRequestSchema.safeParse({ ...body, ...extra });
      if (!shaped.success) return shaped.error.issues[0]?.message;
      const parsed = parseCheckoutRequest(shaped.data, seedSnapshot());
      return parsed.ok ? parsed.value.remindMe : parsed.error;
    };
    expect(parse({})).toBe(false);
    expect(parse({ remindMe: true })).toBe(true);
    expect(parse({ remindMe: false })).toBe(false);
    expect(parse({ remindMe: 'true' })).toBe('remindMe must be true or false');
  });
});
