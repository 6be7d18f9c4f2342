/**
 * The one way the shop touches browser storage. Every key is one of STORAGE_KEYS (or a flag override,
 * see flagStorageKeys in domain/config.ts), so the cookie policy and the storage fuzz tests see them all.
 *
 * Storage is never trusted to work: in private modes or with site data blocked, merely reading
 * `window.localStorage` throws a SecurityError; a full quota (or Safari's old zero-quota private mode)
 * makes `setItem` throw a QuotaExceededError; another version of the shop, an extension or a visitor may
 * have left anything under a key. Each function here turns all of that into a plain result (null,
 * undefined or false) and never throws, so callers carry on in memory for the page view.
 *
 * Nothing runs at import time and every function answers "nothing stored" on the server, but components
 * still read storage only in effects or through useSyncExternalStore (see persisted-store.ts): reading
 * during render would make the first client render differ from the prerendered HTML.
 */
import type { FlagName, STORAGE_KEYS } from '../../../domain/config';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | FlagName | `flag_${FlagName}`;

/** 'session' is the tab's session storage (gone when the tab closes); everything else is 'local'. */
export type StorageArea = 'local' | 'session';

/** A zod (or zod/mini) schema, or anything else with the same `safeParse`. */
export interface StoredSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A schema, or a checker that returns the value to use or undefined to reject what is stored. */
export type StoredCheck<T> = StoredSchema<T> | ((value: unknown) => T | undefined);

function storageArea(area: StorageArea): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // SecurityError: the browser blocks site data for this page (privacy mode, disabled storage).
    return null;
  }
}

/** Runs `op` on the storage area; any failure (no storage, denied, quota exceeded) yields `fallback`. */
function attempt<T>(area: StorageArea, fallback: T, op: (storage: Storage) => T): T {
  const storage = storageArea(area);
  if (!storage) return fallback;
  try {
    return op(storage);
  } catch {
    return fallback;
  }
}

/** The stored string, or null when nothing is stored or storage cannot be read. */
export function readStored(key: StorageKey, area: StorageArea = 'local'): string | null {
  return attempt(area, null, (storage) => storage.getItem(key));
}

/** Stores the string; false when it could not be kept (quota exceeded, storage disabled). */
export function writeStored(key: StorageKey, value: string, area: StorageArea = 'local'): boolean {
  return attempt(area, false, (storage) => {
    storage.setItem(key, value);
    return true;
  });
}

/** Removes the key; false when storage could not be reached. */
export function removeStored(key: StorageKey, area: StorageArea = 'local'): boolean {
  return attempt(area, false, (storage) => {
    storage.removeItem(key);
    return true;
  });
}

function checked<T>(value: unknown, check: StoredCheck<T>): T | undefined {
  if (typeof check === 'function') return check(value);
  const result = check.safeParse(value);
  return result.success ? result.data : undefined;
}

/**
 * The stored JSON value, or undefined when nothing is stored, storage cannot be read, the text is not
 * JSON, or (with a schema or checker) the value does not pass it.
 */
export function readStoredJson(key: StorageKey): unknown;
export function readStoredJson<T>(key: StorageKey, check: StoredCheck<T>): T | undefined;
export function readStoredJson<T>(key: StorageKey, check?: StoredCheck<T>): unknown {
  const raw = readStored(key);
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return check ? checked(value, check) : value;
}

/** Stores the value as JSON; false when it could not be serialised or kept. */
export function writeStoredJson(key: StorageKey, value: unknown): boolean {
  let raw: string | undefined;
  try {
    raw = JSON.stringify(value);
  } catch {
    // A cycle or a BigInt: nothing sensible to store.
    return false;
  }
  return raw !== undefined && writeStored(key, raw);
}

/**
 * Calls `listener` when another tab changes `key` or clears storage (a tab's own writes raise no
 * storage event). Returns the unsubscribe function.
 */
export function subscribeStored(key: StorageKey, listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    // key === null means another tab called clear().
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
