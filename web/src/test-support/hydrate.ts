/**
 * `hydrateRoot` for tests, with the root unmounted after the test (tests/setup/vitest-setup.ts), as
 * Testing Library's cleanup unmounts what `render` mounted. A test worker keeps one window for every file
 * it runs (vitest.config.ts: isolate false), so a root left mounted (a router listening to the hash, say)
 * went on updating in later files' tests, which then failed on React's act() warning.
 */
import type { ReactNode } from 'react';
import { act } from 'react';
import { type HydrationOptions, hydrateRoot, type Root } from 'react-dom/client';

const mounted = new Set<Root>();

export function hydrateForTest(container: Element, element: ReactNode, options?: HydrationOptions): Root {
  const root = hydrateRoot(container, element, options);
  mounted.add(root);
  return root;
}

/** Unmounts every root hydrated by the test that just ended. */
export function unmountHydrated(): void {
  if (mounted.size === 0) return;
  // The test may have switched React's act environment off again; act() needs it on.
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    for (const root of mounted) act(() => root.unmount());
  } finally {
    mounted.clear();
    if (before === undefined) delete scope.IS_REACT_ACT_ENVIRONMENT;
    else scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}
