// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { STORAGE_KEYS } from '../../../domain/config';
import {
  readStored,
  readStoredJson,
  removeStored,
  subscribeStored,
  writeStored,
  writeStoredJson,
} from './browser-storage';

const KEY = STORAGE_KEYS.wishlist;

/** Safari's and Firefox's private modes and "block site data": touching the storage object throws. */
function denyAccess(area: 'localStorage' | 'sessionStorage') {
  return vi.spyOn(window, area, 'get').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
}

function fillQuota() {
  return vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('strings', () => {
  it('reads, writes and removes in local storage, or in session storage when asked', () => {
    expect(readStored(KEY)).toBeNull();
    expect(writeStored(KEY, 'a')).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('a');
    expect(readStored(KEY)).toBe('a');
    expect(writeStored(STORAGE_KEYS.adminToken, 't', 'session')).toBe(true);
    expect(sessionStorage.getItem(STORAGE_KEYS.adminToken)).toBe('t');
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(readStored(STORAGE_KEYS.adminToken, 'session')).toBe('t');
    expect(removeStored(KEY)).toBe(true);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(removeStored(STORAGE_KEYS.adminToken, 'session')).toBe(true);
    expect(sessionStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('quota exceeded: the write reports false, throws nothing, and the old value stays', () => {
    localStorage.setItem(KEY, 'old');
    fillQuota();
    expect(writeStored(KEY, 'new')).toBe(false);
    expect(writeStoredJson(KEY, ['new'])).toBe(false);
    expect(readStored(KEY)).toBe('old');
  });

  it('access denied (privacy mode, storage disabled): nothing stored, every call returns', () => {
    localStorage.setItem(KEY, 'hidden');
    denyAccess('localStorage');
    expect(readStored(KEY)).toBeNull();
    expect(readStoredJson(KEY)).toBeUndefined();
    expect(writeStored(KEY, 'a')).toBe(false);
    expect(writeStoredJson(KEY, ['a'])).toBe(false);
    expect(removeStored(KEY)).toBe(false);
  });

  it('access denied to session storage leaves local storage working', () => {
    denyAccess('sessionStorage');
    expect(writeStored(STORAGE_KEYS.adminToken, 't', 'session')).toBe(false);
    expect(readStored(STORAGE_KEYS.adminToken, 'session')).toBeNull();
    expect(writeStored(KEY, 'a')).toBe(true);
    expect(readStored(KEY)).toBe('a');
  });

  it('a storage whose methods throw (a broken or hostile shim) reads as empty', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('broken');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('broken');
    });
    expect(readStored(KEY)).toBeNull();
    expect(removeStored(KEY)).toBe(false);
  });
});

describe('JSON', () => {
  const listSchema = z.array(z.string());

  it('round-trips a value and leaves the stored format as plain JSON', () => {
    expect(writeStoredJson(KEY, ['1', '2'])).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('["1","2"]');
    expect(readStoredJson(KEY)).toEqual(['1', '2']);
    expect(readStoredJson(KEY, listSchema)).toEqual(['1', '2']);
  });

  it('corrupt JSON reads as undefined, with or without a schema', () => {
    for (const corrupt of ['{', '[1,', 'undefined', "{'a':1}", '\ud800', '']) {
      localStorage.setItem(KEY, corrupt);
      expect(readStoredJson(KEY), corrupt).toBeUndefined();
      expect(readStoredJson(KEY, listSchema), corrupt).toBeUndefined();
    }
  });

  it('schema mismatch reads as undefined; a matching value comes back parsed', () => {
    localStorage.setItem(KEY, JSON.stringify({ items: ['1'] }));
    expect(readStoredJson(KEY, listSchema)).toBeUndefined();
    localStorage.setItem(KEY, JSON.stringify(['1', 2]));
    expect(readStoredJson(KEY, listSchema)).toBeUndefined();
    localStorage.setItem(KEY, 'null');
    expect(readStoredJson(KEY, listSchema)).toBeUndefined();
    expect(readStoredJson(KEY)).toBeNull();
  });

  it('a checker function may reject (undefined) or repair what is stored', () => {
    const strings = (value: unknown) =>
      Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
    localStorage.setItem(KEY, JSON.stringify(['1', 2, null, '3']));
    expect(readStoredJson(KEY, strings)).toEqual(['1', '3']);
    localStorage.setItem(KEY, '"not a list"');
    expect(readStoredJson(KEY, strings)).toBeUndefined();
  });

  it('a value JSON cannot represent is not written', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(writeStoredJson(KEY, cyclic)).toBe(false);
    expect(writeStoredJson(KEY, 1n)).toBe(false);
    expect(writeStoredJson(KEY, undefined)).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('subscribeStored', () => {
  it('wakes for its own key and for a clear() in another tab, not for other keys', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeStored(KEY, listener);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart, newValue: '[]' }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: '["1"]' }));
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: '[]' }));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
