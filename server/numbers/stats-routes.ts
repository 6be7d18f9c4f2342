/**
 * The desk's Numbers (docs/product/desk.md §10.12): `GET /api/admin/stats` and the same series as CSV. Owner
 * routes: the owner-auth hook (security/owner-auth.ts) and the request guard cover them like every route
 * under /api/admin/. Read only: nothing to make idempotent; the CSV export writes an audit row like the
 * orders' CSV.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATS_API, statsQuerySchema, statsRange, statsResponseSchema } from '../../domain/numbers/stats';
import { EU_DISTANCE_THRESHOLD } from '../../domain/vat/threshold';
import type { AuditTrail } from '../audit/audit-trail';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { deskStats, type StatsSource, statsCsv } from './stats';

export async function statsRoutes(
  app: FastifyInstance,
  opts: {
    readonly source: StatsSource;
    readonly audit: Pick<AuditTrail, 'audit'>;
    /** The EU distance sales this year and last (the vat feature), against the threshold. */
    readonly distanceSales?: () => Promise<{ thisYear: number; lastYear: number }>;
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: statsQuerySchema };

  const answered = { ...schema, response: { 200: statsResponseSchema } };
  api.get(STATS_API.stats, { schema: answered }, async (request, reply) => {
    const range = statsRange(request.query);
    if ('error' in range) refuse('invalid', range.error);
    const stats = await deskStats(opts.source, range);
    const distance = await opts.distanceSales?.();
    return reply
      .header('Cache-Control', 'no-store')
      .send(
        distance ? { ...stats, euDistanceSales: { ...distance, threshold: EU_DISTANCE_THRESHOLD } } : stats,
      );
  });

  api.get(STATS_API.statsCsv, { schema }, async (request, reply) => {
    const range = statsRange(request.query);
    if ('error' in range) refuse('invalid', range.error);
    const stats = await deskStats(opts.source, range);
    await opts.audit.audit({
      ...ownerActor(request),
      action: 'export-stats',
      target: null,
      detail: `${range.from}..${range.to} by ${range.by}`,
    });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="solas-numbers-${range.from}-to-${range.to}-by-${range.by}.csv"`,
      )
      .send(statsCsv(stats));
  });
}
