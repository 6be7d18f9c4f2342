/**
 * Per-client rate limits: at most `requests` per window of `perSeconds`, per client address (an IPv6
 * client per /64), counted by @fastify/rate-limit. Its store is in memory by default, right for one
 * process (a restart only gives everyone a fresh allowance); several instances pass a shared store.
 *
 * RATE_LIMITS (a contract name) configures them: `off` switches every limit off (benchmarks, volume
 * tests); otherwise a comma-separated list of `name=requests/seconds` or `name=off`, e.g.
 * `checkout=20/60,newsletter=off`. Names not listed keep their defaults.
 */
import fastifyRateLimit, { type FastifyRateLimitStoreCtor, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { storedRateLimitKey } from './rate-limit-store';

export const RATE_LIMIT_NAMES = [
  'checkout',
  'confirm',
  'newsletter',
  'pay',
  'admin',
  'order',
  'lookup',
  'other',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateRule {
  /** Requests allowed per window. */
  readonly requests: number;
  /** The window's length. */
  readonly perSeconds: number;
}

/** null: that limit is off. */
export type RateLimitSettings = Readonly<Record<RateLimitName, RateRule | null>>;

/**
 * What a small real shop would choose. A shopper opens checkout once or twice per order and the
 * confirmation page asks a handful of times; a family or an office behind one address still fits.
 * Each checkout writes an order and opens a provider session, newsletter sign-ups are rows anyone
 * could spam, card attempts on the test checkout are what card testers would hammer.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  /** POST /api/checkout */
  checkout: { requests: 10, perSeconds: 60 },
  /** POST /api/orders/{sessionId}/confirm (the page re-checks a pending payment a few times) */
  confirm: { requests: 60, perSeconds: 60 },
  /** POST /api/newsletter */
  newsletter: { requests: 5, perSeconds: 60 },
  /** POST /test-checkout/{sessionId}/pay (card attempts) */
  pay: { requests: 10, perSeconds: 60 },
  /** Every /api/admin/ route, before the token is checked (slows token guessing) */
  admin: { requests: 30, perSeconds: 60 },
  /** POST /api/order-page and /api/order-page/withdrawal (a shopper opens their page a few times) */
  order: { requests: 30, perSeconds: 60 },
  /** POST /api/order-page/find, per client; each address and each reference also at most 3 an hour */
  lookup: { requests: 10, perSeconds: 60 },
  /** A state-changing route nobody classified yet (the route inventory test fails until someone does) */
  other: { requests: 30, perSeconds: 60 },
};

export const RATE_LIMITS_OFF: RateLimitSettings = Object.fromEntries(
  RATE_LIMIT_NAMES.map((n) => [n, null]),
) as Record<RateLimitName, null>;

const MAX_REQUESTS = 1_000_000;
const MAX_SECONDS = 86_400;

export type RateLimitParse =
  | { readonly ok: true; readonly value: RateLimitSettings }
  | { readonly ok: false; readonly errors: readonly string[] };

/** Parses RATE_LIMITS; unset or empty means the defaults. */
export function parseRateLimits(raw: string | undefined): RateLimitParse {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, value: DEFAULT_RATE_LIMITS };
  if (text.toLowerCase() === 'off') return { ok: true, value: RATE_LIMITS_OFF };
  const out: Record<RateLimitName, RateRule | null> = { ...DEFAULT_RATE_LIMITS };
  const errors: string[] = [];
  const seen = new Set<string>();
  const known = RATE_LIMIT_NAMES.join(', ');
  for (const part of text.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const m = /^([a-z]+)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+))$/i.exec(entry);
    if (!m) {
      errors.push(`"${entry}": expected name=requests/seconds (e.g. checkout=10/60) or name=off`);
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    if (!(RATE_LIMIT_NAMES as readonly string[]).includes(name)) {
      errors.push(`"${entry}": unknown limit "${name}" (known: ${known}, or RATE_LIMITS=off for all)`);
      continue;
    }
    if (seen.has(name)) {
      errors.push(`"${entry}": "${name}" is given twice`);
      continue;
    }
    seen.add(name);
    if (m[2]) {
      out[name as RateLimitName] = null;
      continue;
    }
    const requests = Number(m[3]);
    const perSeconds = Number(m[4]);
    if (requests < 1 || requests > MAX_REQUESTS) {
      errors.push(`"${entry}": requests must be between 1 and ${MAX_REQUESTS}`);
      continue;
    }
    if (perSeconds < 1 || perSeconds > MAX_SECONDS) {
      errors.push(`"${entry}": seconds must be between 1 and ${MAX_SECONDS}`);
      continue;
    }
    out[name as RateLimitName] = { requests, perSeconds };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: out };
}

