import { useEffect } from 'react';
import { installGlobalErrorHandlers } from './global-handlers';
import { recordPath } from './path-history';

/**
 * Called once by the app shell with the current route path: installs the global error handlers and
 * records the path history that every error entry carries.
 */
export function useErrorTracking(path: string): void {
  useEffect(() => {
    installGlobalErrorHandlers();
  }, []);
  useEffect(() => {
    // The diagnostics tool loads shop pages in a hidden frame; those visits are not the visitor's.
    if (window.top !== window) return;
    recordPath(path);
  }, [path]);
}
