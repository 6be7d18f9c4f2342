/**
 * The debug panels once asked for (see debug-panels.tsx): their frame, how each closes (dropping its
 * parameter from the real URL or from the hash route), and each panel's own chunk.
 */
import { lazy, Suspense } from 'react';
// biome-ignore lint/style/noRestrictedImports: a file beside the features, not in one: '../lib' is the storefront's lib.
import { navigate } from '../lib/router';
import type { PanelParam } from './debug-panel-param';

const FlagPanel = lazy(() => import('./flags/flag-panel').then((m) => ({ default: m.FlagPanel })));
const DebugConsole = lazy(() =>
  import('./error-tracking/debug-console').then((m) => ({ default: m.DebugConsole })),
);

export interface DebugPanelsOpenProps {
  readonly path: string;
  readonly hashParams: URLSearchParams;
  readonly realParams: URLSearchParams;
  readonly setRealSearch: (next: string) => void;
  readonly showFlags: boolean;
  readonly showDebug: boolean;
}

export function DebugPanelsOpen({
  path,
  hashParams,
  realParams,
  setRealSearch,
  showFlags,
  showDebug,
}: DebugPanelsOpenProps) {
  const close = (name: PanelParam) => {
    if (realParams.has(name)) {
      const next = new URLSearchParams(realParams);
      next.delete(name);
      const query = next.toString();
      const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
      history.replaceState(history.state, '', url);
      setRealSearch(query ? `?${query}` : '');
    }
    if (hashParams.has(name)) {
      const next = new URLSearchParams(hashParams);
      next.delete(name);
      const query = next.toString();
      navigate(query ? `${path}?${query}` : path, { replace: true });
    }
  };

  return (
    <div
      data-print-hide
      className="pointer-events-none fixed inset-x-3 bottom-3 z-[35] flex max-h-[calc(100vh-1.5rem)] flex-col justify-end gap-3 sm:right-auto sm:w-[26rem]"
    >
      <Suspense fallback={null}>
        {showFlags ? <FlagPanel onClose={() => close('flags')} /> : null}
        {showDebug ? <DebugConsole onClose={() => close('debug')} /> : null}
      </Suspense>
    </div>
  );
}
