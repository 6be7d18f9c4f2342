/**
 * The client error log (docs/product/states.md §5.13): the last LIMITS.errorLogMax entries and the last
 * LIMITS.pathHistoryMax visited paths (path-history.ts), kept in this browser's local storage only. Nothing is sent
 * anywhere; the debug console (?debug=1) reads it, and a shopper can paste it into a support ticket.
 *
 * Everything touching `window` runs inside functions, never at import time, so the module is safe to
 * import from code that also renders on the server.
 */
import * as z from 'zod/mini';
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
import { readStoredJson, removeStored, subscribeStored, writeStoredJson } from '../../lib/browser-storage';
import { forgetPathHistoryCache, getPathHistory } from './path-history';

export const ERROR_TYPES = ['error', 'network', 'checkout'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** JSON-safe extra data: scalars only, so an entry always round-trips through storage. */
const extraValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ExtraValue = z.infer<typeof extraValueSchema>;

const entrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  type: z.enum(ERROR_TYPES),
  message: z.string(),
  stack: z.optional(z.string()),
  url: z.string(),
  userAgent: z.string(),
  pathHistory: z.array(z.string()),
  cartSize: z.number(),
  endpoint: z.optional(z.string()),
  status: z.optional(z.number()),
  duration: z.optional(z.number()),
  extra: z.optional(z.record(z.string(), extraValueSchema)),
});
export type ErrorLogEntry = z.infer<typeof entrySchema>;

export interface ErrorLogInput {
  readonly type: ErrorType;
  readonly message: string;
  readonly stack?: string | undefined;
  readonly endpoint?: string | undefined;
  readonly status?: number | undefined;
  readonly duration?: number | undefined;
  readonly extra?: Readonly<Record<string, unknown>> | undefined;
}

/** Caps keep one runaway error (a huge message, a deep stack) from filling the storage quota. */
const MAX_MESSAGE_CHARS = 1_000;
const MAX_STACK_CHARS = 4_000;
const MAX_EXTRA_KEYS = 20;
const MAX_EXTRA_STRING_CHARS = 500;

const EMPTY: readonly ErrorLogEntry[] = Object.freeze([]);

let entries: readonly ErrorLogEntry[] | null = null;
const listeners = new Set<() => void>();
let storageListenersInstalled = false;

/** Corrupt or foreign data is dropped entry by entry, never trusted and never thrown. */
function loadEntries(): readonly ErrorLogEntry[] {
  const raw = readStoredJson(STORAGE_KEYS.errorLog);
  if (!Array.isArray(raw)) return EMPTY;
  const valid: ErrorLogEntry[] = [];
  for (const item of raw) {
    const parsed = entrySchema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
  }
  return valid.slice(-LIMITS.errorLogMax);
}

function notify(): void {
  for (const listener of listeners) listener();
}

function ensureLoaded(): void {
  if (entries === null) entries = loadEntries();
}

function newId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    // randomUUID needs a secure context; fall through.
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Items in the shopper's cart (sum of quantities) from local storage 'cart'. Tolerates every shape the
 * key may hold: the cart's list of {name, price, quantity} (docs/product/states.md §5.1), an object with `items`, or garbage (0).
 */
export function readCartSize(): number {
  const raw = readStoredJson(STORAGE_KEYS.cart);
  const list: unknown = Array.isArray(raw)
    ? raw
    : raw !== null && typeof raw === 'object' && 'items' in raw
      ? (raw as { items: unknown }).items
      : null;
  if (!Array.isArray(list)) return 0;
  let size = 0;
  for (const line of list) {
    if (line === null || typeof line !== 'object') continue;
    const q = (line as { quantity?: unknown }).quantity;
    size += typeof q === 'number' && Number.isInteger(q) && q > 0 ? q : 1;
  }
  return size;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function toExtraValue(value: unknown): ExtraValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return clip(value, MAX_EXTRA_STRING_CHARS);
  if (value instanceof Error) return clip(`${value.name}: ${value.message}`, MAX_EXTRA_STRING_CHARS);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return clip(text, MAX_EXTRA_STRING_CHARS);
}

function sanitizeExtra(extra: ErrorLogInput['extra']): Record<string, ExtraValue> | undefined {
  if (!extra) return undefined;
  const out: Record<string, ExtraValue> = {};
  let count = 0;
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) continue;
    if (count >= MAX_EXTRA_KEYS) break;
    count += 1;
    out[key] = toExtraValue(value);
  }
  return count > 0 ? out : undefined;
}

/** Adds an entry (oldest dropped beyond the cap), persists it and tells the console. */
export function logError(input: ErrorLogInput): ErrorLogEntry {
  ensureLoaded();
  const entry: ErrorLogEntry = {
    id: newId(),
    timestamp: new Date().toISOString(),
    type: input.type,
    message: clip(input.message || '(no message)', MAX_MESSAGE_CHARS),
    url: typeof window === 'undefined' ? '' : window.location.href,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    pathHistory: [...getPathHistory()],
    cartSize: readCartSize(),
  };
  if (input.stack) entry.stack = clip(input.stack, MAX_STACK_CHARS);
  if (input.endpoint !== undefined) entry.endpoint = input.endpoint;
  if (input.status !== undefined) entry.status = input.status;
  if (input.duration !== undefined) entry.duration = Math.round(input.duration);
  const extra = sanitizeExtra(input.extra);
  if (extra) entry.extra = extra;
  entries = [...(entries ?? EMPTY), entry].slice(-LIMITS.errorLogMax);
  // Quota exceeded or storage disabled: the log still works in memory for this page view.
  writeStoredJson(STORAGE_KEYS.errorLog, entries);
  notify();
  return entry;
}

export function getErrorLog(): readonly ErrorLogEntry[] {
  ensureLoaded();
  return entries ?? EMPTY;
}

/** Server render and first hydration pass see an empty log. */
export function getServerErrorLog(): readonly ErrorLogEntry[] {
  return EMPTY;
}

export function clearErrorLog(): void {
  entries = EMPTY;
  removeStored(STORAGE_KEYS.errorLog);
  notify();
}

/** For useSyncExternalStore: fires on new entries, clears and changes made in another tab. */
export function subscribeErrorLog(listener: () => void): () => void {
  listeners.add(listener);
  if (!storageListenersInstalled) {
    storageListenersInstalled = true;
    subscribeStored(STORAGE_KEYS.errorLog, () => {
      entries = loadEntries();
      notify();
    });
    subscribeStored(STORAGE_KEYS.pathHistory, forgetPathHistoryCache);
  }
  return () => {
    listeners.delete(listener);
  };
}

/** Tests only: forget the in-memory copy so the next read loads from storage again. */
export function resetErrorLogCacheForTests(): void {
  entries = null;
  forgetPathHistoryCache();
}
