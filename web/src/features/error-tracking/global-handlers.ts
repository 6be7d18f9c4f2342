/**
 * Captures uncaught errors and unhandled promise rejections into the error log (docs/product/states.md §5.13).
 * Installed once from the app shell; safe to call again (e.g. StrictMode's double effects).
 */
import { describeError, report } from './report';

let installed = false;

function onError(event: ErrorEvent): void {
  const { message, stack, name } = describeError(event.error ?? event.message);
  report({
    type: 'error',
    // Cross-origin scripts only say "Script error."; keep that rather than an empty message.
    message: message || event.message || 'Unknown error',
    stack,
    extra: {
      kind: 'uncaught',
      name,
      source: event.filename || undefined,
      line: event.lineno || undefined,
      column: event.colno || undefined,
    },
  });
}

function onRejection(event: PromiseRejectionEvent): void {
  const { message, stack, name } = describeError(event.reason);
  report({
    type: 'error',
    message: `Unhandled promise rejection: ${message}`,
    stack,
    extra: { kind: 'unhandledrejection', name },
  });
}

export function installGlobalErrorHandlers(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  // Bubbling phase only: failed <img>/<script> loads fire non-bubbling 'error' events we do not want here.
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
}

/** Tests only. */
export function uninstallGlobalErrorHandlersForTests(): void {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  installed = false;
}
