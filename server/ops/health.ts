/**
 * GET /api/health for monitors and load balancers (its readiness check): 200 when the shop can read its
 * database and the schema is current; 503 with Retry-After when the database does not answer (closed,
 * unreachable, corrupt), while migrations for this release are still to run (another process is
 * migrating before the roll-out) or when it came back empty (it starts migrating it again,
 * db/schema-recovery.ts). It reports the dialect, whether the database answered and how many
 * migrations are pending; nothing about orders or e-mails: it is public.
 *
 * It answers within a second whatever the shop's requests are waiting for (docs/product/running.md §11.4): on
 * PostgreSQL the schema is read on a connection of its own (db/probe.ts), never from the pool that a lock
 * may have filled with waiting requests, and the checks run side by side, each with a budget. What did
 * not answer within its budget is named in `slow`; when the schema read is the one that is late, the
 * answer is the last state it saw.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { pendingMigrationCount } from '../db/database';
import { dialectOf, type SqlDialect } from '../db/dialect';
import { MIGRATIONS } from '../db/migrations';
import { isSchemaMissing, UNAVAILABLE_RETRY_AFTER_S } from '../lib/unavailable';

export const HEALTH_PATH = '/api/health';

/**
 * What answers slowly right now: `database`, the health check's own read of the schema (the state shown
 * is then the last one seen); `connection-pool`, a statement through the shop's pool (PostgreSQL: requests
 * wait for a connection, e.g. behind a lock); `writes`, SQLite's write lock (another process holds it, so
 * every write of the shop waits).
 */
export type SlowPart = 'database' | 'connection-pool' | 'writes';

export interface DatabaseHealth {
  readonly dialect: SqlDialect;
  readonly reachable: boolean;
  /** Migrations this release has that the database has not recorded; null when it did not answer. */
  readonly pendingMigrations: number | null;
  /** Present only when something is slow. */
  readonly slow?: readonly SlowPart[];
}

type Checked = DatabaseHealth & { empty: boolean };

/** Each check's budget: all run at once, so the answer is ready well within a second. */
export const HEALTH_BUDGET_MS = { schema: 700, pool: 600, writes: 400 } as const;

/** `busy`: no connection of the pool came free within its wait (every one is working), not a failure. */
type PoolOutcome = 'answered' | 'busy' | 'failed';

/** node-postgres' pool gave up waiting for one of its connections (all taken), as opposed to a broken one. */
const POOL_WAIT_EXHAUSTED = /^timeout exceeded when trying to connect/;

/** A check still running from an earlier request is awaited again, never started twice. */
interface HealthState {
  last: Checked | null;
  schema: Promise<Checked> | null;
  /** How the statement through the pool ended: it answered, it waited out the pool's wait, or it failed. */
  pool: Promise<PoolOutcome> | null;
}

const states = new WeakMap<FastifyInstance, HealthState>();

function stateOf(app: FastifyInstance): HealthState {
  let state = states.get(app);
  if (!state) {
    state = { last: null, schema: null, pool: null };
    states.set(app, state);
  }
  return state;
}

/** The work's result if it ends within `ms`, otherwise `late` (the work goes on; its end is not awaited). */
function within<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reads the recorded migrations: on PostgreSQL on the health check's own connection, on SQLite on the
 * shop's (db/probe.ts says why).
 */
async function readSchema(app: FastifyInstance): Promise<Checked> {
  const { db, databaseProbe, schemaRecovery } = app.platform;
  const dialect = dialectOf(db);
  try {
    const applied = databaseProbe.appliedMigrations;
    const pendingMigrations = applied ? pendingOf(new Set(await applied())) : await pendingMigrationCount(db);
    return { dialect, reachable: true, pendingMigrations, empty: false };
  } catch (err) {
    if (isSchemaMissing(err)) {
      void schemaRecovery.recover();
      return { dialect, reachable: true, pendingMigrations: schemaRecovery.migrationCount, empty: true };
    }
    app.log.error({ err }, 'health: the database does not answer');
    return { dialect, reachable: false, pendingMigrations: null, empty: false };
  }
}

