/**
 * GET /api/health for monitors and load balancers: 200 when the shop can read its database, 503 when it
 * cannot (closed, unreadable, corrupt). Says nothing about orders or e-mails: it is public.
 */
import type { FastifyInstance } from 'fastify';
import { appliedMigrationCount } from '../db/database';

export const HEALTH_PATH = '/api/health';

export async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  try {
    return (await appliedMigrationCount(app.commerce.db)) > 0;
  } catch (err) {
    app.log.error({ err }, 'health: the database does not answer');
    return false;
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(HEALTH_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Before the orders part is registered (it is, in every real start) there is nothing to check.
    const ok = !app.hasDecorator('commerce') || (await databaseAnswers(app));
    if (!ok) return reply.code(503).send({ ok: false, status: 'unavailable', database: 'unavailable' });
    return reply.send({ ok: true, status: 'ready', database: 'ok' });
  });
}
