import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../catalogue/catalogue-index';
import { seedSnapshot } from '../catalogue/seed';
import { LIMITS } from '../config';
import {
  compareReducerFor,
  EMPTY_COMPARE,
  parseStoredCompare as parseStored,
  serializeCompare,
} from './compare';

/** Over the seeded catalogue: ids '1' to '27'. */
const isKnown = indexCatalogue(seedSnapshot()).isProductId;
const compareReducer = compareReducerFor(isKnown);
const parseStoredCompare = (raw: string | null) => parseStored(raw, isKnown);

describe('compareReducer', () => {
  it('appends new ids up to the maximum', () => {
    let s = EMPTY_COMPARE;
    for (const id of ['1', '2', '3']) s = compareReducer(s, { type: 'add', id });
    expect(s).toEqual(['1', '2', '3']);
    expect(s).toHaveLength(LIMITS.compareMax);
  });

  it('adding a present id does nothing', () => {
    const s = ['1', '2', '3'];
    expect(compareReducer(s, { type: 'add', id: '2' })).toBe(s);
  });

  it('with the maximum present, a new id drops the oldest and is appended', () => {
    expect(compareReducer(['1', '2', '3'], { type: 'add', id: '4' })).toEqual(['2', '3', '4']);
    expect(compareReducer(['2', '3', '4'], { type: 'add', id: '1' })).toEqual(['3', '4', '1']);
  });

  it('ignores unknown ids', () => {
    const s = ['1', '2', '3'];
    expect(compareReducer(s, { type: 'add', id: '999' })).toBe(s);
  });

  it('removes one by one and clears', () => {
    expect(compareReducer(['1', '2', '3'], { type: 'remove', id: '2' })).toEqual(['1', '3']);
    const s = ['1'];
    expect(compareReducer(s, { type: 'remove', id: '5' })).toBe(s);
    expect(compareReducer(['1', '2'], { type: 'clear' })).toEqual([]);
    expect(compareReducer(EMPTY_COMPARE, { type: 'clear' })).toBe(EMPTY_COMPARE);
  });

  it('toggles, with FIFO when adding to a full list', () => {
    expect(compareReducer(['1', '2'], { type: 'toggle', id: '2' })).toEqual(['1']);
    expect(compareReducer(['1', '2', '3'], { type: 'toggle', id: '4' })).toEqual(['2', '3', '4']);
  });
});

describe('compare storage', () => {
  it('round-trips', () => {
    expect(parseStoredCompare(serializeCompare(['7', '1']))).toEqual(['7', '1']);
  });

  it('survives corrupt values and drops unknown ids and duplicates', () => {
    for (const raw of [null, '{', 'null', '{"0":"1"}']) expect(parseStoredCompare(raw)).toEqual([]);
    expect(parseStoredCompare('["1","1","x",3,"2"]')).toEqual(['1', '2']);
  });

  it('keeps the newest entries of an over-long list', () => {
    expect(parseStoredCompare('["1","2","3","4","5"]')).toEqual(['3', '4', '5']);
  });
});
