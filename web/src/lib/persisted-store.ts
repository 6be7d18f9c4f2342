/**
 * A reducer whose state lives in local storage, shared by the cart, wishlist, comparison and recently
 * viewed providers.
 *
 * - SSR- and hydration-safe: React reads it through useSyncExternalStore; the server snapshot is the
 *   initial state, and nothing touches `window` during a server render.
 * - Storage is the source of truth: every snapshot compares the stored string with the one the state came
 *   from, so a write by another tab (storage event) or by other code in this tab is picked up.
 * - Storage may be disabled, full or hold garbage: reads and writes go through browser-storage.ts and
 *   never throw, `parse` turns anything into a valid state, and when a write fails the state simply lives
 *   in memory for this page.
 */
import { useState, useSyncExternalStore } from 'react';
import { readStored, type StorageKey, subscribeStored, writeStored } from './browser-storage';

export interface PersistedStoreOptions<S, A> {
  readonly key: StorageKey;
  readonly initial: S;
  readonly reducer: (state: S, action: A) => S;
  /** Must accept any string (or null for "nothing stored") and never throw. */
  readonly parse: (raw: string | null) => S;
  readonly serialize: (state: S) => string;
}

export interface PersistedStore<S, A> {
  readonly getSnapshot: () => S;
  readonly getServerSnapshot: () => S;
  readonly subscribe: (listener: () => void) => () => void;
  readonly dispatch: (action: A) => void;
}

export function createPersistedStore<S, A>(options: PersistedStoreOptions<S, A>): PersistedStore<S, A> {
  const { key, initial, reducer, parse, serialize } = options;
  const initialRaw = serialize(initial);
  let state = initial;
  /** The stored string `state` was read from or written as; undefined before the first read. */
  let sourceRaw: string | null | undefined;
  const listeners = new Set<() => void>();
  let unsubscribeStorage: (() => void) | null = null;

  const getSnapshot = (): S => {
    const raw = readStored(key);
    if (raw !== sourceRaw) {
      sourceRaw = raw;
      const next = parse(raw);
      // Nothing stored (or a stored initial state) keeps the very object the server snapshot returns:
      // React compares the two after hydration, and a new-but-equal object would force a synchronous
      // re-render of every consumer on every page load.
      state = serialize(next) === initialRaw ? initial : next;
    }
    return state;
  };

  const emit = () => {
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot,
    getServerSnapshot: () => initial,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) unsubscribeStorage = subscribeStored(key, emit);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribeStorage?.();
          unsubscribeStorage = null;
        }
      };
    },
    dispatch(action) {
      const current = getSnapshot();
      const next = reducer(current, action);
      if (Object.is(next, current)) return;
      state = next;
      const raw = serialize(next);
      if (writeStored(key, raw)) sourceRaw = raw;
      emit();
    },
  };
}

/**
 * A store's state, or the part of it `select` picks, re-rendering the caller when that changes (compared
 * with Object.is: a selection should be a primitive or an object the state keeps).
 */
export function useStoreState<S, A, T = S>(store: PersistedStore<S, A>, select?: (state: S) => T): T {
  const pick = select ?? ((state: S) => state as unknown as T);
  return useSyncExternalStore(
    store.subscribe,
    () => pick(store.getSnapshot()),
    () => pick(store.getServerSnapshot()),
  );
}

/** One store per provider instance (tests mount fresh providers and get fresh state from storage). */
export function usePersistedStore<S, A>(
  options: PersistedStoreOptions<S, A>,
): readonly [S, (action: A) => void] {
  const [store] = useState(() => createPersistedStore(options));
  return [useStoreState(store), store.dispatch];
}

/** A single persisted value (delivery zone, gift wrap) with a setter. */
export function usePersistedValue<T>(
  key: StorageKey,
  initial: T,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string,
): readonly [T, (value: T) => void] {
  return usePersistedStore<T, T>({ key, initial, parse, serialize, reducer: (_, next) => next });
}
