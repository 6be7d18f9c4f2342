/** Loading and acting against the desk API, with the session's end handled in one place. */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { DeskApiError, newSubmissionKey } from '../desk-api';

/** Called by any screen whose call got a 401: the desk shows the sign-in screen with the message. */
export const SessionEndedContext = createContext<(message: string) => void>(() => {});

export type Loaded<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string }
  | { readonly state: 'ready'; readonly data: T };

function messageOf(err: unknown): string {
  return err instanceof DeskApiError ? err.message : 'Something went wrong. Try again.';
}

/**
 * Loads `load()` whenever `key` changes; `reload` fetches again, `replace` shows data an action answered
 * with (the order as it is after the change) without another request.
 */
export function useDeskData<T>(
  key: string,
  load: () => Promise<T>,
): [Loaded<T>, () => void, (data: T) => void] {
  const sessionEnded = useContext(SessionEndedContext);
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and generation are what ask for a new load
  useEffect(() => {
    let current = true;
    setResult((previous) => (previous.state === 'ready' && generation > 0 ? previous : { state: 'loading' }));
    loadRef.current().then(
      (data) => {
        if (current) setResult({ state: 'ready', data });
      },
      (err: unknown) => {
        if (!current) return;
        if (err instanceof DeskApiError && err.status === 401) sessionEnded(err.message);
        else setResult({ state: 'error', message: messageOf(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [key, generation, sessionEnded]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const replace = useCallback((data: T) => setResult({ state: 'ready', data }), []);
  return [result, reload, replace];
}

/**
 * An action behind a button: while it runs, further calls are ignored (a double click or an impatient
 * second tap sends one request), and its error is kept for display. Each submission gets its own key
 * (`act`'s first argument, sent as the Idempotency-Key): the server makes a repeat of it one change. When
 * the shop could not be reached, the same submission tried again keeps its key: the first may have landed.
 */
export function useDeskAction<A extends unknown[]>(
  act: (submission: string, ...args: A) => Promise<void>,
): { run: (...args: A) => Promise<boolean>; busy: boolean; error: string | null; clearError: () => void } {
  const sessionEnded = useContext(SessionEndedContext);
  const running = useRef(false);
  const unanswered = useRef<{ key: string; args: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (...args: A): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      setError(null);
      const argsText = JSON.stringify(args);
      const key = unanswered.current?.args === argsText ? unanswered.current.key : newSubmissionKey();
      unanswered.current = null;
      try {
        await act(key, ...args);
        return true;
      } catch (err) {
        if (err instanceof DeskApiError && err.status === 0) unanswered.current = { key, args: argsText };
        if (err instanceof DeskApiError && err.status === 401) sessionEnded(err.message);
        else setError(messageOf(err));
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [act, sessionEnded],
  );
  const clearError = useCallback(() => setError(null), []);
  return { run, busy, error, clearError };
}
