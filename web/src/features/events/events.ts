/**
 * Checkout breadcrumb events (docs/product/states.md §5.12) and the stored checkout diagnostics that the
 * /checkout-health page shows (docs/product/internal-tools.md §7.4). Local to this browser; nothing leaves it.
 */
import * as z from 'zod/mini';
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
import {
  readStored,
  readStoredJson,
  removeStored,
  writeStored,
  writeStoredJson,
} from '../../lib/browser-storage';
import { logError } from '../error-tracking';

export const EVENT_NAMES = [
  'checkout_start',
  'payment_attempt',
  'payment_success',
  'payment_failed',
  'payment_canceled',
  'purchase',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

const eventValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type EventData = Readonly<Record<string, string | number | boolean | null>>;

const eventSchema = z.object({
  name: z.enum(EVENT_NAMES),
  time: z.string(),
  data: z.optional(z.record(z.string(), eventValueSchema)),
});
export type RecordedEvent = z.infer<typeof eventSchema>;

export const CHECKOUT_ERROR_CODES = ['CHECKOUT_SESSION_FAILED', 'NETWORK_ERROR'] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

const checkoutErrorSchema = z.object({
  code: z.string(),
  msg: z.string(),
  time: z.string(),
});
export type StoredCheckoutError = z.infer<typeof checkoutErrorSchema>;

export interface CheckoutHealth {
  /** ISO timestamp of the last successful checkout session, or null. */
  readonly lastSuccessAt: string | null;
  readonly lastError: StoredCheckoutError | null;
}

/** Broadcast in this tab when the stored checkout diagnostics change (other tabs get 'storage'). */
export const CHECKOUT_HEALTH_CHANGED_EVENT = 'solas:checkout-health-changed';

export function getEvents(): readonly RecordedEvent[] {
  const raw = readStoredJson(STORAGE_KEYS.events);
  if (!Array.isArray(raw)) return [];
  const valid: RecordedEvent[] = [];
  for (const item of raw) {
    const parsed = eventSchema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
  }
  return valid;
}

/** Keeps the newest events; the cap shares the error log's, both being support breadcrumbs. */
export function recordEvent(name: EventName, data?: EventData): RecordedEvent {
  const event: RecordedEvent = { name, time: new Date().toISOString() };
  if (data) {
    const clean: Record<string, string | number | boolean | null> = {};
    for (const [k, v] of Object.entries(data)) {
      if (typeof v === 'number' && !Number.isFinite(v)) continue;
      clean[k] = v;
    }
    event.data = clean;
  }
  const events = [...getEvents(), event].slice(-LIMITS.errorLogMax);
  // Storage full or disabled: diagnostics are best effort and must never break checkout.
  writeStoredJson(STORAGE_KEYS.events, events);
  return event;
}

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHECKOUT_HEALTH_CHANGED_EVENT));
}

export function recordCheckoutSuccess(at: Date = new Date()): void {
  writeStored(STORAGE_KEYS.lastCheckoutSuccessAt, at.toISOString());
  announce();
}

export function recordCheckoutError(code: CheckoutErrorCode, msg: string, at: Date = new Date()): void {
  const value: StoredCheckoutError = { code, msg, time: at.toISOString() };
  writeStoredJson(STORAGE_KEYS.lastCheckoutError, value);
  announce();
}

/** Accepts an ISO string or epoch milliseconds (older builds); anything else counts as absent. */
function parseTimestamp(raw: string | null): string | null {
  if (!raw) return null;
  const asNumber = /^\d{10,16}$/.test(raw) ? Number(raw) : Number.NaN;
  const date = Number.isFinite(asNumber) ? new Date(asNumber) : new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function readCheckoutHealth(): CheckoutHealth {
  const lastSuccessAt = parseTimestamp(readStored(STORAGE_KEYS.lastCheckoutSuccessAt));
  const lastError = readStoredJson(STORAGE_KEYS.lastCheckoutError, checkoutErrorSchema) ?? null;
  return { lastSuccessAt, lastError };
}

export function clearCheckoutHealth(): void {
  removeStored(STORAGE_KEYS.lastCheckoutSuccessAt);
  removeStored(STORAGE_KEYS.lastCheckoutError);
  announce();
}

/** A checkout step worth a support look (docs/product/states.md §5.13: checkout events use type 'checkout' in the error log). */
export function logCheckoutEvent(message: string, extra?: Readonly<Record<string, unknown>>): void {
  logError({ type: 'checkout', message, extra });
}
