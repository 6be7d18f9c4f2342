/**
 * Feature flags, resolved in the order of docs/product/states.md §5.7: local storage `{name}` ('true'/'false'), then
 * `flag_{name}`, then the runtime environment the server hands the app (upper-cased name or FLAG_ prefix),
 * then the defaults (FLAG_DEFAULTS). Everything that depends on a flag reads it through `getFlag`.
 */
import { FLAG_DEFAULTS, FLAG_NAMES, type FlagName, flagStorageKeys } from '../../../../domain/config';
import { readStored, removeStored, type StorageKey, writeStored } from '../../lib/browser-storage';

export const FLAGS_CHANGED_EVENT = 'solas:flags-changed';

declare global {
  interface Window {
    /** Runtime flag values from the server's environment, e.g. { FLAG_HERO_V2: 'true' }. */
    __SOLAS_ENV__?: Record<string, string>;
  }
}

export type FlagSource = 'local' | 'local-prefixed' | 'environment' | 'default';

function parseBool(value: string | null | undefined): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

export function resolveFlag(
  name: FlagName,
  storage: (key: StorageKey) => string | null,
  env: Readonly<Record<string, string>> | undefined,
): { value: boolean; source: FlagSource } {
  const [localKey, prefixedKey] = flagStorageKeys(name);
  const local = parseBool(storage(localKey));
  if (local !== undefined) return { value: local, source: 'local' };
  const prefixed = parseBool(storage(prefixedKey));
  if (prefixed !== undefined) return { value: prefixed, source: 'local-prefixed' };
  const upper = name.toUpperCase();
  const fromEnv = parseBool(env?.[upper]?.toLowerCase()) ?? parseBool(env?.[`FLAG_${upper}`]?.toLowerCase());
  if (fromEnv !== undefined) return { value: fromEnv, source: 'environment' };
  return { value: FLAG_DEFAULTS[name], source: 'default' };
}

export function getFlag(name: FlagName): boolean {
  if (typeof window === 'undefined') return FLAG_DEFAULTS[name];
  return resolveFlag(name, readStored, window.__SOLAS_ENV__).value;
}

export interface FlagState {
  readonly name: FlagName;
  readonly value: boolean;
  readonly source: FlagSource;
}

/** Every flag with its resolved value and where that value came from (the flag panel shows both). */
export function getFlagStates(): readonly FlagState[] {
  if (typeof window === 'undefined') {
    return FLAG_NAMES.map((name) => ({ name, value: FLAG_DEFAULTS[name], source: 'default' as const }));
  }
  return FLAG_NAMES.map((name) => ({ name, ...resolveFlag(name, readStored, window.__SOLAS_ENV__) }));
}

export function setFlag(name: FlagName, value: boolean): void {
  // Storage can be full or disabled; the flag then simply keeps its previous value.
  writeStored(name, String(value));
  window.dispatchEvent(new Event(FLAGS_CHANGED_EVENT));
}

export function resetFlags(): void {
  for (const name of FLAG_NAMES) {
    for (const key of flagStorageKeys(name)) removeStored(key);
  }
  window.dispatchEvent(new Event(FLAGS_CHANGED_EVENT));
}
