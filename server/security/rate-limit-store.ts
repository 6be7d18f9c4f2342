/**
 * Where the rate limits count when several instances serve one shop (docs/product/running.md §11.1, ADR 0009):
 *
 * - in the shop's database (`rate_limits`, migration 0006) whenever DATABASE_URL is set: one atomic upsert
 *   per limit and client starts a new window or adds to the current one and hands back the count and the
 *   time left, so concurrent requests on any instance never lose a count. An instance coalesces the
 *   requests of one limit and client that arrive in the same event-loop turn into one upsert that adds
 *   them all (`databaseRateLimitStore`): one client's burst is then one round trip and one row lock per
 *   turn instead of one per request, each waiting for the one before it to release the same row;
 * - in Redis when REDIS_URL is set (one Lua script per request: redisRateLimitStore);
 * - in process memory otherwise (the default: one process on SQLite needs nothing shared).
 *
 * The desk's failed sign-ins and "Find your order"'s counts count in the same place (shared-counters.ts,
 * which adds a reset, `resetKey`: a successful sign-in forgets its address's failures).
 *
 * The SQL is the same on both dialects (`on conflict ... do update ... returning`); the one difference,
 * which clock the window runs on, is decided in `windowClock` below: PostgreSQL's, so instances whose
 * clocks drift apart still agree on when a window ends; on SQLite the one process's own.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from '../config';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/schema';
import { lazyModule } from '../lib/lazy-module';

export interface RateCount {
  /** Requests counted in the current window, this one included. */
  readonly current: number;
  /** Milliseconds until the window ends. */
  readonly ttl: number;
}

/** How often an instance deletes the rows of windows that are over (at its next counted request). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/** Epoch milliseconds; only tests pass one (a fake clock), production counts on the clocks below. */
export type Clock = () => number;

/** The app's test clock (ShopTuning.now) as a Clock; none in production. */
export function clockOf(now: (() => Date) | undefined): Clock | undefined {
  return now && (() => now().getTime());
}

/**
 * The clock windows run on: the database's on PostgreSQL (shared), the process's on SQLite (alone); an
 * injected clock (tests) wins on both, cast so PostgreSQL knows the parameter's type.
 */
function windowClock(db: Kysely<Database>, clock?: Clock): RawBuilder<number> {
  if (clock) return sql<number>`cast(${Math.floor(clock())} as bigint)`;
  return dialectOf(db) === 'postgres'
    ? sql<number>`(extract(epoch from statement_timestamp()) * 1000)::bigint`
    : sql<number>`${Date.now()}`;
}

