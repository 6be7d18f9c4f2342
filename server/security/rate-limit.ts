/**
 * Per-client rate limits: at most `requests` per window of `perSeconds`, per client address (an IPv6
 * client per /64), counted by @fastify/rate-limit. Its store is in memory by default, right for one
 * process (a restart only gives everyone a fresh allowance); several instances pass a shared store.
 */
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateRule } from '../lib/rate-limit-settings';
import { type RateLimitStoreOption, redisRateLimitStore, storedRateLimitKey } from './rate-limit-store';

export type RateCheck = { readonly allowed: true } | { readonly allowed: false; readonly retryAfter: number };

/** Counts one request of its client; refuses it once the client is over the rule for this window. */
export type RateCounter = (request: FastifyRequest) => Promise<RateCheck>;

/** Clients remembered per limit by the in-memory store, least recently seen forgotten first. */
const MAX_CLIENTS = 50_000;

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
      ? { store: redisRateLimitStore(options.redis, REDIS_NAMESPACE), skipOnError: true }
      : options.store
        ? { store: options.store }
        : {}),
  });
}

/**
 * The shop's keys in a Redis that may serve others too: `solas-rate-limit:{limit}:{client}` for the rate
 * limits (the client hashed), `solas-rate-limit:counter:{hash}` for the shared counters.
 */
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
