// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
import { getErrorLog, resetErrorLogCacheForTests } from '../error-tracking/error-log';
import {
  CHECKOUT_HEALTH_CHANGED_EVENT,
  clearCheckoutHealth,
  getEvents,
  logCheckoutEvent,
  readCheckoutHealth,
  recordCheckoutError,
  recordCheckoutSuccess,
  recordEvent,
} from './events';

beforeEach(() => {
  localStorage.clear();
  resetErrorLogCacheForTests();
});

describe('checkout events', () => {
  it('records named events with data, newest last, capped', () => {
    recordEvent('checkout_start', { items: 2, total: 7000 });
    recordEvent('payment_canceled', { total: 7000, itemCount: 2 });
    expect(getEvents()).toEqual([
      { name: 'checkout_start', time: expect.any(String), data: { items: 2, total: 7000 } },
      { name: 'payment_canceled', time: expect.any(String), data: { total: 7000, itemCount: 2 } },
    ]);
    for (let i = 0; i < LIMITS.errorLogMax + 3; i += 1) recordEvent('purchase', { n: i });
    const events = getEvents();
    expect(events).toHaveLength(LIMITS.errorLogMax);
    expect(events[events.length - 1]?.data).toEqual({ n: LIMITS.errorLogMax + 2 });
  });

  it('drops corrupt stored events', () => {
    localStorage.setItem(
      STORAGE_KEYS.events,
      JSON.stringify([{ name: 'hack', time: 'x' }, { name: 'purchase', time: 't' }, 3]),
    );
    expect(getEvents()).toEqual([{ name: 'purchase', time: 't' }]);
    localStorage.setItem(STORAGE_KEYS.events, '{{{');
    expect(getEvents()).toEqual([]);
  });
});

describe('checkout diagnostics', () => {
  it('stores the last success and the last error under their storage keys and announces changes', () => {
    const listener = vi.fn();
    window.addEventListener(CHECKOUT_HEALTH_CHANGED_EVENT, listener);
    recordCheckoutSuccess(new Date('2026-11-20T10:00:00Z'));
    recordCheckoutError(
      'NETWORK_ERROR',
      'Request timed out after 15 seconds',
      new Date('2026-11-21T09:30:00Z'),
    );
    window.removeEventListener(CHECKOUT_HEALTH_CHANGED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(STORAGE_KEYS.lastCheckoutSuccessAt)).toBe('2026-11-20T10:00:00.000Z');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastCheckoutError) ?? 'null')).toEqual({
      code: 'NETWORK_ERROR',
      msg: 'Request timed out after 15 seconds',
      time: '2026-11-21T09:30:00.000Z',
    });
    expect(readCheckoutHealth()).toEqual({
      lastSuccessAt: '2026-11-20T10:00:00.000Z',
      lastError: {
        code: 'NETWORK_ERROR',
        msg: 'Request timed out after 15 seconds',
        time: '2026-11-21T09:30:00.000Z',
      },
    });
  });

  it('reads epoch-millisecond success times and ignores garbage', () => {
    localStorage.setItem(STORAGE_KEYS.lastCheckoutSuccessAt, String(Date.UTC(2026, 0, 2)));
    localStorage.setItem(STORAGE_KEYS.lastCheckoutError, '{"code":1}');
    expect(readCheckoutHealth()).toEqual({ lastSuccessAt: '2026-01-02T00:00:00.000Z', lastError: null });
    localStorage.setItem(STORAGE_KEYS.lastCheckoutSuccessAt, 'yesterday-ish');
    expect(readCheckoutHealth().lastSuccessAt).toBeNull();
  });

  it('clears both keys', () => {
    recordCheckoutSuccess();
    recordCheckoutError('CHECKOUT_SESSION_FAILED', 'Server returned 500');
    clearCheckoutHealth();
    expect(readCheckoutHealth()).toEqual({ lastSuccessAt: null, lastError: null });
    expect(localStorage.getItem(STORAGE_KEYS.lastCheckoutError)).toBeNull();
  });

  it('logs checkout events in the error log with type checkout', () => {
    logCheckoutEvent('Checkout session failed', { code: 'CHECKOUT_SESSION_FAILED', status: 500 });
    expect(getErrorLog()[0]).toMatchObject({
      type: 'checkout',
      message: 'Checkout session failed',
      extra: { code: 'CHECKOUT_SESSION_FAILED', status: 500 },
    });
  });
});
