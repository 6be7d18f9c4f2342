/**
 * The owner's changes to an order before dispatch and e-mails sent again (docs/product/orders.md §10.16), under
 * /api/admin/ with the desk's guards (route-policy.ts):
 * - PATCH /api/admin/orders/{reference} { address?, email?, giftMessage?, lines?: [{ lineId, size }] } ->
 *   200 { ok, changed, order } | 400 naming the field | 404 | 409 after dispatch;
 * - POST /api/admin/orders/{reference}/resend { kind } -> 202 { ok, kind } | 409 when there is no such
 *   e-mail to send again.
 * Once per Idempotency-Key, audited; nothing of an address or an e-mail reaches a log line.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ADMIN_API, orderActionResponseSchema } from '../../domain/orders/admin-api';
import { orderEditSchema, resendRequestSchema, resendResponseSchema } from '../../domain/orders/order-edit';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB } from '../security/route-policy';
import type { OrderEditService } from './order-edit-service';

export async function orderEditRoutes(
  app: FastifyInstance,
  opts: { edits: OrderEditService },
): Promise<void> {
  const { edits } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byReference = z.object({ reference: z.string().check(z.maxLength(100)) });

  api.patch(
    `${ADMIN_API.orders}/:reference`,
    // Changing an order before dispatch, and an e-mail sent again (docs/product/orders.md §10.16).
    {
      schema: { params: byReference, body: orderEditSchema, response: { 200: orderActionResponseSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) =>
      reply.send(await edits.edit(request.params.reference, request.body, ownerActor(request))),
  );

  api.post(
    `${ADMIN_API.orders}/:reference/resend`,
    {
      schema: { params: byReference, body: resendRequestSchema, response: { 202: resendResponseSchema } },
      config: { policy: { ...DESK_ACTION_POLICY, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await edits.resend(request.params.reference, request.body.kind, ownerActor(request))),
  );
}
