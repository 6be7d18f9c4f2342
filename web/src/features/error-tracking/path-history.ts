/**
 * The last LIMITS.pathHistoryMax visited paths, kept for error reports. Separate from error-log.ts (and
 * free of zod) because the shell records every route change: the home page must not pay for the log.
 */
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
import { readStoredJson, writeStoredJson } from '../../lib/browser-storage';

const EMPTY: readonly string[] = Object.freeze([]);
let paths: readonly string[] | null = null;

/** Keeps the plausible paths of whatever list is stored; anything else reads as no history. */
function checkPaths(raw: unknown): readonly string[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw
    .filter((p): p is string => typeof p === 'string' && p.length <= 2_000)
    .slice(-LIMITS.pathHistoryMax);
}

function load(): readonly string[] {
  return readStoredJson(STORAGE_KEYS.pathHistory, checkPaths) ?? EMPTY;
}

export function getPathHistory(): readonly string[] {
  if (typeof window === 'undefined') return EMPTY;
  if (paths === null) paths = load();
  return paths;
}

/** Appends a path (a repeat of the last one is ignored) and persists the last LIMITS.pathHistoryMax. */
export function recordPath(path: string): void {
  if (typeof window === 'undefined') return;
  const current = getPathHistory();
  if (current[current.length - 1] === path) return;
  paths = [...current, path].slice(-LIMITS.pathHistoryMax);
  // Storage full or disabled: history lives in memory for this page view.
  writeStoredJson(STORAGE_KEYS.pathHistory, paths);
}

/** Another tab changed the history, or a test reset storage: read it again next time. */
export function forgetPathHistoryCache(): void {
  paths = null;
}
