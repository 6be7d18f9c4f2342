// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
import {
  clearErrorLog,
  getErrorLog,
  logError,
  readCartSize,
  resetErrorLogCacheForTests,
  subscribeErrorLog,
} from './error-log';
import { getPathHistory, recordPath } from './path-history';

beforeEach(() => {
  localStorage.clear();
  resetErrorLogCacheForTests();
});

describe('error log', () => {
  it('stores every field of an entry', () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { name: 'A', price: 35, quantity: 2 },
        { name: 'B', price: 30, quantity: 1 },
      ]),
    );
    recordPath('/shop');
    recordPath('/cart');
    const entry = logError({
      type: 'network',
      message: 'HTTP 500: POST /api/checkout',
      stack: 'Error: x\n    at y',
      endpoint: '/api/checkout',
      status: 500,
      duration: 123.6,
      extra: { method: 'POST', statusText: 'Internal Server Error', nested: { a: 1 }, skipped: undefined },
    });
    expect(entry).toEqual({
      id: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      type: 'network',
      message: 'HTTP 500: POST /api/checkout',
      stack: 'Error: x\n    at y',
      url: window.location.href,
      userAgent: navigator.userAgent,
      pathHistory: ['/shop', '/cart'],
      cartSize: 3,
      endpoint: '/api/checkout',
      status: 500,
      duration: 124,
      extra: { method: 'POST', statusText: 'Internal Server Error', nested: '{"a":1}' },
    });
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.errorLog) ?? '[]') as unknown[];
    expect(stored).toEqual([entry]);
  });

  it(`keeps only the last ${LIMITS.errorLogMax} entries, oldest dropped, and survives a reload`, () => {
    for (let i = 0; i < LIMITS.errorLogMax + 7; i += 1) logError({ type: 'error', message: `error ${i}` });
    resetErrorLogCacheForTests();
    const log = getErrorLog();
    expect(log).toHaveLength(LIMITS.errorLogMax);
    expect(log[0]?.message).toBe('error 7');
    expect(log[log.length - 1]?.message).toBe(`error ${LIMITS.errorLogMax + 6}`);
    expect(new Set(log.map((e) => e.id)).size).toBe(LIMITS.errorLogMax);
  });

  it(`keeps only the last ${LIMITS.pathHistoryMax} paths and ignores a repeat of the last one`, () => {
    for (let i = 0; i < LIMITS.pathHistoryMax + 5; i += 1) recordPath(`/product/${i}`);
    recordPath(`/product/${LIMITS.pathHistoryMax + 4}`);
    resetErrorLogCacheForTests();
    const paths = getPathHistory();
    expect(paths).toHaveLength(LIMITS.pathHistoryMax);
    expect(paths[0]).toBe('/product/5');
    expect(logError({ type: 'error', message: 'x' }).pathHistory).toEqual(paths);
  });

  it('ignores corrupt storage: not JSON, wrong shape, and bad entries one by one', () => {
    localStorage.setItem(STORAGE_KEYS.errorLog, '{not json');
    localStorage.setItem(STORAGE_KEYS.pathHistory, '"nope"');
    expect(getErrorLog()).toEqual([]);
    expect(getPathHistory()).toEqual([]);

    const good = logError({ type: 'checkout', message: 'kept' });
    localStorage.setItem(
      STORAGE_KEYS.errorLog,
      JSON.stringify([{ id: 1, message: 'bad' }, good, { ...good, id: 'x2', type: 'alien' }, null, 'string']),
    );
    localStorage.setItem(STORAGE_KEYS.pathHistory, JSON.stringify(['/a', 42, null, '/b']));
    resetErrorLogCacheForTests();
    expect(getErrorLog()).toEqual([good]);
    expect(getPathHistory()).toEqual(['/a', '/b']);
  });

  it('reads cart size safely from any shape of the cart key', () => {
    localStorage.setItem(STORAGE_KEYS.cart, 'garbage');
    expect(readCartSize()).toBe(0);
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ items: [{ id: '1', quantity: 4 }] }));
    expect(readCartSize()).toBe(4);
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ quantity: -3 }, { quantity: 'x' }, null, 7]));
    expect(readCartSize()).toBe(2);
    localStorage.removeItem(STORAGE_KEYS.cart);
    expect(readCartSize()).toBe(0);
  });

  it('caps huge messages and stacks', () => {
    const entry = logError({ type: 'error', message: 'm'.repeat(50_000), stack: 's'.repeat(50_000) });
    expect(entry.message.length).toBeLessThanOrEqual(1_000);
    expect(entry.stack?.length).toBeLessThanOrEqual(4_000);
  });

  it('notifies subscribers on new entries and on clear', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeErrorLog(listener);
    logError({ type: 'error', message: 'one' });
    clearErrorLog();
    unsubscribe();
    logError({ type: 'error', message: 'two' });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(STORAGE_KEYS.errorLog)).not.toBeNull();
    expect(getErrorLog().map((e) => e.message)).toEqual(['two']);
  });

  it('keeps working in memory when storage throws', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => logError({ type: 'error', message: 'still logged' })).not.toThrow();
    expect(getErrorLog().map((e) => e.message)).toEqual(['still logged']);
    spy.mockRestore();
  });
});
