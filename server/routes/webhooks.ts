/**
 * POST /api/webhooks/stripe: Stripe's event deliveries. The raw body is verified against the signature
 * (STRIPE_WEBHOOK_SECRET) before anything is read; a bad or missing signature is a 400 and changes nothing.
 * Events run the same idempotent confirmation step as the confirmation page, so duplicates and
 * out-of-order deliveries are harmless.
 */
import type { FastifyInstance } from 'fastify';
import type { OrderService } from '../orders/order-service';
import { WebhookSignatureError } from '../payments/provider';

/** Stripe's events are small; a checkout.session object with line items stays well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export async function webhookRoutes(app: FastifyInstance, opts: { orders: OrderService }): Promise<void> {
  // The signature covers the exact bytes: keep the body as a Buffer in this scope only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => {
      done(null, body);
    },
  );

  app.post('/api/webhooks/stripe', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const parse = opts.orders.provider.parseWebhook;
    if (!parse) {
      return reply.code(400).send({ ok: false, error: 'Stripe webhooks are not configured on this shop' });
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      return reply.code(400).send({ ok: false, error: 'Missing Stripe-Signature header or body' });
    }
    let event: ReturnType<typeof parse>;
    try {
      event = parse(request.body, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        request.log.warn({ err: err.message }, 'webhook: signature verification failed');
        return reply.code(400).send({ ok: false, error: 'Webhook signature verification failed' });
      }
      throw err;
    }
    const handled = await opts.orders.handleWebhook(event);
    if (!handled) {
      // Stripe retries a non-2xx delivery later, by which time the provider is likely reachable again.
      return reply.code(503).send({ ok: false, error: 'Could not process the event now; please retry' });
    }
    return reply.code(200).send({ ok: true, received: event.id });
  });
}
