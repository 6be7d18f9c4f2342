import { useSyncExternalStore } from 'react';
import { FLAG_DEFAULTS, type FlagName } from '../../../../domain/config';
import { FLAGS_CHANGED_EVENT, getFlag } from './flags';

function subscribe(callback: () => void): () => void {
  window.addEventListener(FLAGS_CHANGED_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(FLAGS_CHANGED_EVENT, callback);
    window.removeEventListener('storage', callback);
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