/** The stored key: a hash, so the table never holds a client's address (IPs are personal data). */
export function storedRateLimitKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * Counts `hits` requests (one unless a caller coalesced several) for `key` in a window of `windowMs`, in
 * one statement; `current` is the count after the last of them. A window that is over starts anew at
 * `hits`, exactly as if the requests had been counted one after the other.
 */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  clock?: Clock,
  hits = 1,
): Promise<RateCount> {
  const now = windowClock(db, clock);
  const over = sql<boolean>`rate_limits.window_ends_ms <= ${now}`;
  // Cast so PostgreSQL knows the parameter's type in both branches of the case.
  const added = sql<number>`cast(${hits} as integer)`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key: storedRateLimitKey(key), hits: added, window_ends_ms: sql<number>`${now} + ${windowMs}` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${over} then ${added} else rate_limits.hits + ${added} end`,
        window_ends_ms: sql<number>`case when ${over} then ${now} + ${windowMs} else rate_limits.window_ends_ms end`,
      }),
    )
    .returning(['hits', sql<number>`window_ends_ms - ${now}`.as('ttl')])
    .executeTakeFirstOrThrow();
  // Never more than the window: on PostgreSQL a statement that waited for the row's lock reads its own
  // (earlier) start time against an end another statement wrote after it (seen as 60,001 of 60,000 ms).
  return { current: Number(row.hits), ttl: Math.min(windowMs, Math.max(0, Number(row.ttl))) };
}

/** `key`'s count in its current window, without counting; 0 when it has none or it is over. */
export async function peekCount(db: Kysely<Database>, key: string, clock?: Clock): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', storedRateLimitKey(key))
    .where(sql<boolean>`window_ends_ms > ${windowClock(db, clock)}`)
    .executeTakeFirst();
  return row ? Number(row.hits) : 0;
}

/** Forgets `key`'s window, so its next count starts a new one (a sign-in that succeeded). */
export async function resetKey(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', storedRateLimitKey(key)).execute();
}

/**
 * Deletes the rows of windows that are over. Safe on every instance at once (a row is deleted once, and
 * a request that comes meanwhile starts a new window exactly as it would on the old row).
 */
export async function sweepRateLimits(db: Kysely<Database>, clock?: Clock): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where(sql<boolean>`window_ends_ms <= ${windowClock(db, clock)}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A sweep that runs at most once a minute per caller, in the background (its failure is only logged). */
export function sweepNowAndThen(log: SweepLog, clock?: Clock): (db: Kysely<Database>) => void {
  let lastSweep = 0;
  return (database) => {
    const now = Date.now();
    if (now - lastSweep < RATE_LIMIT_SWEEP_MS) return;
    lastSweep = now;
    sweepRateLimits(database, clock).catch((err: unknown) => log.warn({ err }, 'rate limits: sweep failed'));
  };
}

export interface SweepLog {
  warn(obj: object, msg: string): void;
}

/** The most requests one coalesced count holds: a batch that reaches it is counted at once. */
export const RATE_LIMIT_BATCH_MAX = 1_000;

type IncrCallback = (error: Error | null, result?: RateCount) => void;

/** The requests of one limit and client waiting for the next count, in the order they came. */
interface Batch {
  readonly key: string;
  readonly timeWindow: number;
  readonly database: Kysely<Database>;
  readonly waiters: IncrCallback[];
  readonly flush: NodeJS.Immediate;
}

/**
 * @fastify/rate-limit's store over the shop's database. `db` is asked for at each count: the database
 * opens after the plugin is registered. Only the plugin's default fixed window is implemented (the shop
 * sets neither continueExceeding nor exponentialBackoff); each limit's counter already carries its own
 * name in its keys, so a child store is the same store.
 *
 * Coalesced: the first request of a limit and client schedules a count with setImmediate, and every
 * request of the same limit and client until then joins it, so everything one poll phase reads is one
 * statement adding N. The i-th request (0-based) gets the count it would have had alone,
 * `total - (N - 1 - i)`, and the same time left. Alone, a request waits one setImmediate hop. A failed
 * count fails every request of its batch, each through the plugin's error path (rate-limit.ts). A batch
 * is counted at once when it reaches RATE_LIMIT_BATCH_MAX, so waiting requests never grow without bound.
 */
export function databaseRateLimitStore(
  db: () => Kysely<Database>,
  log: SweepLog,
  clock?: Clock,
): FastifyRateLimitStoreCtor {
  const sweep = sweepNowAndThen(log, clock);
  // Per store, keyed by window length and key: a limit's keys carry its name, but two limits could
  // still share a key with different windows in a test or a future route.
  const pending = new Map<string, Batch>();

  function count(id: string, batch: Batch): void {
    clearImmediate(batch.flush);
    if (pending.get(id) === batch) pending.delete(id);
    const { database, waiters } = batch;
    const n = waiters.length;
    countRequest(database, batch.key, batch.timeWindow, clock, n).then(
      (total) => {
        waiters.forEach((callback, i) => {
          callback(null, { current: total.current - (n - 1 - i), ttl: total.ttl });
        });
        sweep(database);
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        for (const callback of waiters) callback(error);
      },
    );
  }

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const id = `${timeWindow}:${key}`;
      const waiting = pending.get(id);
      if (waiting) {
        waiting.waiters.push(callback);
        if (waiting.waiters.length >= RATE_LIMIT_BATCH_MAX) count(id, waiting);
        return;
      }
      const batch: Batch = {
        key,
        timeWindow,
        database: db(),
        waiters: [callback],
        flush: setImmediate(() => count(id, batch)),
      };
      pending.set(id, batch);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Adds one and sets the window on the key's first count, atomically: [count, milliseconds left]. */
export const REDIS_COUNT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

const redisCountReply = z.tuple([z.number().int(), z.number().int()]);

/** REDIS_COUNT's reply as a count. */
export function toRedisCount(reply: unknown): RateCount {
  const [current, ttl] = redisCountReply.parse(reply);
  return { current, ttl: Math.max(0, ttl) };
}

/**
 * @fastify/rate-limit's store over Redis, one REDIS_COUNT per request under `namespace` + the key the
 * limit's counter made (its name and the client: rate-limit.ts). Not the plugin's own Redis store: its
 * child for a counter made outside a route (createRateLimit, which the request guard uses) adds the
 * route's method and URL, which such a counter has not, so every key began `undefinedundefined-`. A
 * failed count fails its request through the plugin's error path (skipOnError: the request passes).
 */
export function redisRateLimitStore(redis: Redis, namespace: string): FastifyRateLimitStoreCtor {
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      redis.eval(REDIS_COUNT, 1, `${namespace}${key}`, timeWindow).then(
        (reply) => {
          let count: RateCount;
          try {
            count = toRedisCount(reply);
          } catch (err) {
            callback(err instanceof Error ? err : new Error(String(err)));
            return;
          }
          callback(null, count);
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** ioredis, loaded when REDIS_URL is set (lib/lazy-module.ts). */
const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');

/**
 * A Redis client for the rate limits that fails fast instead of queueing commands while Redis is away,
 * so a lost Redis costs the limits (requests pass, see rate-limit.ts) and never a request's latency.
 */
export function rateLimitRedis(url: string, log: SweepLog): Redis {
  const redis = new (loadIoredis().Redis)(url, {
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  let lastReport = 0;
  redis.on('error', (err: unknown) => {
    // ioredis retries on its own and reports each failed reconnection: one line a minute is enough.
    if (Date.now() - lastReport < RATE_LIMIT_SWEEP_MS) return;
    lastReport = Date.now();
    log.warn({ err }, 'rate limits: Redis unavailable; requests are not limited until it returns');
  });
  return redis;
}

/** How long an instance waits at start for Redis before it serves (unlimited until Redis answers). */
const REDIS_READY_WAIT_MS = 3_000;

const redisByApp = new WeakMap<FastifyInstance, Redis>();

/**
 * The app's one Redis client, for the rate limits and the shared counters (shared-counters.ts): made at
 * the first call, waited for at start (unlimited until Redis answers), closed with the app.
 */
export function appRedis(app: FastifyInstance, url: string): Redis {
  const existing = redisByApp.get(app);
  if (existing) return existing;
  const redis = rateLimitRedis(url, app.log);
  redisByApp.set(app, redis);
  app.addHook('onReady', async () => {
    if (redis.status === 'ready') return;
    // Not events.once: it would reject on the client's first 'error' (a reconnection attempt).
    const ready = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
    await Promise.race([ready, sleep(REDIS_READY_WAIT_MS)]);
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

export interface RateLimitStoreOption {
  /** Where the counts live; default the plugin's in-memory store. Several instances share one. */
  readonly store?: FastifyRateLimitStoreCtor;
  /** Count in Redis instead (redisRateLimitStore); wins over `store`. */
  readonly redis?: Redis;
}

/**
 * The store the app counts in by configuration: Redis with REDIS_URL, the database with DATABASE_URL
 * (PostgreSQL: several instances), else memory (one process on SQLite shares nothing and needs no table
 * writes per request). `clock` is for tests only: the platform's clock (ShopTuning.now), so the
 * limits' rows and "Find your order"'s counters in the same table keep one time; a sweep on the real clock
 * took a fake clock's windows for finished ones.
 */
export function sharedRateLimitStore(
  app: FastifyInstance,
  config: Pick<AppConfig, 'redisUrl' | 'database'>,
  clock?: Clock,
): RateLimitStoreOption {
  // One line at start says where the limits count (never the URL: it may carry a password).
  const where = config.redisUrl ? 'redis' : config.database.dialect === 'postgres' ? 'database' : 'memory';
  app.addHook('onReady', async () =>
    app.log.info({ rateLimitStore: where }, 'rate limits: counted in %s', where),
  );
  if (config.redisUrl) return { redis: appRedis(app, config.redisUrl) };
  if (config.database.dialect === 'postgres') {
    return { store: databaseRateLimitStore(() => app.platform.db, app.log, clock) };
  }
  return {};
}
