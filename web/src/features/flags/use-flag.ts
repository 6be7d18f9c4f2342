import { useSyncExternalStore } from 'react';
import { FLAG_DEFAULTS, type FlagName } from '../../../../domain/config';
import { FLAGS_CHANGED_EVENT, getFlag } from './flags';

const subscribers = new Set<() => void>();
const notify = () => {
  for (const callback of subscribers) callback();
};

/**
 * One pair of window listeners for every component that reads a flag, added with the first subscriber:
 * each listener added to window costs the main thread a little while the app starts on a slow phone.
 */
function subscribe(callback: () => void): () => void {
  if (subscribers.size === 0) {
    window.addEventListener(FLAGS_CHANGED_EVENT, notify);
    window.addEventListener('storage', notify);
  }
  subscribers.add(callback);
  return () => {
    subscribers.delete(callback);
    if (subscribers.size > 0) return;
    window.removeEventListener(FLAGS_CHANGED_EVENT, notify);
    window.removeEventListener('storage', notify);
  };
}

/** Re-renders when the flag changes (panel toggle, another tab). Server render uses the default. */
export function useFlag(name: FlagName): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getFlag(name),
    () => FLAG_DEFAULTS[name],
  );
}
