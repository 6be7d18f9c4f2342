// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../domain/config';
import { createPersistedStore } from './persisted-store';

// Any declared key will do; the store does not care what the list means.
const KEY = STORAGE_KEYS.compare;

type Action = { type: 'push'; value: string } | { type: 'noop' };

function makeStore() {
  return createPersistedStore<readonly string[], Action>({
    key: KEY,
    initial: [],
    reducer: (state, action) => (action.type === 'push' ? [...state, action.value] : state),
    parse: (raw) => {
      try {
        const v: unknown = JSON.parse(raw ?? '[]');
        return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
      } catch {
        return [];
      }
    },
    serialize: (s) => JSON.stringify(s),
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('createPersistedStore', () => {
  it('reads the stored value lazily and keeps the server snapshot at the initial state', () => {
    localStorage.setItem(KEY, '["a","b"]');
    const store = makeStore();
    expect(store.getServerSnapshot()).toEqual([]);
    expect(store.getSnapshot()).toEqual(['a', 'b']);
    // Stable identity while nothing changed (useSyncExternalStore requires it).
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('returns the server snapshot itself when storage holds nothing or the initial state', () => {
    // Equal-but-new would make React re-render every consumer synchronously after hydration.
    const empty = makeStore();
    expect(empty.getSnapshot()).toBe(empty.getServerSnapshot());
    localStorage.setItem(KEY, '[]');
    const stored = makeStore();
    expect(stored.getSnapshot()).toBe(stored.getServerSnapshot());
    localStorage.setItem(KEY, '{');
    const corrupt = makeStore();
    expect(corrupt.getSnapshot()).toBe(corrupt.getServerSnapshot());
  });

  it('turns a corrupt stored value into a valid state', () => {
    localStorage.setItem(KEY, '{');
    expect(makeStore().getSnapshot()).toEqual([]);
  });

  it('writes on change, notifies listeners, and skips no-ops', () => {
    const store = makeStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch({ type: 'push', value: 'x' });
    expect(localStorage.getItem(KEY)).toBe('["x"]');
    expect(store.getSnapshot()).toEqual(['x']);
    expect(listener).toHaveBeenCalledTimes(1);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    store.dispatch({ type: 'noop' });
    expect(setItem).not.toHaveBeenCalled();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('picks up a value written by other code or another tab', () => {
    const store = makeStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toEqual([]);
    localStorage.setItem(KEY, '["from-other-tab"]');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: '["from-other-tab"]' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual(['from-other-tab']);
    // Unrelated keys do not wake the store; localStorage.clear() in another tab (key null) does.
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '1' }));
    expect(listener).toHaveBeenCalledTimes(1);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('builds on the latest stored value when dispatching', () => {
    const store = makeStore();
    expect(store.getSnapshot()).toEqual([]);
    localStorage.setItem(KEY, '["a"]');
    store.dispatch({ type: 'push', value: 'b' });
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual(['a', 'b']);
  });

  it('keeps working in memory when storage is full', () => {
    const store = makeStore();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => store.dispatch({ type: 'push', value: 'a' })).not.toThrow();
    store.dispatch({ type: 'push', value: 'b' });
    expect(store.getSnapshot()).toEqual(['a', 'b']);
  });

  it('keeps working in memory when storage is disabled', () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      const store = makeStore();
      expect(store.getSnapshot()).toEqual([]);
      store.dispatch({ type: 'push', value: 'a' });
      expect(store.getSnapshot()).toEqual(['a']);
    } finally {
      blocked.mockRestore();
    }
  });

  it('removes its storage listener when the last subscriber leaves', () => {
    const store = makeStore();
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const u1 = store.subscribe(() => {});
    const u2 = store.subscribe(() => {});
    expect(add).toHaveBeenCalledTimes(1);
    u1();
    expect(remove).not.toHaveBeenCalled();
    u2();
    expect(remove).toHaveBeenCalledWith('storage', expect.any(Function));
  });
});
