/**
 * Exchanges for another size (docs/product/exchanges.md):
 * - POST /api/orders/{reference}/exchanges { key, lineId, size } -> 201 { ok, exchange } | 400 naming the
 *   field | 404 a wrong key or reference (as the order page answers) | 409 outside the window, the line
 *   already exchanged or in a return. The key travels in the body, as the order page's does.
 * - POST /api/admin/exchanges/{id}/accept -> 200 { ok, exchange } (a repeat answers it as it is);
 *   /decline { reason }; /receive { choice: 'restock' | 'reuse' }; /dispatch { carrier, trackingNumber } (the
 *   new piece posted: the order's "On its way" e-mail for it). The owner's alone, audited by the history.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  declineExchangeSchema,
  EXCHANGE_API,
  exchangeAnswerSchema,
  exchangeRequestSchema,
  receiveExchangeSchema,
} from '../../domain/exchanges/exchanges';
import { dispatchRequestSchema } from '../../domain/orders/admin-api';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB, QUOTE_ACTION_POLICY } from '../security/route-policy';
import type { ExchangeService } from './exchange-service';

export async function exchangeRoutes(
  app: FastifyInstance,
  opts: { exchanges: ExchangeService },
): Promise<void> {
  const { exchanges } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byId = z.object({
    id: z.string().check(z.regex(/^[1-9]\d{0,9}$/, { error: 'id must be the number of an exchange' })),
  });

  // The shopper's, from her order page: limited and guarded as the order page itself.
  const shopperPolicy = { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB } as const;
  api.post(
    EXCHANGE_API.request,
    {
      schema: {
        params: z.object({ reference: z.string().check(z.maxLength(40)) }),
        body: exchangeRequestSchema,
        response: { 201: exchangeAnswerSchema },
      },
      config: { policy: shopperPolicy },
    },
    async (request, reply) => {
      const { exchange } = await exchanges.request(request.params.reference, request.body);
      return reply.code(201).header('Referrer-Policy', 'no-referrer').send({ ok: true, exchange });
    },
  );

  api.post(
    EXCHANGE_API.accept,
    {
      schema: { params: byId, response: { 200: exchangeAnswerSchema } },
      config: { policy: QUOTE_ACTION_POLICY },
    },
    async (request, reply) => {
      const { exchange } = await exchanges.accept(Number(request.params.id), ownerActor(request));
      return reply.send({ ok: true, exchange });
    },
  );

  api.post(
    EXCHANGE_API.decline,
    {
      schema: { params: byId, body: declineExchangeSchema, response: { 200: exchangeAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) => {
      const { exchange } = await exchanges.decline(
        Number(request.params.id),
        request.body.reason,
        ownerActor(request),
      );
      return reply.send({ ok: true, exchange });
    },
  );

  api.post(
    EXCHANGE_API.receive,
    {
      schema: { params: byId, body: receiveExchangeSchema, response: { 200: exchangeAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) => {
      const { exchange } = await exchanges.receive(
        Number(request.params.id),
        request.body.choice,
        ownerActor(request),
      );
      return reply.send({ ok: true, exchange });
    },
  );

  api.post(
    EXCHANGE_API.dispatch,
    {
      schema: { params: byId, body: dispatchRequestSchema, response: { 200: exchangeAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) => {
      const { exchange } = await exchanges.dispatch(
        Number(request.params.id),
        request.body,
        ownerActor(request),
      );
      return reply.send({ ok: true, exchange });
    },
  );
}
