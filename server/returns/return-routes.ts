/**
 * Returns of a delivered order (docs/product/orders.md §10.18), under /api/admin/ with the desk's guards
 * (the owner's alone, not forMakers: a maker is refused like for refunds):
 * - POST /api/admin/orders/{reference}/returns { lines: [{ lineId, quantity }], reason, override?: { note } }
 *   -> 201 { ok, changed, return, order } | 400 naming the field | 404 | 409 not delivered, or after the
 *   30 days without the override;
 * - PATCH /api/admin/orders/{reference}/returns/{id} { status: 'received' | 'closed', refund?: {
 *   includeShipping, giftCardRefund? }, reason? } -> 200 { ok, changed, return, order } | 400 | 404 | 409 a move the return's
 *   state refuses, nothing left to refund | 502 the provider refused the refund.
 * Once per Idempotency-Key, audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ADMIN_API } from '../../domain/orders/admin-api';
import { openReturnSchema, returnAnswerSchema, updateReturnSchema } from '../../domain/orders/returns';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY } from '../security/route-policy';
import type { ReturnService } from './return-service';

export async function returnRoutes(app: FastifyInstance, opts: { returns: ReturnService }): Promise<void> {
  const { returns } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reference = z.string().check(z.maxLength(100));

  api.post(
    `${ADMIN_API.orders}/:reference/returns`,
    {
      schema: {
        params: z.object({ reference }),
        body: openReturnSchema,
        response: { 201: returnAnswerSchema },
      },
      // A delivered order's returns (docs/product/orders.md §10.18): the owner's alone, like a refund.
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) =>
      reply.code(201).send(await returns.open(request.params.reference, request.body, ownerActor(request))),
  );

  api.patch(
    `${ADMIN_API.orders}/:reference/returns/:id`,
    {
      schema: {
        params: z.object({
          reference,
          id: z.string().check(z.regex(/^[1-9]\d{0,9}$/, { error: 'id must be the number of a return' })),
        }),
        body: updateReturnSchema,
        response: { 200: returnAnswerSchema },
      },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) => {
      const { params } = request;
      const outcome = await returns.update(
        params.reference,
        Number(params.id),
        request.body,
        ownerActor(request),
      );
      return reply.send(outcome);
    },
  );
}
