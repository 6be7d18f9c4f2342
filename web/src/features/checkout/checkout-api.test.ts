// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmOrder, redirectTextFor, safeCheckoutUrl, startCheckout } from './checkout-api';
import { CHECKOUT_TEXT } from './checkout-text';

const REQUEST = {
  email: 'a@example.ie',
  items: [{ id: '1', quantity: 2 }],
  giftWrap: false,
  zone: 'IE' as const,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('startCheckout', () => {
  it('posts ids, quantities, gift wrap, zone and e-mail as JSON, and reads the URL', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, { ok: true, url: 'https://checkout.stripe.com/c/pay/cs_test_abc', sessionId: 'cs_test_abc' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await startCheckout(REQUEST);
    expect(result).toEqual({
      ok: true,
      url: 'https://checkout.stripe.com/c/pay/cs_test_abc',
      sessionId: 'cs_test_abc',
      redirectText: CHECKOUT_TEXT.redirectingStripe,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual(REQUEST);
    expect(new Headers(init.headers).get('Idempotency-Key')).toBeNull();
  });

  it("sends the attempt's Idempotency-Key, so a retry of a card-paid checkout answers its order", async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true, paid: true, reference: 'SOL-ABCD2345' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await startCheckout(REQUEST, { requestKey: 'attempt-1' })).toEqual({
      ok: true,
      paid: true,
      reference: 'SOL-ABCD2345',
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Idempotency-Key')).toBe('attempt-1');
  });

  it.each([
    [
      'the server error',
      json(502, { ok: false, error: 'Provider down' }),
      'Provider down',
      'CHECKOUT_SESSION_FAILED',
    ],
    [
      'a status without a message',
      new Response('<html>oops</html>', { status: 500 }),
      'Server returned 500',
      'CHECKOUT_SESSION_FAILED',
    ],
    [
      'no URL',
      json(200, { ok: true, url: '', sessionId: 'x' }),
      CHECKOUT_TEXT.noUrl,
      'CHECKOUT_SESSION_FAILED',
    ],
    [
      'a javascript: URL',
      json(200, { ok: true, url: 'javascript:alert(1)', sessionId: 'x' }),
      CHECKOUT_TEXT.noUrl,
      'CHECKOUT_SESSION_FAILED',
    ],
    [
      'a non-JSON 200',
      new Response('hello', { status: 200 }),
      CHECKOUT_TEXT.noUrl,
      'CHECKOUT_SESSION_FAILED',
    ],
  ])('reports %s', async (_label, response, detail, code) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    expect(await startCheckout(REQUEST)).toEqual({ ok: false, code, detail });
  });

  it('reports the network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await startCheckout(REQUEST)).toEqual({
      ok: false,
      code: 'NETWORK_ERROR',
      detail: 'Failed to fetch',
    });
  });

  it('gives up after the timeout with the timeout message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    expect(await startCheckout(REQUEST, { timeoutMs: 30 })).toEqual({
      ok: false,
      code: 'NETWORK_ERROR',
      detail: 'Request timed out after 15 seconds',
    });
  });

  it('tells Stripe from the built-in checkout by host', () => {
    expect(redirectTextFor(new URL('https://checkout.stripe.com/x'))).toBe('Redirecting to Stripe...');
    expect(redirectTextFor(new URL('https://shop.example/test-checkout/x'))).toBe(
      'Redirecting to secure checkout...',
    );
    expect(redirectTextFor(new URL('https://stripe.com.evil.example/x'))).toBe(
      'Redirecting to secure checkout...',
    );
    expect(safeCheckoutUrl('data:text/html,hi', 'http://localhost/')).toBeNull();
  });
});

describe('confirmOrder', () => {
  it('reads a paid order, treats 404 and 400 as unknown, and reports failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { status: 'paid', reference: 'SOL-ABCDEFGH', total: 8000 })),
    );
    expect(await confirmOrder('cs_test_abc')).toEqual({
      kind: 'answer',
      body: { status: 'paid', reference: 'SOL-ABCDEFGH', total: 8000 },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { status: 'unknown' })),
    );
    expect(await confirmOrder('cs_test_abc')).toEqual({ kind: 'answer', body: { status: 'unknown' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(502, { ok: false, error: 'Provider down' })),
    );
    expect(await confirmOrder('cs_test_abc')).toEqual({ kind: 'error', message: 'Provider down' });
  });

  it("passes a busy shop's Retry-After on, in milliseconds and capped at 30 s", async () => {
    const busy = (retryAfter: string | null) =>
      new Response(JSON.stringify({ ok: false, error: 'The shop is busy right now.' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => busy('5')),
    );
    expect(await confirmOrder('cs_test_abc')).toEqual({
      kind: 'error',
      message: 'The shop is busy right now.',
      retryAfterMs: 5_000,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => busy('3600')),
    );
    expect(await confirmOrder('cs_test_abc')).toMatchObject({ retryAfterMs: 30_000 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => busy(null)),
    );
    expect(await confirmOrder('cs_test_abc')).toEqual({
      kind: 'error',
      message: 'The shop is busy right now.',
    });
  });
});
