// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getErrorLog, resetErrorLogCacheForTests } from './error-log';
import { installGlobalErrorHandlers, uninstallGlobalErrorHandlersForTests } from './global-handlers';

beforeEach(() => {
  localStorage.clear();
  resetErrorLogCacheForTests();
  installGlobalErrorHandlers();
  installGlobalErrorHandlers(); // idempotent: one entry per error, not two
});
afterEach(() => {
  uninstallGlobalErrorHandlersForTests();
});

async function waitForEntries(count: number) {
  await vi.waitFor(() => {
    expect(getErrorLog()).toHaveLength(count);
  });
}

describe('global error handlers', () => {
  it('logs uncaught errors with message, stack and source position', async () => {
    const error = new Error('boom');
    window.dispatchEvent(
      new ErrorEvent('error', {
        error,
        message: 'Uncaught Error: boom',
        filename: 'app.js',
        lineno: 3,
        colno: 7,
      }),
    );
    await waitForEntries(1);
    expect(getErrorLog()[0]).toMatchObject({
      type: 'error',
      message: 'boom',
      stack: error.stack,
      extra: { kind: 'uncaught', name: 'Error', source: 'app.js', line: 3, column: 7 },
    });
  });

  it('logs cross-origin "Script error." events that carry no error object', async () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    await waitForEntries(1);
    expect(getErrorLog()[0]?.message).toBe('Script error.');
  });

  it('logs unhandled rejections, with Error and non-Error reasons', async () => {
    const rejection = (reason: unknown) => {
      const event = new Event('unhandledrejection') as Event & { reason?: unknown };
      event.reason = reason;
      window.dispatchEvent(event);
    };
    rejection(new Error('nope'));
    rejection({ code: 42 });
    await waitForEntries(2);
    expect(getErrorLog().map((e) => e.message)).toEqual([
      'Unhandled promise rejection: nope',
      'Unhandled promise rejection: {"code":42}',
    ]);
    expect(getErrorLog()[0]?.extra).toMatchObject({ kind: 'unhandledrejection' });
  });
});
