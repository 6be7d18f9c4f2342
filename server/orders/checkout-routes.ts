/** POST /api/checkout: the browser's cart (ids, quantities, gift wrap, zone, e-mail) -> a hosted checkout URL. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutRequestSchema } from '../../domain/checkout/checkout';
import { parseCheckoutRequest } from '../../domain/checkout/checkout-request';
import type { CatalogueSource } from '../catalogue';
import { addToRequestLine } from '../ops/logging';
import type { OrderService } from './order-service';

export async function checkoutRoutes(
  app: FastifyInstance,
  opts: { orders: OrderService; catalogue: CatalogueSource },
): Promise<void> {
  // Content type, body limit and rate limit: the route policy (security/route-policy.ts).
  const route = { schema: { body: checkoutRequestSchema } };
  app.withTypeProvider<ZodTypeProvider>().post('/api/checkout', route, async (request, reply) => {
    // Priced from the catalogue this instance serves now (a product paused a moment ago is refused).
    const parsed = parseCheckoutRequest(request.body, opts.catalogue.current());
    if (!parsed.ok) return reply.code(400).send({ ok: false, error: parsed.error });
    const outcome = await opts.orders.createCheckout(parsed.value);
    if (!outcome.ok) return reply.code(outcome.httpStatus).send({ ok: false, error: outcome.error });
    addToRequestLine(reply, outcome.logged);
    app.metrics.checkoutCreated();
    return reply.code(200).send({ ok: true, url: outcome.url, sessionId: outcome.sessionId });
  });
}
