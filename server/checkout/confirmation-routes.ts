/** POST /api/orders/{sessionId}/confirm: the confirmation page asks the server to verify the payment. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmResponseSchema } from '../../domain/checkout/checkout';
import { refuse } from '../lib/refusal';
import { KIB } from '../security/route-policy';
import type { CheckoutService } from './checkout-service';

function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  return typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;
}

export async function confirmationRoutes(
  app: FastifyInstance,
  opts: { checkout: CheckoutService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post<{ Params: { sessionId: string } }>(
    '/api/orders/:sessionId/confirm',
    {
      schema: { response: { 200: confirmResponseSchema } },
      config: {
        policy: { limit: 'confirm', body: 'json-or-empty', sameOrigin: true, maxBodyBytes: 1 * KIB },
      },
    },
    async (request, reply) => {
      if (!isEmptyBody(request.body)) refuse('invalid', 'This request takes no fields; send {} or no body');
      const outcome = await opts.checkout.confirm(request.params.sessionId);
      // A session the shop never opened: `{ status: 'unknown' }`, which the confirmation page shows.
      return reply.code(outcome.found ? 200 : 404).send(outcome.body);
    },
  );
}
