/** POST /api/orders/{sessionId}/confirm: the confirmation page asks the server to verify the payment. */
import type { FastifyInstance } from 'fastify';
import type { OrderService } from './order-service';

function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  return typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;
}

export async function orderRoutes(app: FastifyInstance, opts: { orders: OrderService }): Promise<void> {
  app.post<{ Params: { sessionId: string } }>('/api/orders/:sessionId/confirm', async (request, reply) => {
    if (!isEmptyBody(request.body)) {
      return reply.code(400).send({ ok: false, error: 'This request takes no fields; send {} or no body' });
    }
    const outcome = await opts.orders.confirm(request.params.sessionId);
    return reply.code(outcome.httpStatus).send(outcome.body);
  });
}
