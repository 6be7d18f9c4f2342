/**
 * Fire-and-forget logging for the app shell: loads the error log module (and its zod schemas) only when
 * something actually goes wrong, so the shell's own bundle stays small.
 */
import type { ErrorLogInput } from './error-log';

export function report(input: ErrorLogInput): void {
  import('./error-log')
    .then((log) => {
      log.logError(input);
    })
    .catch(() => {
      // The log chunk itself failed to load (offline): nothing sensible is left to do.
    });
}

export function describeError(value: unknown): { message: string; stack?: string; name?: string } {
  if (value instanceof Error)
    return { message: value.message || value.name, stack: value.stack, name: value.name };
  if (typeof value === 'string') return { message: value };
  try {
    return { message: JSON.stringify(value) ?? String(value) };
  } catch {
    return { message: String(value) };
  }
}

/** The route error boundary's onError: render errors never reach window.onerror, so log them here. */
export function reportRenderError(error: Error, info: { componentStack?: string | null }): void {
  report({
    type: 'error',
    message: error.message || error.name,
    stack: error.stack,
    extra: { kind: 'render', name: error.name, componentStack: info.componentStack ?? undefined },
  });
}
