import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../catalogue/catalogue-index';
import { seedSnapshot } from '../catalogue/seed';
import { LIMITS } from '../config';
import {
  EMPTY_RECENTLY_VIEWED,
  parseStoredRecentlyViewed as parseStored,
  recentlyViewedReducerFor,
  serializeRecentlyViewed,
} from './recently-viewed';

/** Over the seeded catalogue: ids '1' to '27'. */
const isKnown = indexCatalogue(seedSnapshot()).isProductId;
const recentlyViewedReducer = recentlyViewedReducerFor(isKnown);
const parseStoredRecentlyViewed = (raw: string | null) => parseStored(raw, isKnown);

describe('recentlyViewedReducer', () => {
  it('puts the newest first', () => {
    let s = EMPTY_RECENTLY_VIEWED;
    for (const id of ['1', '2', '3']) s = recentlyViewedReducer(s, { type: 'record', id });
    expect(s).toEqual(['3', '2', '1']);
  });

  it('moves a viewed-again product to the front without duplicating it', () => {
    expect(recentlyViewedReducer(['3', '2', '1'], { type: 'record', id: '1' })).toEqual(['1', '3', '2']);
    const s = ['3', '2'];
    expect(recentlyViewedReducer(s, { type: 'record', id: '3' })).toBe(s);
  });

  it('keeps at most the maximum, dropping the oldest', () => {
    let s = EMPTY_RECENTLY_VIEWED;
    for (let i = 1; i <= LIMITS.recentlyViewedMax + 3; i++)
      s = recentlyViewedReducer(s, { type: 'record', id: String(i) });
    expect(s).toHaveLength(LIMITS.recentlyViewedMax);
    expect(s[0]).toBe(String(LIMITS.recentlyViewedMax + 3));
    expect(s).not.toContain('1');
  });

  it('ignores unknown ids and clears', () => {
    const s = ['1'];
    expect(recentlyViewedReducer(s, { type: 'record', id: '404' })).toBe(s);
    expect(recentlyViewedReducer(s, { type: 'clear' })).toEqual([]);
    expect(recentlyViewedReducer(EMPTY_RECENTLY_VIEWED, { type: 'clear' })).toBe(EMPTY_RECENTLY_VIEWED);
  });
});

describe('recently viewed storage', () => {
  it('round-trips', () => {
    expect(parseStoredRecentlyViewed(serializeRecentlyViewed(['4', '2']))).toEqual(['4', '2']);
  });

  it('survives corrupt values, drops unknown ids and duplicates, caps the length', () => {
    for (const raw of [null, '{', 'null', '"4"']) expect(parseStoredRecentlyViewed(raw)).toEqual([]);
    expect(parseStoredRecentlyViewed('["4","4","nope","2"]')).toEqual(['4', '2']);
    const long = JSON.stringify(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(parseStoredRecentlyViewed(long)).toEqual(
      Array.from({ length: LIMITS.recentlyViewedMax }, (_, i) => String(i + 1)),
    );
  });
});
