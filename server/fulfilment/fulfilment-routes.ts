/**
 * The order desk's API (docs/product/orders.md §10.8), under /api/admin/. Every route needs the owner's
 * session cookie or `Authorization: Bearer ADMIN_TOKEN` (401 otherwise: security/owner-auth.ts);
 * every route passes the request guard first (rate limit; for state-changing ones also same origin and
 * JSON: security/route-policy.ts). Bodies and
 * queries are checked with the shared schemas (domain/orders/admin-api.ts): a malformed one is a 400 with a
 * message. Every owner action writes an audit row.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  ADMIN_API,
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  cancelRequestSchema,
  dispatchRequestSchema,
  noteRequestSchema,
  orderActionResponseSchema,
  orderDetailSchema,
  ordersListResponseSchema,
  ordersQuerySchema,
  packingSlipsQuerySchema,
  packingSlipsResponseSchema,
  refundRequestSchema,
  statusRequestSchema,
} from '../../domain/orders/admin-api';
import type { AuditTrail } from '../audit/audit-trail';
import type { AppConfig } from '../config';
import { dateRange } from '../lib/date-range';
import { refuse } from '../lib/refusal';
import type { SellerNow } from '../orders';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, noIndexReplies } from '../security/route-policy';
import type { FulfilmentService } from './fulfilment-service';

export interface OrderAdminRouteOptions {
  readonly config: AppConfig;
  readonly desk: FulfilmentService;
  /** The owner's seller settings now: the packing slips' return address. */
  readonly seller: SellerNow;
  readonly audit: AuditTrail;
}

export async function fulfilmentRoutes(app: FastifyInstance, opts: OrderAdminRouteOptions): Promise<void> {
  const { desk } = opts;

  const api = app.withTypeProvider<ZodTypeProvider>();

  noIndexReplies(app);

  const listSchema = { querystring: ordersQuerySchema, response: { 200: ordersListResponseSchema } };
  // The order desk (docs/product/orders.md §10.8): a maker reads the orders, makes and packs them.
  api.get(ADMIN_API.orders, { schema: listSchema, config: { forMakers: true } }, async (request, reply) => {
    const query = request.query;
    const range = dateRange(query.from, query.to);
    if (!range) return refuse('invalid', ADMIN_MESSAGES.badDateRange);
    const page = Number(query.page ?? '1');
    const { rows, total, counts } = await desk.store.list({
      filter: query.status ?? 'work',
      q: query.q ?? null,
      ...range,
      page,
    });
    return reply.send({
      orders: await desk.listItems(rows),
      total,
      page,
      pageSize: ADMIN_LIMITS.pageSize,
      counts,
    });
  });

  // The batch (every order in production) or one order's slip, each with the seller's return address.
  const slipsSchema = { querystring: packingSlipsQuerySchema, response: { 200: packingSlipsResponseSchema } };
  api.get(
    ADMIN_API.packingSlips,
    { schema: slipsSchema, config: { forMakers: true } },
    async (request, reply) => {
      const { name, address } = await opts.seller();
      const returnAddress = { name, address };
      const { reference } = request.query;
      if (reference !== undefined) {
        const { order } = await desk.detail(reference);
        return reply.send({ orders: [order], returnAddress });
      }
      const orders = await desk.inProduction(ADMIN_LIMITS.maxPackingSlips);
      return reply.send({ orders, returnAddress });
    },
  );

  const byReference = z.object({ reference: z.string() });
  const detailSchema = { params: byReference, response: { 200: orderDetailSchema } };
  const detail = { schema: detailSchema, config: { forMakers: true } };
  api.get(`${ADMIN_API.orders}/:reference`, detail, async (request, reply) => {
    const { order } = await desk.detail(request.params.reference);
    return reply.send(order);
  });

  // Every action answers the order as it is now (orderActionResponseSchema).
  const action = { params: byReference, response: { 200: orderActionResponseSchema } };
  // Small JSON bodies (a note of 2000 characters is the largest), the owner's rate limit, same origin
  // only. A maker marks made and delivered, dispatches with tracking and writes notes; refunds and
  // cancellations are the owner's alone.
  const makersAction = { policy: DESK_ACTION_POLICY, forMakers: true };
  const ownersAction = { policy: DESK_ACTION_POLICY };

  api.post(
    `${ADMIN_API.orders}/:reference/status`,
    { schema: { ...action, body: statusRequestSchema }, config: makersAction },
    async (request, reply) =>
      reply.send(await desk.changeStatus(request.params.reference, request.body.status, ownerActor(request))),
  );

  api.post(
    `${ADMIN_API.orders}/:reference/dispatch`,
    { schema: { ...action, body: dispatchRequestSchema }, config: makersAction },
    async (request, reply) =>
      reply.send(await desk.dispatch(request.params.reference, request.body, ownerActor(request))),
  );

  api.post(
    `${ADMIN_API.orders}/:reference/refund`,
    { schema: { ...action, body: refundRequestSchema }, config: ownersAction },
    async (request, reply) =>
      reply.send(await desk.refund(request.params.reference, request.body, ownerActor(request))),
  );

  api.post(
    `${ADMIN_API.orders}/:reference/cancel`,
    { schema: { ...action, body: cancelRequestSchema }, config: ownersAction },
    async (request, reply) =>
      reply.send(await desk.cancel(request.params.reference, request.body, ownerActor(request))),
  );

  api.post(
    `${ADMIN_API.orders}/:reference/notes`,
    { schema: { ...action, body: noteRequestSchema }, config: makersAction },
    async (request, reply) =>
      reply.send(await desk.addNote(request.params.reference, request.body.text, ownerActor(request))),
  );
}
