// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getErrorLog, resetErrorLogCacheForTests } from './error-log';
import { endpointOf, trackedFetch } from './tracked-fetch';

beforeEach(() => {
  localStorage.clear();
  resetErrorLogCacheForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('trackedFetch', () => {
  it('passes successful responses through without logging', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    const res = await trackedFetch('/api/health');
    expect(res.status).toBe(200);
    expect(getErrorLog()).toEqual([]);
  });

  it("logs a response >= 400 as 'HTTP {status}: {method} {endpoint}' with the request details", async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 502, statusText: 'Bad Gateway' }));
    vi.stubGlobal('fetch', fetchMock);
    const init = { method: 'post', body: '{}' };
    const res = await trackedFetch('/api/checkout?session_id=cs_secret', init);
    expect(res.status).toBe(502);
    expect(fetchMock).toHaveBeenCalledWith('/api/checkout?session_id=cs_secret', init);
    const [entry] = getErrorLog();
    expect(entry).toMatchObject({
      type: 'network',
      message: 'HTTP 502: POST /api/checkout',
      endpoint: '/api/checkout',
      status: 502,
      extra: { method: 'POST', statusText: 'Bad Gateway' },
    });
    expect(entry?.duration).toBeGreaterThanOrEqual(0);
  });

  it('logs a network failure with status 0 and rethrows the same error', async () => {
    const failure = new TypeError('Failed to fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw failure;
      }),
    );
    await expect(trackedFetch('/api/orders/x/confirm', { method: 'POST' })).rejects.toBe(failure);
    expect(getErrorLog()[0]).toMatchObject({
      type: 'network',
      message: 'HTTP 0: POST /api/orders/x/confirm',
      status: 0,
      extra: { method: 'POST', statusText: 'Failed to fetch', aborted: false },
    });
  });

  it('marks aborted requests (the checkout timeout)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(trackedFetch('/api/checkout')).rejects.toThrow('aborted');
    expect(getErrorLog()[0]?.extra).toMatchObject({ aborted: true });
  });

  it('keeps the origin of third-party endpoints and drops queries', () => {
    expect(endpointOf('/api/x?y=1')).toBe('/api/x');
    expect(endpointOf(`${window.location.origin}/api/x?y=1`)).toBe('/api/x');
    expect(endpointOf('https://api.example.com/v1/edit?k=1')).toBe('https://api.example.com/v1/edit');
  });
});
