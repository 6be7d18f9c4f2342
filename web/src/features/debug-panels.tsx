/**
 * The hidden debug panels (docs/product/internal-tools.md §7.7): ?flags=1 shows the feature-flag panel, ?debug=1 the error
 * console. The query may sit in the real URL (/?debug=1#/shop) or in the hash route (#/shop?debug=1).
 * Only the check for the two parameters is in every page's code; the panels, their frame and how they
 * close are chunks loaded when asked for (debug-panels-open.tsx), so shoppers never download them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
// biome-ignore lint/style/noRestrictedImports: a file beside the features, not in one: '../lib' is the storefront's lib.
import { useLocation } from '../lib/router';
import type { PanelParam } from './debug-panel-param';

const DebugPanelsOpen = lazy(() =>
  import('./debug-panels-open').then((m) => ({ default: m.DebugPanelsOpen })),
);

function useRealSearch(): [string, (next: string) => void] {
  // Read after mount: the server render and the first hydration pass have no window.
  const [search, setSearch] = useState('');
  useEffect(() => {
    const update = () => setSearch(window.location.search);
    update();
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return [search, setSearch];
}

export function DebugPanels() {
  const { path, search } = useLocation();
  const [realSearch, setRealSearch] = useRealSearch();
  const hashParams = new URLSearchParams(search);
  const realParams = new URLSearchParams(realSearch);
  const wants = (name: PanelParam) => hashParams.get(name) === '1' || realParams.get(name) === '1';
  const showFlags = wants('flags');
  const showDebug = wants('debug');
  if (!showFlags && !showDebug) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanelsOpen
        path={path}
        hashParams={hashParams}
        realParams={realParams}
        setRealSearch={setRealSearch}
        showFlags={showFlags}
        showDebug={showDebug}
      />
    </Suspense>
  );
}
