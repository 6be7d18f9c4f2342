/**
 * The shopper's order page API (docs/product/order-flow.md §6.8-§6.10). The key travels in request bodies, never in
 * a URL the server logs:
 * - POST /api/order-page { reference, key } -> 200 { ok, order } | 404 { ok: false, error }: the same
 *   404 for a wrong key and an unknown reference.
 * - POST /api/order-page/find { reference, email, key? } -> 200 { ok, message }: the same answer whether
 *   or not they match (the link is e-mailed on a match, after the answer is sent, so the timing says
 *   nothing either); 429 when this client asked too often for the address or the reference (never with
 *   the order's right key).
 * - POST /api/order-page/withdrawal { reference, key, lines, name, reason? } -> 200 { ok, order } | 404
 *   | 409 (the period has ended) | 400.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FIND_ORDER_ANSWER,
  FIND_ORDER_LIMITED,
  findOrderAnswerSchema,
  findOrderRequestSchema,
  ORDER_NOT_FOUND,
  orderPageRequestSchema,
  orderPageResponseSchema,
  WITHDRAWAL_CLOSED,
  withdrawalRequestSchema,
} from '../../domain/orders/order-page';
import { refusalResponseSchema } from '../../domain/shared/answers';
import { refuse } from '../lib/refusal';
import { KIB } from '../security/route-policy';
import type { OrderPageService } from './order-page-service';

export const ORDER_PAGE_ROUTES = {
  view: '/api/order-page',
  find: '/api/order-page/find',
  withdrawal: '/api/order-page/withdrawal',
} as const;

export async function orderPageRoutes(
  app: FastifyInstance,
  opts: { pages: OrderPageService },
): Promise<void> {
  const { pages } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const view = { body: orderPageRequestSchema, response: { 200: orderPageResponseSchema } };
  // The order page's key travels in the body (never in a URL); docs/product/order-flow.md §6.8.
  const viewPolicy = { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB } as const;
  api.post(
    ORDER_PAGE_ROUTES.view,
    { schema: view, config: { policy: viewPolicy } },
    async (request, reply) => {
      const order = await pages.view(request.body.reference, request.body.key);
      if (!order) return refuse('not-found', ORDER_NOT_FOUND);
      return reply.header('Referrer-Policy', 'no-referrer').send({ ok: true, order });
    },
  );

  // The limit's 429 is the route's own answer (with its Retry-After), not a Refusal: declared beside the 200.
  const find = {
    body: findOrderRequestSchema,
    response: { 200: findOrderAnswerSchema, 429: refusalResponseSchema },
  };
  const findPolicy = { limit: 'lookup', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB } as const;
  api.post(
    ORDER_PAGE_ROUTES.find,
    { schema: find, config: { policy: findPolicy } },
    async (request, reply) => {
      const { limited, deliver } = await pages.find({ ...request.body, client: normalizeIP(request.ip) });
      if (limited) {
        request.log.info('find your order: limited');
        return reply.code(429).header('Retry-After', '3600').send({ ok: false, error: FIND_ORDER_LIMITED });
      }
      // After the answer: a match costs a few queries and an outbox row that a miss does not.
      setImmediate(() => {
        deliver().catch((err: unknown) =>
          request.log.error({ err }, 'find your order: could not queue the link'),
        );
      });
      return reply.send({ ok: true, message: FIND_ORDER_ANSWER });
    },
  );

  const withdrawal = {
    schema: { body: withdrawalRequestSchema, response: { 200: orderPageResponseSchema } },
    // A reason of 2,000 characters, a name and the chosen lines.
    config: { policy: { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 16 * KIB } },
  } as const;
  api.post(ORDER_PAGE_ROUTES.withdrawal, withdrawal, async (request, reply) => {
    const outcome = await pages.withdraw(request.body);
    switch (outcome.kind) {
      case 'ok':
        return reply.send({ ok: true, order: outcome.order });
      case 'not-found':
        return refuse('not-found', ORDER_NOT_FOUND);
      case 'closed':
        return refuse('conflict', WITHDRAWAL_CLOSED);
      case 'invalid':
        return refuse('invalid', outcome.error);
    }
  });
}
