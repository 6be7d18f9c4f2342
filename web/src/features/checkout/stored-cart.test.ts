// @vitest-environment jsdom
/**
 * The cart as stored, as the cancelled-payment page records it: priced with the owner's zones (the
 * snapshot's), as the cart and the checkout charge it, never the first start's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../../../domain/catalogue/catalogue-index';
import { STORAGE_KEYS } from '../../../../domain/config';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  SEEDED_ZONES,
  storefrontSettings,
} from '../../../../domain/settings/storefront-settings';
import { seedWith } from '../../test-support/render-with-catalogue';
import { storedCartSummary } from './stored-cart';

afterEach(() => localStorage.clear());

describe('the stored cart’s summary', () => {
  it('prices the shipping with the owner’s zones', () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '3', quantity: 1, size: 'M' }]));
    localStorage.setItem(STORAGE_KEYS.zone, JSON.stringify('IE'));
    const seeded = indexCatalogue(seedWith({}));
    const price = seeded.getProduct('3')?.price ?? 0;
    const zones = SEEDED_ZONES.map((z) => (z.id === 'IE' ? { ...z, price: 650, freeFrom: price + 1 } : z));
    const owners = indexCatalogue({
      ...seedWith({}, 'owner'),
      shop: storefrontSettings({ ...DEFAULT_STOREFRONT_SETTINGS, shipping: { zones } }),
    });
    expect(storedCartSummary(owners)).toEqual({ total: price + 650, itemCount: 1 });
  });
});
