import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../catalogue/catalogue-index';
import { seedSnapshot } from '../catalogue/seed';
import {
  EMPTY_WISHLIST,
  parseStoredWishlist as parseStored,
  serializeWishlist,
  wishlistReducerFor,
} from './wishlist';

/** Over the seeded catalogue: ids '1' to '27'. */
const SEED = indexCatalogue(seedSnapshot());
const PRODUCTS = SEED.all;
const wishlistReducer = wishlistReducerFor(SEED.isProductId);
const parseStoredWishlist = (raw: string | null) => parseStored(raw, SEED.isProductId);

describe('wishlistReducer', () => {
  it('adds ids in order and never twice', () => {
    let s = wishlistReducer(EMPTY_WISHLIST, { type: 'add', id: '3' });
    s = wishlistReducer(s, { type: 'add', id: '1' });
    const before = s;
    s = wishlistReducer(s, { type: 'add', id: '3' });
    expect(s).toBe(before);
    expect(s).toEqual(['3', '1']);
  });

  it('ignores unknown ids', () => {
    for (const id of ['0', '28', '', '__proto__']) {
      expect(wishlistReducer(EMPTY_WISHLIST, { type: 'add', id })).toBe(EMPTY_WISHLIST);
      expect(wishlistReducer(EMPTY_WISHLIST, { type: 'toggle', id })).toBe(EMPTY_WISHLIST);
    }
  });

  it('removes an id; removing a missing id is a no-op', () => {
    const s = ['1', '2'];
    expect(wishlistReducer(s, { type: 'remove', id: '1' })).toEqual(['2']);
    expect(wishlistReducer(s, { type: 'remove', id: '9' })).toBe(s);
  });

  it('toggles in and out', () => {
    const once = wishlistReducer(['1'], { type: 'toggle', id: '2' });
    expect(once).toEqual(['1', '2']);
    expect(wishlistReducer(once, { type: 'toggle', id: '1' })).toEqual(['2']);
  });

  it('clears', () => {
    expect(wishlistReducer(['1', '2'], { type: 'clear' })).toEqual([]);
    expect(wishlistReducer(EMPTY_WISHLIST, { type: 'clear' })).toBe(EMPTY_WISHLIST);
  });
});

describe('wishlist storage', () => {
  it('round-trips', () => {
    expect(parseStoredWishlist(serializeWishlist(['5', '2']))).toEqual(['5', '2']);
  });

  it('survives corrupt values', () => {
    for (const raw of [null, '', '{', 'null', '{}', '"1"', '1', '[[]]'])
      expect(parseStoredWishlist(raw)).toEqual([]);
  });

  it('drops unknown ids, non-strings and duplicates', () => {
    expect(parseStoredWishlist('["1", 2, "999", null, "1", {"id":"3"}, "4", "4"]')).toEqual(['1', '4']);
  });

  it('keeps at most one entry per product', () => {
    const raw = JSON.stringify([...PRODUCTS.map((p) => p.id), ...PRODUCTS.map((p) => p.id)]);
    expect(parseStoredWishlist(raw)).toHaveLength(PRODUCTS.length);
  });
});
