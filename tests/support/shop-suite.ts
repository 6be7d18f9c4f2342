/**
 * The route suites' preamble: registers the hooks that start a shop (startTestApp, startTestShop,
 * startStripeTestShop, or a suite's own) for the calling describe, once or for each test, and stop it
 * after. The answer stands for the running shop: its parts are read inside a test or a later hook.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TestApp } from './test-shop';

export function shopSuite<T extends Pick<TestApp, 'stop'>>(
  start: () => Promise<T>,
  {
    each = false,
    timeoutMs,
  }: {
    /** A shop of its own for each test (beforeEach), rather than one for the describe (beforeAll). */
    readonly each?: boolean;
    /** The start's own timeout, for a shop slower to start than a hook's default. */
    readonly timeoutMs?: number;
  } = {},
): T {
  let current: T | undefined;
  const running = (): T => {
    if (!current) throw new Error('shopSuite: no shop outside a test');
    return current;
  };
  const begin = async () => {
    current = await start();
  };
  const end = async () => {
    const stopping = current;
    current = undefined;
    await stopping?.stop();
  };
  if (each) {
    beforeEach(begin, timeoutMs);
    afterEach(end);
  } else {
    beforeAll(begin, timeoutMs);
    afterAll(end);
  }
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(running(), key),
  });
}
