/**
 * The owner's own orders (docs/product/orders.md §10.17), under /api/admin/ with the desk's guards (owner-auth:
 * 401 without the owner, 403 for a maker: no route here is forMakers; the request guard: 403 from
 * another site, JSON only):
 * - POST /api/admin/orders { items, customer, zone, giftWrap?, giftMessage?, payment, method?,
 *   emailCustomer? } -> 201 { ok, order: { reference, status, channel, ... }, paymentUrl? } | 400 naming
 *   the field | 502 (the payment provider). The same Idempotency-Key answers the order it made.
 * - POST /api/admin/orders/preview (the same body, payment optional) -> { ok, preview } | 400: the
 *   server's prices and totals, nothing stored.
 * - POST /api/admin/orders/{reference}/payment-link {} -> 202 { ok } | 404 | 409 (paid, closed, erased):
 *   the unpaid order's link e-mailed to the customer again, once per Idempotency-Key.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  emailLinkResponseSchema,
  emailLinkSchema,
  MANUAL_ORDER_API,
  manualOrderCreatedSchema,
  manualOrderPreviewResponseSchema,
  manualOrderPreviewSchema,
  manualOrderSchema,
} from '../../domain/orders/manual-order';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB } from '../security/route-policy';
import type { ManualOrderService } from './manual-order-service';

export async function manualOrderRoutes(
  app: FastifyInstance,
  opts: { readonly manual: ManualOrderService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Up to 27 lines and an address.
  const orderForm = { policy: { ...DESK_ACTION_POLICY, maxBodyBytes: 32 * KIB } };

  api.post(
    MANUAL_ORDER_API.preview,
    {
      schema: { body: manualOrderPreviewSchema, response: { 200: manualOrderPreviewResponseSchema } },
      config: orderForm,
    },
    async (request, reply) => reply.send({ ok: true, preview: await opts.manual.preview(request.body) }),
  );

  api.post(
    MANUAL_ORDER_API.create,
    { schema: { body: manualOrderSchema, response: { 201: manualOrderCreatedSchema } }, config: orderForm },
    async (request, reply) =>
      reply.code(201).send(await opts.manual.create(request.body, ownerActor(request))),
  );
  api.post(
    MANUAL_ORDER_API.emailLink,
    {
      schema: {
        params: z.object({ reference: z.string().check(z.maxLength(100)) }),
        body: emailLinkSchema,
        response: { 202: emailLinkResponseSchema },
      },
      config: { policy: { ...DESK_ACTION_POLICY, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) =>
      reply.code(202).send(await opts.manual.emailLink(request.params.reference, ownerActor(request))),
  );
}
