/**
 * Counters in fixed windows that every instance shares, for the limits the request guard does not count
 * per client address: the desk's failed sign-ins (security/admin-sessions.ts) and "Find your order"'s counts
 * per e-mail address and per reference (orders/order-page-service.ts). With several instances behind a
 * load balancer (docs/product/running.md §11, ADR 0009) a count kept in one process's memory would give a client
 * the limit once per instance.
 *
 * They count where the rate limits count (rate-limit-store.ts), chosen the same way: Redis with
 * REDIS_URL, the database's `rate_limits` table with DATABASE_URL (PostgreSQL), process memory otherwise
 * (one process on SQLite shares nothing). A window starts at a key's first count and lasts `windowMs`;
 * every backend stores only sha256(name:value), never the e-mail address or the client address itself.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import { REDIS_NAMESPACE } from './rate-limit';
import {
  appRedis,
  type Clock,
  countRequest,
  peekCount,
  RATE_LIMIT_SWEEP_MS,
  type RateCount,
  REDIS_COUNT,
  resetKey,
  type SweepLog,
  storedRateLimitKey,
  sweepNowAndThen,
  toRedisCount,
} from './rate-limit-store';

export type CounterStoreKind = 'memory' | 'database' | 'redis';

export interface SharedCounters {
  readonly kind: CounterStoreKind;
  /** Adds one to `name`'s count for `value` (a new window once the last is over); the count after it. */
  count(name: string, value: string, windowMs: number): Promise<RateCount>;
  /** Forgets the current window (its next count starts a new one). */
  reset(name: string, value: string): Promise<void>;
  /**
   * `name`'s count for `value` in its current window, counting nothing: whether a client is already over
   * a limit that counts only what went wrong (gift card codes that do not work), before trying again.
   */
  peek(name: string, value: string): Promise<number>;
}

/** What a backend stores and hashes: the counter's name keeps each counter's values apart. */
function counterKey(name: string, value: string): string {
  return `${name}:${value}`;
}

/** Keys kept in memory before the windows that are over are dropped (as the in-process counters did). */
const MEMORY_SWEEP_SIZE = 10_000;

/** In this process: one process on SQLite, tests with a fake clock, and the fallback while Redis is away. */
export function memoryCounters(clock: Clock = Date.now): SharedCounters {
  const windows = new Map<string, { hits: number; endsMs: number }>();
  const live = (key: string, now: number) => {
    const window = windows.get(key);
    if (window && window.endsMs <= now) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  return {
    kind: 'memory',
    async count(name, value, windowMs) {
      const now = clock();
      if (windows.size > MEMORY_SWEEP_SIZE) for (const key of [...windows.keys()]) live(key, now);
      const key = storedRateLimitKey(counterKey(name, value));
      const window = live(key, now) ?? { hits: 0, endsMs: now + windowMs };
      window.hits += 1;
      windows.set(key, window);
      return { current: window.hits, ttl: window.endsMs - now };
    },
    async reset(name, value) {
      windows.delete(storedRateLimitKey(counterKey(name, value)));
    },
    async peek(name, value) {
      return live(storedRateLimitKey(counterKey(name, value)), clock())?.hits ?? 0;
    },
  };
}

/**
 * In the database's `rate_limits` table, next to the rate limits and swept with them: one statement per
 * count, so concurrent counts on any instance are never lost. `db` is asked for at each call.
 */
export function databaseCounters(db: () => Kysely<Database>, log: SweepLog, clock?: Clock): SharedCounters {
  const sweep = sweepNowAndThen(log, clock);
  return {
    kind: 'database',
    async count(name, value, windowMs) {
      const database = db();
      const count = await countRequest(database, counterKey(name, value), windowMs, clock);
      sweep(database);
      return count;
    },
    reset: (name, value) => resetKey(db(), counterKey(name, value)),
    peek: (name, value) => peekCount(db(), counterKey(name, value), clock),
  };
}

/** The shop's counter keys in Redis, beside the rate limits' own. */
export function redisCounterKey(name: string, value: string): string {
  return `${REDIS_NAMESPACE}counter:${storedRateLimitKey(counterKey(name, value))}`;
}

/**
 * In Redis (REDIS_URL), one script per count. While Redis does not answer, this instance counts in its
 * own memory instead (`fallback`): the limits then hold per instance, which is less than shared but more
 * than none (the request-guard limits let requests through then; these two guard a token and inboxes).
 * Redis's own clock ends the windows: an injected clock does not reach it.
 */
export function redisCounters(redis: Redis, log: SweepLog, fallback: SharedCounters): SharedCounters {
  let lastReport = 0;
  const orFallback = async <T>(work: () => Promise<T>, instead: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (Date.now() - lastReport >= RATE_LIMIT_SWEEP_MS) {
        lastReport = Date.now();
        log.warn({ err }, 'shared counters: Redis unavailable; counting in this instance until it returns');
      }
      return instead();
    }
  };
  return {
    kind: 'redis',
    count: (name, value, windowMs) =>
      orFallback(
        async () => toRedisCount(await redis.eval(REDIS_COUNT, 1, redisCounterKey(name, value), windowMs)),
        () => fallback.count(name, value, windowMs),
      ),
    reset: (name, value) =>
      orFallback(
        async () => {
          await redis.del(redisCounterKey(name, value));
        },
        () => fallback.reset(name, value),
      ),
    // An expired key is gone from Redis: no key, no count.
    peek: (name, value) =>
      orFallback(
        async () => Number((await redis.get(redisCounterKey(name, value))) ?? 0),
        () => fallback.peek(name, value),
      ),
  };
}

/**
 * The counters by configuration, as the rate limits choose their store: Redis with REDIS_URL (the same
 * client), the database with DATABASE_URL on PostgreSQL, else memory. `clock` is for tests only.
 */
export function sharedCounters(
  app: FastifyInstance,
  config: Pick<AppConfig, 'redisUrl' | 'database'>,
  db: () => Kysely<Database>,
  clock?: Clock,
): SharedCounters {
  if (config.redisUrl) return redisCounters(appRedis(app, config.redisUrl), app.log, memoryCounters(clock));
  if (config.database.dialect === 'postgres') return databaseCounters(db, app.log, clock);
  return memoryCounters(clock);
}
