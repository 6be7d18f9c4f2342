/**
 * POST /api/webhooks/stripe: Stripe's event deliveries. The raw body is verified against the signature
 * (STRIPE_WEBHOOK_SECRET) before anything is read; a bad or missing signature is a 400 and changes nothing.
 * Events run the same idempotent confirmation step as the confirmation page, so duplicates and
 * out-of-order deliveries are harmless.
 */
import type { FastifyInstance } from 'fastify';
import type { FulfilmentService } from '../fulfilment';
import { refuse } from '../lib/refusal';
import { WebhookSignatureError } from '../payments';
import { KIB } from '../security/route-policy';
import { OPS_MARKS, type SettingsStore } from '../settings';
import type { CheckoutService } from './checkout-service';

export async function webhookRoutes(
  app: FastifyInstance,
  opts: { checkout: CheckoutService; desk: FulfilmentService; settings?: SettingsStore },
): Promise<void> {
  // The signature covers the exact bytes: keep the body as a Buffer in this scope only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    done(null, body);
  });

  // Stripe calls from its own servers: no Origin to check and no client worth limiting; the signature
  // over the raw body is the authentication. A checkout.session event with line items stays well under.
  const policy = { limit: null, body: 'signed', sameOrigin: false, maxBodyBytes: 512 * KIB } as const;
  app.post('/api/webhooks/stripe', { config: { policy } }, async (request, reply) => {
    const parse = opts.checkout.provider.parseWebhook;
    if (!parse) {
      app.metrics.webhookEvent('unknown', 'not-configured');
      return refuse('invalid', 'Stripe webhooks are not configured on this shop');
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      app.metrics.webhookEvent('unknown', 'bad-signature');
      return refuse('invalid', 'Missing Stripe-Signature header or body');
    }
    let event: ReturnType<typeof parse>;
    try {
      event = parse(request.body, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        request.log.warn({ err: err.message }, 'webhook: signature verification failed');
        app.metrics.webhookEvent('unknown', 'bad-signature');
        return refuse('invalid', 'Webhook signature verification failed');
      }
      throw err;
    }
    // The desk's Today shows when the provider was last heard from; a failed note never fails the event.
    await opts.settings?.mark(OPS_MARKS.lastPaymentEvent).catch((err: unknown) => {
      request.log.warn({ err }, 'webhook: could not note the time of the event');
    });
    // Charge events (refunds made in the dashboard, disputes) belong to the desk (docs/product/orders.md §10.5).
    const handled =
      event.charge || event.dispute
        ? await opts.desk.handlePaymentEvent(event)
        : await opts.checkout.handleWebhook(event);
    app.metrics.webhookEvent(event.type, handled ? 'handled' : 'retry');
    if (!handled) {
      // Stripe retries a non-2xx delivery later, by which time the provider is likely reachable again.
      return reply.code(503).send({ ok: false, error: 'Could not process the event now; please retry' });
    }
    return reply.code(200).send({ ok: true, received: event.id });
  });
}