export type RateCheck = { readonly allowed: true } | { readonly allowed: false; readonly retryAfter: number };

/** Counts one request of its client; refuses it once the client is over the rule for this window. */
export type RateCounter = (request: FastifyRequest) => Promise<RateCheck>;

/** Clients remembered per limit by the in-memory store, least recently seen forgotten first. */
const MAX_CLIENTS = 50_000;

export interface RateLimitStoreOption {
  /** Where the counts live; default the plugin's in-memory store. Several instances share one. */
  readonly store?: FastifyRateLimitStoreCtor;
  /** Count in Redis instead (the plugin's own Redis store); wins over `store`. */
  readonly redis?: Redis;
}

/**
 * Registers @fastify/rate-limit without limiting any route by itself (`global: false`): the request
 * guard asks the counters made by `rateCounter` in the order it wants (before the body is read, and
 * before the cross-site and content-type checks).
 *
 * A store that fails: the database's error reaches the error handler (503 when the database is away,
 * as every route that writes would answer anyway); Redis's is skipped (the request passes unlimited):
 * a lost Redis must not take the shop down with it.
 */
export async function registerRateLimitPlugin(
  app: FastifyInstance,
  options: RateLimitStoreOption = {},
): Promise<void> {
  if (options.redis) clientKeyOf.set(app, hashedRateLimitKey);
  await app.register(fastifyRateLimit, {
    global: false,
    cache: MAX_CLIENTS,
    ...(options.redis
      ? { redis: options.redis, nameSpace: REDIS_NAMESPACE, skipOnError: true }
      : options.store
        ? { store: options.store }
        : {}),
  });
}

/** The shop's keys in a Redis that may serve others too. */
export const REDIS_NAMESPACE = 'solas-rate-limit:';

/**
 * The key a limit counts a client under: the limit's name and the client's address. normalizeIP first:
 * IPv4-mapped IPv6 as IPv4, and an IPv6 client as its /64 (one visitor usually holds a whole /64 and could
 * otherwise take a fresh allowance per address).
 */
function rateLimitKey(id: string, ip: string): string {
  return `${id}:${normalizeIP(ip)}`;
}

/**
 * In Redis, the address as a hash: a shared store never holds an address (IPs are personal data), as the
 * shop's own counters do (storedRateLimitKey). The database store hashes every key itself, and the
 * in-memory store keeps nothing beyond the process, so neither pays for a hash here.
 */
function hashedRateLimitKey(id: string, ip: string): string {
  return `${id}:${storedRateLimitKey(normalizeIP(ip))}`;
}

/** The key function of each app whose counts go to Redis (registerRateLimitPlugin); others use rateLimitKey. */
const clientKeyOf = new WeakMap<FastifyInstance, (id: string, ip: string) => string>();

/** A counter for one rule; `id` keeps each limit's counts apart in a shared store. */
export function rateCounter(app: FastifyInstance, id: string, rule: RateRule): RateCounter {
  const keyOf = clientKeyOf.get(app) ?? rateLimitKey;
  const check = app.createRateLimit({
    max: rule.requests,
    timeWindow: rule.perSeconds * 1000,
    keyGenerator: (request) => keyOf(id, request.ip),
    // The in-memory store's size per limit (the plugin reads it, its types do not list it).
    ...({ cache: MAX_CLIENTS } as object),
  });
  return async (request) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return { allowed: true };
    return { allowed: false, retryAfter: Math.max(1, result.ttlInSeconds) };
  };
}
