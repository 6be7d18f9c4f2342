/**
 * The hero snapshot's run and state: taken automatically TIMINGS_MS.diagnosticsDelay after the page opens,
 * and again on demand. Only the latest run may set the state, so a slow earlier run never overwrites it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TIMINGS_MS } from '../../../../../domain/config';
import {
  HERO_NOT_FOUND,
  HeroNotFoundError,
  type HeroSnapshot,
  snapshotHero,
} from '../../../features/diagnostics/hero-snapshot';
import { withPageInFrame } from '../../../features/diagnostics/page-frame';

export type RunState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  | { readonly kind: 'done'; readonly snapshot: HeroSnapshot }
  | { readonly kind: 'error'; readonly message: string };

/** `onReset` runs whenever a run starts or the result is cleared (the copy message belongs to the old one). */
export function useHeroSnapshot(onReset: () => void) {
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const runId = useRef(0);

  const run = useCallback(
    async (path: string) => {
      const id = ++runId.current;
      onReset();
      setState({ kind: 'running' });
      try {
        const snapshot = await withPageInFrame(path, (doc, win) => snapshotHero(doc, win));
        if (id === runId.current) setState({ kind: 'done', snapshot });
      } catch (err) {
        if (id !== runId.current) return;
        const message =
          err instanceof HeroNotFoundError ? HERO_NOT_FOUND : `Snapshot failed: ${(err as Error).message}`;
        setState({ kind: 'error', message });
      }
    },
    [onReset],
  );

  const clear = () => {
    runId.current += 1;
    setState({ kind: 'idle' });
    onReset();
  };

  useEffect(() => {
    // Inside a frame (someone inspecting /diagnostics itself) the page must not start frames of its own.
    const timer =
      window.top === window ? window.setTimeout(() => void run('/'), TIMINGS_MS.diagnosticsDelay) : undefined;
    return () => {
      window.clearTimeout(timer);
      runId.current += 1;
    };
  }, [run]);

  const snapshot = state.kind === 'done' ? state.snapshot : null;
  const json = useMemo(() => (snapshot ? JSON.stringify(snapshot, null, 2) : ''), [snapshot]);

  return { state, snapshot, json, run, clear };
}
