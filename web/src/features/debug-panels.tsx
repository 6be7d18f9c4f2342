/**
 * The hidden debug panels (docs/product.md §7.7): ?flags=1 shows the feature-flag panel, ?debug=1 the error
 * console. The query may sit in the real URL (/?debug=1#/shop) or in the hash route (#/shop?debug=1).
 * Both panels are separate chunks, loaded only when asked for, so shoppers never download them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { navigate, useLocation } from '../app/router';

const FlagPanel = lazy(() => import('./flags/flag-panel').then((m) => ({ default: m.FlagPanel })));
const DebugConsole = lazy(() =>
  import('./error-tracking/debug-console').then((m) => ({ default: m.DebugConsole })),
);

type PanelParam = 'flags' | 'debug';

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

  const showFlags = wants('flags');
  const showDebug = wants('debug');
  if (!showFlags && !showDebug) return null;
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
