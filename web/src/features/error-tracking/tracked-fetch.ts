/**
 * The fetch wrapper (docs/product/states.md §5.13): every response with status >= 400 and every network failure (status 0) lands
 * in the error log as 'HTTP {status}: {method} {endpoint}', with endpoint, method, duration and status
 * text. The response or the error is handed back unchanged; logging never alters the caller's flow.
 */
import { logError } from './error-log';

/**
 * Path of the request without its query (queries can carry session ids); other origins keep their
 * origin so a failing third-party call is recognisable.
 */
export function endpointOf(input: string): string {
  try {
    const base = typeof window === 'undefined' ? 'http://localhost' : window.location.href;
    const url = new URL(input, base);
    const sameOrigin = typeof window !== 'undefined' && url.origin === window.location.origin;
    return sameOrigin || !/^[a-z][a-z0-9+.-]*:/i.test(input) ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return input.split('?')[0] ?? input;
  }
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

export async function trackedFetch(input: string, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? 'GET').toUpperCase();
  const endpoint = endpointOf(input);
  const start = now();
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (err) {
    // DOMException (AbortError, TimeoutError) is not an Error subclass in every realm: read it by shape.
    const error =
      err instanceof Error
        ? err
        : typeof err === 'object' && err !== null && 'name' in err && 'message' in err
          ? { name: String(err.name), message: String(err.message), stack: undefined }
          : new Error(String(err));
    logError({
      type: 'network',
      message: `HTTP 0: ${method} ${endpoint}`,
      stack: error.stack,
      endpoint,
      status: 0,
      duration: now() - start,
      extra: {
        method,
        statusText: error.message || 'Network request failed',
        aborted: error.name === 'AbortError' || error.name === 'TimeoutError',
      },
    });
    throw err;
  }
  if (response.status >= 400) {
    logError({
      type: 'network',
      message: `HTTP ${response.status}: ${method} ${endpoint}`,
      endpoint,
      status: response.status,
      duration: now() - start,
      extra: { method, statusText: response.statusText },
    });
  }
  return response;
}
