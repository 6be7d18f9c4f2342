/** POST /api/checkout: the browser's cart (ids, quantities, gift wrap, zone, e-mail) -> a hosted checkout URL. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutRequestSchema, checkoutResponseSchema } from '../../domain/checkout/checkout';
import { parseCheckoutRequest } from '../../domain/checkout/checkout-request';
import { DEFAULT_SIZE, type SizeCode } from '../../domain/config';
import type { CatalogueSource } from '../catalogue';
import { refuse } from '../lib/refusal';
import { addToRequestLine } from '../ops/logging';
import type { CheckoutService } from './checkout-service';

export async function checkoutRoutes(
  app: FastifyInstance,
  opts: {
    checkout: CheckoutService;
    catalogue: CatalogueSource;
    /** The shopper ticked the one reminder: stores their consent with the checkout before answering. */
    onReminderRequested?: (request: {
      orderId: string;
      sessionId: string;
      email: string;
      lines: readonly { id: string; size: SizeCode; quantity: number }[];
      at: Date;
    }) => Promise<void>;
  },
): Promise<void> {
  // Content type, body limit and rate limit: the route policy (security/route-policy.ts).
  const route = { schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } } };
  app.withTypeProvider<ZodTypeProvider>().post('/api/checkout', route, async (request, reply) => {
    // Priced from the catalogue this instance serves now (a product paused a moment ago is refused).
    const parsed = parseCheckoutRequest(request.body, opts.catalogue.current());
    if (!parsed.ok) return refuse('invalid', parsed.error);
    const outcome = await opts.checkout.createCheckout(parsed.value);
    addToRequestLine(reply, outcome.logged);
    if (parsed.value.remindMe) {
      await opts.onReminderRequested?.({
        orderId: outcome.orderId,
        sessionId: outcome.sessionId,
        email: parsed.value.email,
        lines: parsed.value.lines.map((l) => ({
          id: l.id,
          size: l.size ?? DEFAULT_SIZE,
          quantity: l.quantity,
        })),
        at: new Date(),
      });
    }
    app.metrics.checkoutCreated();
    return reply.code(200).send({
      ok: true,
      url: outcome.url,
      sessionId: outcome.sessionId,
      total: outcome.total,
      ...(outcome.vatNotice ? { vatNotice: outcome.vatNotice } : {}),
    });
  });
}
