/**
 * The customs declarations' owner routes (docs/product/customs.md §21): an order's CN23 (A4 or A6), its
 * state for the desk's order page, and the day's customs data as CSV. Reads only: no policy needed.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  CUSTOMS_API,
  CUSTOMS_MESSAGES_API,
  customsCsvQuerySchema,
  customsPdfQuerySchema,
  customsStateResponseSchema,
} from '../../domain/customs/customs-api';
import { orderActionResponseSchema } from '../../domain/orders/admin-api';
import { parseIsoDate } from '../../domain/shared/calendar-date';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY } from '../security/route-policy';
import { cn23Pdf } from './cn23-pdf';
import type { CustomsService } from './customs-service';

const refParams = z.object({ reference: z.string() });

export async function customsRoutes(
  app: FastifyInstance,
  opts: { readonly service: CustomsService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  api.get(
    '/api/admin/orders/:reference/customs.pdf',
    { schema: { params: refParams, querystring: customsPdfQuerySchema }, config: { forMakers: true } },
    async (request, reply) => {
      const size = request.query.size?.toLowerCase() === 'a6' ? 'a6' : 'a4';
      const declaration = await service.declaration(request.params.reference);
      const body = await cn23Pdf(declaration, size);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="cn23-${declaration.reference}-${size}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .send(body);
    },
  );

  api.get(
    '/api/admin/orders/:reference/customs',
    {
      schema: { params: refParams, response: { 200: customsStateResponseSchema } },
      config: { forMakers: true },
    },
    async (request) => ({ ok: true as const, customs: await service.state(request.params.reference) }),
  );

  api.post(
    '/api/admin/orders/:reference/returned-unpaid',
    {
      schema: { params: refParams, response: { 200: orderActionResponseSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) =>
      reply.send(await service.returnedUnpaid(request.params.reference, ownerActor(request))),
  );

  api.get(
    CUSTOMS_API.csv,
    { schema: { querystring: customsCsvQuerySchema }, config: { forMakers: true } },
    async (request, reply) => {
      const date = parseIsoDate(request.query.date) ?? refuse('invalid', CUSTOMS_MESSAGES_API.date);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="solas-customs-${date}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(await service.dayCsv(date));
    },
  );
}