function pendingOf(applied: ReadonlySet<string>): number {
  return Object.keys(MIGRATIONS).filter((name) => !applied.has(name)).length;
}

/** The answer and whether the database answered without any table of the shop's (not part of the body). */
export async function checkDatabase(app: FastifyInstance): Promise<Checked> {
  const { db, databaseProbe } = app.platform;
  const dialect = dialectOf(db);
  const state = stateOf(app);
  if (!state.schema) {
    state.schema = readSchema(app).finally(() => {
      state.schema = null;
    });
  }
  // PostgreSQL: a statement through the pool the requests use, which is slow when no connection is free.
  if (dialect === 'postgres' && !state.pool) {
    state.pool = sql`select 1`
      .execute(db)
      .then((): PoolOutcome => 'answered')
      .catch((err: unknown): PoolOutcome => {
        if (err instanceof Error && POOL_WAIT_EXHAUSTED.test(err.message)) return 'busy';
        app.log.error({ err }, "health: the shop's connection pool does not answer");
        return 'failed';
      })
      .finally(() => {
        state.pool = null;
      });
  }
  const LATE = 'late' as const;
  const [schema, pool, writable] = await Promise.all([
    within(state.schema, HEALTH_BUDGET_MS.schema, LATE),
    state.pool ? within(state.pool, HEALTH_BUDGET_MS.pool, LATE) : 'answered',
    databaseProbe.writable(HEALTH_BUDGET_MS.writes).catch(() => true),
  ]);
  const slow: SlowPart[] = [];
  if (schema === LATE) slow.push('database');
  // The pool's wait ran out while the database itself answered the probe just now: every connection is
  // busy (e.g. requests behind a lock), which is slow, not down. Without a fresh answer from the probe
  // (it was late too) the two cannot be told apart, and the pool's failure stands.
  const busy = pool === 'busy' && schema !== LATE && schema.reachable;
  if (pool === LATE || busy) slow.push('connection-pool');
  if (!writable) slow.push('writes');
  if (schema !== LATE) state.last = schema;
  let answer: Checked =
    schema !== LATE
      ? schema
      : (state.last ?? { dialect, reachable: false, pendingMigrations: null, empty: false });
  // The requests' own way to the database failed: the shop cannot serve, whatever the probe read.
  if (pool === 'failed' || (pool === 'busy' && !busy))
    answer = { ...answer, reachable: false, pendingMigrations: null, empty: false };
  return slow.length > 0 ? { ...answer, slow } : answer;
}

/** The answer, ready (200) or not (503); the database's details absent only before it is registered. */
const healthAnswerSchema = z.object({
  ok: z.boolean(),
  status: z.enum(['ready', 'empty', 'unavailable', 'migrating']),
  database: z.enum(['ok', 'empty', 'unavailable', 'migrating']),
  dialect: z.optional(z.string()),
  reachable: z.optional(z.boolean()),
  pendingMigrations: z.optional(z.nullable(z.number())),
  slow: z.optional(z.readonly(z.array(z.string()))),
});

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const schema = { response: { 200: healthAnswerSchema, 503: healthAnswerSchema } };
  app.withTypeProvider<ZodTypeProvider>().get(HEALTH_PATH, { schema }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Before the orders part is registered (it is, in every real start) there is nothing to check.
    if (!app.hasDecorator('platform')) return reply.send({ ok: true, status: 'ready', database: 'ok' });
    const { empty, ...database } = await checkDatabase(app);
    if (empty) {
      return reply
        .code(503)
        .header('Retry-After', UNAVAILABLE_RETRY_AFTER_S)
        .send({ ok: false, status: 'empty', database: 'empty', ...database });
    }
    if (!database.reachable) {
      return reply
        .code(503)
        .header('Retry-After', UNAVAILABLE_RETRY_AFTER_S)
        .send({ ok: false, status: 'unavailable', database: 'unavailable', ...database });
    }
    if (database.pendingMigrations !== 0) {
      return reply
        .code(503)
        .header('Retry-After', UNAVAILABLE_RETRY_AFTER_S)
        .send({ ok: false, status: 'migrating', database: 'migrating', ...database });
    }
    return reply.send({ ok: true, status: 'ready', database: 'ok', ...database });
  });
}
