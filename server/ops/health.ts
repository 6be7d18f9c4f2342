/**
 * GET /api/health for monitors and load balancers (its readiness check): 200 when the shop can read its
 * database and the schema is current; 503 with Retry-After when the database does not answer (closed,
 * unreachable, corrupt), while migrations for this release are still to run (another process is
 * migrating before the roll-out) or when it came back empty (it starts migrating it again,
 * db/schema-recovery.ts). It reports the dialect, whether the database answered and how many
 * migrations are pending; nothing about orders or e-mails: it is public.
 */
import type { FastifyInstance } from 'fastify';
import { pendingMigrationCount } from '../db/database';
import { dialectOf, type SqlDialect } from '../db/dialect';
import { isSchemaMissing, UNAVAILABLE_RETRY_AFTER_S } from '../lib/unavailable';

export const HEALTH_PATH = '/api/health';

export interface DatabaseHealth {
  readonly dialect: SqlDialect;
  readonly reachable: boolean;
  /** Migrations this release has that the database has not recorded; null when it did not answer. */
  readonly pendingMigrations: number | null;
}

/** The answer and whether the database answered without any table of the shop's (not part of the body). */
export async function checkDatabase(app: FastifyInstance): Promise<DatabaseHealth & { empty: boolean }> {
  const { db, schemaRecovery } = app.platform;
  const dialect = dialectOf(db);
  try {
    return { dialect, reachable: true, pendingMigrations: await pendingMigrationCount(db), empty: false };
  } catch (err) {
    if (isSchemaMissing(err)) {
      void schemaRecovery.recover();
      return { dialect, reachable: true, pendingMigrations: schemaRecovery.migrationCount, empty: true };
    }
    app.log.error({ err }, 'health: the database does not answer');
    return { dialect, reachable: false, pendingMigrations: null, empty: false };
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(HEALTH_PATH, async (_request, reply) => {
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
